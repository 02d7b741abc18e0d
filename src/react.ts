/**
 * The React entry (`auth-elements/react`): everything the package entry exports, built with `react`
 * and `react-dom` as bare imports (peer dependencies, so a React app ships one React), plus a small
 * wrapper component per tag for React 18, which writes unknown props as attributes: the wrappers set
 * `config`, `styles`, `strings`, `callbacks`, `client` (and the reset token) as properties and map
 * `onAuthEvent` / `onAuthError` to the DOM events. Importing it types the tags in JSX
 * (`React.JSX.IntrinsicElements`, @types/react 18.3 and 19) for React 19, which sets properties itself.
 * @example
 * import { AuthLogin, createClient } from 'auth-elements/react';
 * const client = createClient('public-token-test-...', { apiBaseUrl: 'http://localhost:8787' });
 * <AuthLogin client={client} config={{ products: ['otp'], otpOptions: { methods: ['email'] } }}
 *   onAuthEvent={(e) => console.log(e.detail.type)} />
 */
import {
  createElement,
  type DetailedHTMLProps,
  type ForwardRefExoticComponent,
  forwardRef,
  type HTMLAttributes,
  type Ref,
  type RefAttributes,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react';
import type { AuthElement } from '../elements/element.ts';
import type { AuthIDPConsentElement } from '../elements/idp-consent.tsx';
import type { AuthLoginElement } from '../elements/login.tsx';
import type { AuthPasskeyRegistrationElement } from '../elements/passkey-registration.tsx';
import { defineIdentityProvider, defineLogin, definePasskeyRegistration, defineResetPassword, defineUserProfile } from '../elements/registry.ts';
import type { AuthUserProfileElement } from '../elements/user-profile.tsx';
import type { AuthResetPasswordElement } from '../elements/reset-password.tsx';
import type { AuthErrorDetail, AuthEvent } from '../react-internals/events.ts';
import type { AuthIDPConsentProps, AuthLoginProps, AuthPasskeyRegistrationProps, AuthResetPasswordProps, AuthUserProfileProps } from './props.ts';

export * from './index.ts';
export type {
  AuthElementProps,
  AuthIDPConsentProps,
  AuthLoginProps,
  AuthPasskeyRegistrationProps,
  AuthResetPasswordProps,
  AuthUserProfileProps,
} from './props.ts';

// useLayoutEffect warns when rendered on a server; properties only matter in the browser anyway.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** The event props every wrapper takes. */
export interface AuthEventProps {
  /** Receives each `auth-event` (detail: {type, data}). */
  onAuthEvent?: (event: CustomEvent<AuthEvent>) => void;
  /** Receives each `auth-error` (detail: {message, name, code, ...}). */
  onAuthError?: (event: CustomEvent<AuthErrorDetail>) => void;
}

/** The props of a wrapper: the element's properties, the event props, and the usual HTML attributes. */
export type AuthWrapperProps<P> = P & AuthEventProps & Omit<HTMLAttributes<HTMLElement>, keyof P | 'onError'>;

/** A wrapper component: its props, and a ref to the element. */
export type AuthWrapper<E, P> = ForwardRefExoticComponent<AuthWrapperProps<P> & RefAttributes<E>>;

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref && typeof ref === 'object') (ref as { current: T | null }).current = value;
}

/** Builds the wrapper of `tag`: `properties` go onto the element as properties, the rest to React as usual. */
function createWrapper<E extends AuthElement<unknown>, P extends object>(
  tag: string,
  define: () => void,
  properties: readonly string[],
  displayName: string,
): AuthWrapper<E, P> {
  // Loosely typed inside (generic props defeat the checker); the return type is the public contract.
  const Wrapper = forwardRef<E, Record<string, unknown>>(function AuthWrapper(props, forwarded) {
    const { onAuthEvent, onAuthError, ...rest } = props as AuthEventProps & Record<string, unknown>;
    const domProps: Record<string, unknown> = {};
    const values = new Map<string, unknown>();
    for (const [key, value] of Object.entries(rest)) {
      if (properties.includes(key)) values.set(key, value);
      // React 18 writes `className` on a custom element as an attribute named "className".
      else if (key === 'className') domProps['class'] = value;
      else domProps[key] = value;
    }
    const node = useRef<E | null>(null);
    const handlers = useRef<AuthEventProps>({});
    handlers.current = { onAuthEvent, onAuthError };
    const lastSet = useRef(new Map<string, unknown>());

    // Define before the first property set (an undefined tag's properties would sit on the instance
    // until upgrade, which the element also handles).
    useBrowserLayoutEffect(() => {
      define();
    }, []);
    // Properties after every render, only when the value changed (objects keep their identity).
    useBrowserLayoutEffect(() => {
      const el = node.current as unknown as Record<string, unknown> | null;
      if (!el) return;
      for (const name of properties) {
        const value = values.get(name);
        if (lastSet.current.has(name) ? lastSet.current.get(name) === value : value === undefined) continue;
        lastSet.current.set(name, value);
        el[name] = value;
      }
    });
    // The DOM events, through refs: a new handler each render does not re-subscribe.
    useBrowserLayoutEffect(() => {
      const el = node.current;
      if (!el) return;
      const onEvent = (e: CustomEvent<AuthEvent>) => handlers.current.onAuthEvent?.(e);
      const onError = (e: CustomEvent<AuthErrorDetail>) => handlers.current.onAuthError?.(e);
      el.addEventListener('auth-event', onEvent);
      el.addEventListener('auth-error', onError);
      return () => {
        el.removeEventListener('auth-event', onEvent);
        el.removeEventListener('auth-error', onError);
      };
    }, []);

    return createElement(tag, {
      ...domProps,
      ref: (el: E | null) => {
        node.current = el;
        setRef(forwarded, el);
      },
    });
  });
  Wrapper.displayName = displayName;
  return Wrapper as unknown as AuthWrapper<E, P>;
}

const COMMON = ['config', 'styles', 'strings', 'callbacks', 'client'] as const;

/** `<auth-login>` for React 18 (works in 19 too): properties set as properties, events as props. */
export const AuthLogin: AuthWrapper<AuthLoginElement, AuthLoginProps> = createWrapper('auth-login', defineLogin, COMMON, 'AuthLogin');

/** `<auth-reset-password>` for React 18 (works in 19 too). */
export const AuthResetPassword: AuthWrapper<AuthResetPasswordElement, AuthResetPasswordProps> = createWrapper(
  'auth-reset-password',
  defineResetPassword,
  [...COMMON, 'passwordResetToken', 'passwordResetTokenType'],
  'AuthResetPassword',
);

/** `<auth-passkey-registration>` for React 18 (works in 19 too). */
export const AuthPasskeyRegistration: AuthWrapper<AuthPasskeyRegistrationElement, AuthPasskeyRegistrationProps> = createWrapper(
  'auth-passkey-registration',
  definePasskeyRegistration,
  COMMON,
  'AuthPasskeyRegistration',
);

/** `<auth-idp-consent>` for React 18 (works in 19 too). */
export const AuthIDPConsent: AuthWrapper<AuthIDPConsentElement, AuthIDPConsentProps> = createWrapper(
  'auth-idp-consent',
  defineIdentityProvider,
  [...COMMON, 'getIDPConsentManifest', 'authTokenParams', 'navigate'],
  'AuthIDPConsent',
);

/** `<auth-user-profile>` for React 18 (works in 19 too). */
export const AuthUserProfile: AuthWrapper<AuthUserProfileElement, AuthUserProfileProps> = createWrapper(
  'auth-user-profile',
  defineUserProfile,
  COMMON,
  'AuthUserProfile',
);

/** JSX props of a tag used directly (React 19 sets them as properties once the tag is defined). */
export type AuthElementJSXProps<E, P> = DetailedHTMLProps<HTMLAttributes<E>, E> &
  P & {
    /** React 18 needs `class` on a custom element (`className` works from React 19). */
    class?: string;
    /** React 19: listens to `auth-event`. */
    'onauth-event'?: (event: CustomEvent<AuthEvent>) => void;
    /** React 19: listens to `auth-error`. */
    'onauth-error'?: (event: CustomEvent<AuthErrorDetail>) => void;
  };

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'auth-login': AuthElementJSXProps<AuthLoginElement, AuthLoginProps>;
      'auth-reset-password': AuthElementJSXProps<AuthResetPasswordElement, AuthResetPasswordProps>;
      'auth-passkey-registration': AuthElementJSXProps<AuthPasskeyRegistrationElement, AuthPasskeyRegistrationProps>;
      'auth-idp-consent': AuthElementJSXProps<AuthIDPConsentElement, AuthIDPConsentProps>;
      'auth-user-profile': AuthElementJSXProps<AuthUserProfileElement, AuthUserProfileProps>;
    }
  }
}
