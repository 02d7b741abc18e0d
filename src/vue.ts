/**
 * Vue 3 template typings (`auth-elements/vue`, types only): the tags as global components, so
 * Volar / vue-tsc check `:config.prop`, `:client.prop` and `@auth-event`. Vue must also be told the
 * tags are custom elements (`compilerOptions.isCustomElement: (tag) => tag.startsWith('auth-')`).
 * @example
 * // env.d.ts
 * import type {} from 'auth-elements/vue';
 */
import type { DefineComponent } from 'vue';
import type { AuthErrorDetail, AuthEvent } from '../react-internals/events.ts';
import type { AuthIDPConsentProps, AuthLoginProps, AuthPasskeyRegistrationProps, AuthResetPasswordProps, AuthUserProfileProps } from './props.ts';

/** The listeners Vue maps `@auth-event` and `@auth-error` to. */
export interface AuthVueEvents {
  onAuthEvent?: (event: CustomEvent<AuthEvent>) => void;
  onAuthError?: (event: CustomEvent<AuthErrorDetail>) => void;
}

declare module 'vue' {
  interface GlobalComponents {
    'auth-login': DefineComponent<AuthLoginProps & AuthVueEvents>;
    'auth-reset-password': DefineComponent<AuthResetPasswordProps & AuthVueEvents>;
    'auth-passkey-registration': DefineComponent<AuthPasskeyRegistrationProps & AuthVueEvents>;
    'auth-idp-consent': DefineComponent<AuthIDPConsentProps & AuthVueEvents>;
    'auth-user-profile': DefineComponent<AuthUserProfileProps & AuthVueEvents>;
  }
}
