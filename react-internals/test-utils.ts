/**
 * Helpers for the widget browser tests (imported by *.test.ts(x) only): the one widget fixture
 * (`widgetFixture`: a LoginWidget against the run's reference server), a bare widget context for
 * rendering one component and the fake clock; `waitFor` and `typeInto` are re-exported from
 * test/env.ts.
 */
import { createElement, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { type AuthClient, createClient } from '../sdk-core/index.ts';
import { testEnv } from '../test/env.ts';

// The one polling helper and typing live with the other browser-test support (test/env.ts), the one
// fake clock with the time helpers every test layer shares (test/time.ts).
export { typeInto, waitFor } from '../test/env.ts';
import { FakeClock } from '../test/time.ts';
export { FakeClock };
import { resolveLoginConfig } from './config.ts';
import type { WidgetContextValue } from './context.ts';
import { errorText } from './errors.ts';
import type { AuthErrorDetail, AuthEvent } from './events.ts';
import { LoginWidget, type LoginWidgetProps } from './login/LoginWidget.tsx';
import { initialWidgetState } from './login/state.ts';
import { resolveStrings } from './strings.ts';

/** What {@link widgetFixture} gives each test. */
export interface WidgetFixture {
  /** The element the widget renders into (in the document). */
  readonly host: HTMLDivElement;
  /** This test's client: the run's reference server, signed out, refresh off; destroyed after the test. */
  readonly client: AuthClient;
  /** Every event the widget reported, in order. */
  readonly events: AuthEvent[];
  /** Every error the widget reported, in order. */
  readonly errors: AuthErrorDetail[];
  /** This test's fake clock (the widget gets it only with `fakeClock: true` or `clock` in `render`). */
  readonly clock: FakeClock;
  /** Renders (or re-renders) the widget: the fixture's props, then `extra`; `strict` wraps it in StrictMode. */
  render(extra?: Partial<LoginWidgetProps>, strict?: boolean): void;
  /** Unmounts the widget now, as a host removing it would (a later `render` mounts it afresh). */
  unmount(): void;
  /** The first element under the widget matching `selector`. */
  q<T extends Element = Element>(selector: string): T | null;
  /** Every element under the widget matching `selector`. */
  qa<T extends Element = Element>(selector: string): T[];
  /** The widget's current screen (its `data-screen`). */
  screen(): string | null | undefined;
}

/** Options of {@link widgetFixture}. */
export interface WidgetFixtureOptions {
  /** The widget's config (a function: made afresh for each render, e.g. from the test's state). */
  config?: unknown;
  /** Give the widget the fixture's FakeClock (default: the real clock). */
  fakeClock?: boolean;
}

/**
 * The one way a browser test mounts a login widget: call it in a `describe`; it registers mocha
 * hooks that give each test a fresh client, host element, React root, event and error lists and
 * clock, and afterwards unmount the widget, sign the client out (its session cookies would outlive
 * the test) and destroy it. Nothing renders until the test calls `render`.
 */
export function widgetFixture(options: WidgetFixtureOptions = {}): WidgetFixture {
  let current: { host: HTMLDivElement; root: Root | null; client: AuthClient; events: AuthEvent[]; errors: AuthErrorDetail[]; clock: FakeClock } | null = null;
  const now = () => {
    if (!current) throw new Error('widgetFixture: used outside a test');
    return current;
  };
  beforeEach(async () => {
    const { apiBaseUrl, publicToken } = await testEnv();
    const host = document.createElement('div');
    document.body.append(host);
    current = {
      host,
      root: null,
      client: createClient(publicToken, { apiBaseUrl, disableSessionRefresh: true }),
      events: [],
      errors: [],
      clock: new FakeClock(),
    };
  });
  afterEach(async () => {
    const c = now();
    current = null;
    c.root?.unmount();
    c.host.remove();
    if (c.client.session.getSync()) await c.client.session.revoke({ forceClear: true }).catch(() => undefined);
    c.client.destroy();
  });
  return {
    get host() {
      return now().host;
    },
    get client() {
      return now().client;
    },
    get events() {
      return now().events;
    },
    get errors() {
      return now().errors;
    },
    get clock() {
      return now().clock;
    },
    render(extra = {}, strict = false) {
      const c = now();
      const props: LoginWidgetProps = {
        client: c.client,
        config: options.config,
        onEvent: (e) => c.events.push(e),
        onError: (e) => c.errors.push(e),
        ...(options.fakeClock ? { clock: c.clock } : {}),
        ...extra,
      };
      const widget = createElement(LoginWidget, props);
      c.root ??= createRoot(c.host);
      c.root.render(strict ? createElement(StrictMode, null, widget) : widget);
    },
    unmount() {
      const c = now();
      c.root?.unmount();
      c.root = null;
    },
    q: <T extends Element = Element>(selector: string) => now().host.querySelector<T>(selector),
    qa: <T extends Element = Element>(selector: string) => [...now().host.querySelectorAll<T>(selector)],
    screen: () => now().host.querySelector('.ae-root')?.getAttribute('data-screen'),
  };
}

/**
 * A widget context for rendering one component outside the shell (a form with an injected parser,
 * say): the resolved `config`, the default strings, a fresh state; `overrides` replace any field.
 */
export function widgetContext(client: AuthClient, config: unknown, overrides: Partial<WidgetContextValue> = {}): WidgetContextValue {
  const strings = resolveStrings();
  return {
    client,
    config: resolveLoginConfig(config),
    styles: undefined,
    strings,
    clock: new FakeClock(),
    state: initialWidgetState(),
    dispatch: () => undefined,
    bootstrap: null,
    emit: () => undefined,
    reportError: (e) => errorText(e, strings),
    toast: () => undefined,
    completeFlow: () => undefined,
    memo: (_key, make) => make(),
    ...overrides,
  };
}
