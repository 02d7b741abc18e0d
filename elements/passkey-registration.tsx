/**
 * `<auth-passkey-registration>`: lets a signed-in user create, rename and delete passkeys (SPEC §2
 * "Passkey registration"). It is the login widget's shell started on PasskeyRegistrationStart; the
 * passkey screens and the browser WebAuthn library load lazily when it renders. Without an
 * authenticated user it shows 'Error: Cannot use PasskeyRegistration component without active user
 * authenticated.'. Importing this module defines a class and nothing else; `define.ts` registers the tag.
 */
import r2wc from '@r2wc/react-to-web-component';
import { useCallback, useState } from 'react';
import type { AuthClient } from '../sdk-core/index.ts';
import type { LoginConfig } from '../react-internals/config.ts';
import { errorDetail } from '../react-internals/errors.ts';
import type { AuthCallbacks, AuthErrorDetail, AuthEvent } from '../react-internals/events.ts';
import { LoginWidget } from '../react-internals/login/LoginWidget.tsx';
import { initialWidgetState, type Screen } from '../react-internals/login/state.ts';
import { resolveStrings, type StringOverrides } from '../react-internals/strings.ts';
import type { StyleConfig } from '../react-internals/theme.ts';
import { AUTH_ERROR, forwardError, forwardEvent } from './bridge.ts';
import { type ExtrasHost, hostOf, type R2wcElementConstructor, RenderRoot, upgradeProperties, useClient, useExtras } from './host.tsx';

/** Config of `<auth-passkey-registration>`: the login config's client and session settings apply. */
export type PasskeyRegistrationConfig = Pick<LoginConfig, 'publicToken' | 'apiBaseUrl' | 'sessionOptions' | 'enableShadowDOM'>;

/** Props r2wc hands the React side: the JSON props plus the render container. */
interface PasskeyHostProps {
  config?: PasskeyRegistrationConfig;
  styles?: StyleConfig;
  strings?: StringOverrides;
  container?: HTMLElement;
}

/** Glue between the element and LoginWidget, as for `<auth-login>`, starting on PasskeyRegistrationStart. */
function PasskeyRegistrationHost(props: PasskeyHostProps) {
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
  const [initialState] = useState(() => initialWidgetState('PasskeyRegistrationStart'));
  const shadowRoot = props.container instanceof ShadowRoot ? props.container : null;
  return (
    <RenderRoot host={host} shadowRoot={shadowRoot} shadow={props.config?.enableShadowDOM !== false} styles={props.styles}>
      {pending ? null : (
        <LoginWidget
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
const JS_PROPS = ['callbacks', 'client'] as const;

const R2wcPasskeyRegistration = r2wc(PasskeyRegistrationHost, {
  shadow: 'open',
  props: { config: 'json', styles: 'json', strings: 'json' },
}) as R2wcElementConstructor;

/**
 * The `<auth-passkey-registration>` element.
 * Properties: `config` ({publicToken, apiBaseUrl, sessionOptions, enableShadowDOM}; also a JSON
 * attribute), `styles`, `strings`, `callbacks` ({onEvent, onError}) and `client` (JS only; share the
 * page's signed-in client). Events: `auth-event` (PASSKEY_REGISTER, PASSKEY_SKIP, PASSKEY_DONE) and
 * `auth-error`, bubbling and composed. Attribute `data-screen` mirrors the current screen.
 * @example
 * const el = document.createElement('auth-passkey-registration');
 * el.client = client; // signed in
 * el.addEventListener('auth-event', (e) => e.detail.type === 'PASSKEY_DONE' && location.assign('/'));
 * document.body.append(el);
 */
export class AuthPasskeyRegistrationElement extends R2wcPasskeyRegistration implements ExtrasHost {
  /** Widget config; set as an object or as a JSON `config` attribute. */
  declare config: PasskeyRegistrationConfig | undefined;
  /** Theme (SPEC §3); validated per property. */
  declare styles: StyleConfig | undefined;
  /** Partial strings table overriding the English defaults. */
  declare strings: StringOverrides | undefined;

  #callbacks: AuthCallbacks | undefined;
  #client: AuthClient | undefined;
  #version = 0;
  #listeners = new Set<() => void>();

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
    upgradeProperties(this, [...JSON_PROPS, ...JS_PROPS]);
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
