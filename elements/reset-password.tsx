/**
 * `<auth-reset-password>`: the page a password-reset email links to (SPEC §2 "Reset password").
 * It is the login widget started on PasswordResetForm with the link's token; the link's
 * stytch_token_type=login signs the user in (at once when the link was requested in this browser,
 * after one click otherwise), any other type asks for a new password.
 * Importing this module defines a class and nothing else; `define.ts` registers the tag.
 */
import r2wc from '@r2wc/react-to-web-component';
import { useCallback, useMemo } from 'react';
import type { AuthClient } from '../sdk-core/index.ts';
import type { LoginConfig } from '../react-internals/config.ts';
import { errorDetail } from '../react-internals/errors.ts';
import type { AuthCallbacks, AuthErrorDetail, AuthEvent } from '../react-internals/events.ts';
import { LoginWidget } from '../react-internals/login/LoginWidget.tsx';
import { initialWidgetState, type Screen, type WidgetState } from '../react-internals/login/state.ts';
import { resolveStrings, type StringOverrides } from '../react-internals/strings.ts';
import type { StyleConfig } from '../react-internals/theme.ts';
import { AUTH_ERROR, forwardError, forwardEvent } from './bridge.ts';
import { type ExtrasHost, hostOf, type R2wcElementConstructor, RenderRoot, upgradeProperties, useClient, useExtras } from './host.tsx';

/** Props r2wc hands the React side: the JSON and string props plus the render container. */
interface ResetHostProps {
  config?: LoginConfig;
  styles?: StyleConfig;
  strings?: StringOverrides;
  passwordResetToken?: string;
  passwordResetTokenType?: string;
  container?: HTMLElement;
}

/** A reset link's token and its type (`stytch_token_type`), '' when absent. */
export interface ResetLink {
  token: string;
  tokenType: string;
}

/** The link in the page's address now. */
function linkInAddress(): ResetLink {
  const q = new URLSearchParams(globalThis.location?.search ?? '');
  return { token: q.get('token') ?? '', tokenType: q.get('stytch_token_type') ?? '' };
}

/**
 * Reads the link from the page's address and takes token and type out of the address bar: the
 * token is a credential (history, screenshots, a Referer to anything the page loads).
 */
function takeLinkFromAddress(): ResetLink {
  const link = linkInAddress();
  const loc = globalThis.location;
  if (link.token && loc && globalThis.history?.replaceState) {
    const url = new URL(loc.href);
    url.searchParams.delete('token');
    url.searchParams.delete('stytch_token_type');
    globalThis.history.replaceState(globalThis.history.state, '', url.href);
  }
  return link;
}

/** The starting state: PasswordResetForm with the token preloaded (SPEC §2). */
export function resetInitialState(token: string, tokenType: string): WidgetState {
  return { ...initialWidgetState('PasswordResetForm'), resetPasswordState: { token, tokenType } };
}

/** Glue between the element and LoginWidget, as for `<auth-login>`, plus the token. */
function ResetHost(props: ResetHostProps) {
  const host = hostOf(props.container);
  const { client: given } = useExtras(host);
  const onEvent = useCallback((e: AuthEvent) => forwardEvent(host, host.callbacks, e), [host]);
  const onError = useCallback((e: AuthErrorDetail) => forwardError(host, host.callbacks, e), [host]);
  const onClientFailure = useCallback(
    (e: unknown) => forwardError(host, host.callbacks, errorDetail(e, resolveStrings(host.strings))),
    [host],
  );
  const onScreenChange = useCallback((screen: Screen) => host.setAttribute('data-screen', screen), [host]);
  const { client, pending } = useClient(given, props.config, onClientFailure);
  // SPEC §2: the token is preloaded (property or attribute), else read with its type from the
  // emailed link's query (`token`, `stytch_token_type`), taken when the element connected.
  const fromAddress = (host as ExtrasHost & { readonly addressLink?: ResetLink }).addressLink ?? linkInAddress();
  const token = props.passwordResetToken || fromAddress.token;
  const tokenType = props.passwordResetTokenType || fromAddress.tokenType;
  const initialState = useMemo(() => resetInitialState(token, tokenType), [token, tokenType]);
  const shadowRoot = props.container instanceof ShadowRoot ? props.container : null;
  return (
    <RenderRoot host={host} shadowRoot={shadowRoot} shadow={props.config?.enableShadowDOM !== false} styles={props.styles}>
      {pending ? null : (
        <LoginWidget
          // A new token is a new reset: start over rather than carry the old one's state.
          key={`${tokenType}:${token}`}
          client={client}
          config={props.config}
          styles={props.styles}
          strings={props.strings}
          onEvent={onEvent}
          onError={onError}
          onScreenChange={onScreenChange}
          initialState={initialState}
        />
      )}
    </RenderRoot>
  );
}

const JSON_PROPS = ['config', 'styles', 'strings'] as const;
const STRING_PROPS = ['passwordResetToken', 'passwordResetTokenType'] as const;
const JS_PROPS = ['callbacks', 'client'] as const;

const R2wcReset = r2wc(ResetHost, {
  shadow: 'open',
  props: { config: 'json', styles: 'json', strings: 'json', passwordResetToken: 'string', passwordResetTokenType: 'string' },
}) as R2wcElementConstructor;

/**
 * The `<auth-reset-password>` element.
 * Properties: `config`, `styles`, `strings` (as `<auth-login>`; config.passwordOptions and
 * sessionOptions apply), `passwordResetToken` (attribute `password-reset-token`; default: the page's
 * `token` query parameter, which is then removed from the address bar), `passwordResetTokenType`
 * (default: `stytch_token_type` of the query); with `stytch_token_type=login` the user is signed
 * in at once when the link was requested in this browser (PKCE verifier), else after one click;
 * `callbacks` and `client` (JS only). Events: `auth-event`, `auth-error`. Attribute `data-screen`.
 * @example
 * const el = document.createElement('auth-reset-password');
 * el.config = { publicToken: 'public-token-test-...', products: ['passwords'] };
 * el.passwordResetToken = new URLSearchParams(location.search).get('token') ?? '';
 * el.addEventListener('auth-event', (e) => e.detail.type === 'authenticate-flow-complete' && location.assign('/'));
 * document.body.append(el);
 */
export class AuthResetPasswordElement extends R2wcReset implements ExtrasHost {
  /** Widget config (SPEC §3); set as an object or as a JSON `config` attribute. */
  declare config: LoginConfig | undefined;
  /** Theme (SPEC §3); validated per property. */
  declare styles: StyleConfig | undefined;
  /** Partial strings table overriding the English defaults. */
  declare strings: StringOverrides | undefined;
  /** The reset email's token; when empty the page's `token` query parameter is used. */
  declare passwordResetToken: string | undefined;
  /** The link's token type; when empty the page's `stytch_token_type` query parameter is used. */
  declare passwordResetTokenType: string | undefined;

  #callbacks: AuthCallbacks | undefined;
  #client: AuthClient | undefined;
  #version = 0;
  #listeners = new Set<() => void>();
  #addressLink: ResetLink | undefined;

  /**
   * The link read from the page's address when the element first connected without a
   * `passwordResetToken` (token and type are then removed from the address bar); else the address now.
   */
  get addressLink(): ResetLink {
    return this.#addressLink ?? linkInAddress();
  }

  /** Host callbacks {onEvent, onError}; a JS property, never an attribute. */
  get callbacks(): AuthCallbacks | undefined {
    return this.#callbacks;
  }
  set callbacks(value: AuthCallbacks | undefined) {
    this.#callbacks = value ?? undefined;
    this.#changed();
  }

  /** A client made by createClient; when unset the element creates one from config.publicToken. */
  get client(): AuthClient | undefined {
    return this.#client;
  }
  set client(value: AuthClient | undefined) {
    this.#client = value ?? undefined;
    this.#changed();
  }

  /** Version of callbacks/client, for React's useSyncExternalStore. */
  get extrasVersion(): number {
    return this.#version;
  }

  /** Subscribes to callbacks/client changes (used by the React side). */
  subscribeExtras(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    this.#version++;
    for (const l of this.#listeners) l();
  }

  override connectedCallback(): void {
    // Properties set before the tag was defined sit on the instance and hide the accessors.
    upgradeProperties(this, [...JSON_PROPS, ...STRING_PROPS, ...JS_PROPS]);
    // Without a preloaded token the link in the address is the token: keep it, clear the address.
    if (this.#addressLink === undefined && !this.passwordResetToken) this.#addressLink = takeLinkFromAddress();
    super.connectedCallback();
  }

  override attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
    try {
      super.attributeChangedCallback(name, oldValue, newValue);
    } catch (e) {
      // A malformed JSON attribute must not leave the element half-updated silently.
      this.dispatchEvent(
        new CustomEvent(AUTH_ERROR, {
          detail: errorDetail(e, resolveStrings(this.strings)),
          bubbles: true,
          composed: true,
        }),
      );
    }
  }
}
