/** What every screen of a widget needs, passed down once instead of through each screen's props. */
import { createContext, useContext } from 'react';
import type { AuthClient, BootstrapData } from '../sdk-core/index.ts';
import type { WidgetClock } from './clock.ts';
import type { ResolvedLoginConfig } from './config.ts';
import type { AuthEvent } from './events.ts';
import type { WidgetAction, WidgetState } from './login/state.ts';
import type { Strings } from './strings.ts';

/** Kinds of toast (docs/reference/constants.md#widget durations: success 2000 ms, error 4000 ms). */
export type ToastKind = 'success' | 'error';

/** The shared widget context. */
export interface WidgetContextValue {
  client: AuthClient;
  config: ResolvedLoginConfig;
  /** The raw `styles` prop; readers validate the parts they use. */
  styles: unknown;
  strings: Strings;
  clock: WidgetClock;
  state: WidgetState;
  dispatch: (action: WidgetAction) => void;
  /** Project settings; null until the bootstrap call has answered. */
  bootstrap: BootstrapData | null;
  /** Sends an event to the host. */
  emit: (event: AuthEvent) => void;
  /** Sends an error to the host (onError) and returns the text to show the user. */
  reportError: (error: unknown) => string;
  /** Shows a toast. */
  toast: (kind: ToastKind, text: string) => void;
  /** Fires authenticate-flow-complete for completed flow number `flow`, at most once per flow. */
  completeFlow: (flow: number) => void;
  /**
   * The value `make` returns, made once per widget and client under `key`: for facts that hold for
   * the page's life and cost a call to learn (e.g. the browser's passkey autofill support), so a
   * screen mounting again does not ask again. Keys are prefixed with the method's name.
   */
  memo: <T>(key: string, make: () => T) => T;
  /**
   * The element's own properties beyond the common five (definitions.ts `WidgetStart.options`),
   * e.g. `<auth-idp-consent>`'s manifest generator: read by that element's screens only.
   */
  elementOptions?: Readonly<Record<string, unknown>>;
}

/** What a method's public start function needs (a send that moves the widget on, e.g. `startEmailOtp`). */
export type StartContext = Pick<WidgetContextValue, 'client' | 'config' | 'dispatch' | 'emit'>;

/** React context carrying WidgetContextValue; provided by each widget's shell. */
export const WidgetContext = createContext<WidgetContextValue | null>(null);

/** The current widget context; throws when used outside a widget shell (a programming error). */
export function useWidget(): WidgetContextValue {
  const ctx = useContext(WidgetContext);
  if (!ctx) throw new Error('useWidget() outside a widget shell');
  return ctx;
}
