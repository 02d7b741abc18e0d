/**
 * Svelte 5 template typings (`auth-elements/svelte`, types only): the tags in `svelte/elements`, so
 * svelte-check types `config={...}` (Svelte sets it as a property once the tag is defined) and
 * `onauth-event={...}`.
 * @example
 * // src/app.d.ts
 * import type {} from 'auth-elements/svelte';
 */
import type { HTMLAttributes } from 'svelte/elements';
import type { AuthIDPConsentElement } from '../elements/idp-consent.tsx';
import type { AuthLoginElement } from '../elements/login.tsx';
import type { AuthPasskeyRegistrationElement } from '../elements/passkey-registration.tsx';
import type { AuthResetPasswordElement } from '../elements/reset-password.tsx';
import type { AuthUserProfileElement } from '../elements/user-profile.tsx';
import type { AuthErrorDetail, AuthEvent } from '../react-internals/events.ts';
import type { AuthIDPConsentProps, AuthLoginProps, AuthPasskeyRegistrationProps, AuthResetPasswordProps, AuthUserProfileProps } from './props.ts';

/** The event attributes Svelte 5 listens with. */
export interface AuthSvelteEvents {
  'onauth-event'?: (event: CustomEvent<AuthEvent>) => void;
  'onauth-error'?: (event: CustomEvent<AuthErrorDetail>) => void;
}

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'auth-login': Omit<HTMLAttributes<AuthLoginElement>, keyof AuthLoginProps> & AuthLoginProps & AuthSvelteEvents;
    'auth-reset-password': Omit<HTMLAttributes<AuthResetPasswordElement>, keyof AuthResetPasswordProps> & AuthResetPasswordProps & AuthSvelteEvents;
    'auth-passkey-registration': Omit<HTMLAttributes<AuthPasskeyRegistrationElement>, keyof AuthPasskeyRegistrationProps> &
      AuthPasskeyRegistrationProps &
      AuthSvelteEvents;
    'auth-idp-consent': Omit<HTMLAttributes<AuthIDPConsentElement>, keyof AuthIDPConsentProps> & AuthIDPConsentProps & AuthSvelteEvents;
    'auth-user-profile': Omit<HTMLAttributes<AuthUserProfileElement>, keyof AuthUserProfileProps> & AuthUserProfileProps & AuthSvelteEvents;
  }
}
