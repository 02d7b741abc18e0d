/**
 * The password method (docs/reference/methods/passwords.md#screens "Password", "Password screens"): the Email tab's start form when a
 * password product is configured, the password screens (lazily loaded) and `<auth-reset-password>`'s
 * PasswordResetForm. A passwordless user is sent an email passcode or a magic link through those
 * methods' public start functions (`uses`).
 */
import { PASSWORD_EVENTS } from './events.ts';
import { successScreen } from '../components/SuccessScreen.tsx';
import { lazyScreen } from '../lazy.tsx';
import type { UiMethod } from '../method.ts';
import {
  PasswordBreachedScreen,
  PasswordCreateOrLoginScreen,
  PasswordDedupeScreen,
  PasswordForgotScreen,
  PasswordResetFormScreen,
  PasswordSetNewScreen,
  loadPasswordScreens,
} from './lazy.ts';
import { type PasswordTypes, reducePassword } from './state.ts';
import { PASSWORD_STRINGS } from './strings.ts';

// Main's start form is a chunk of its own (docs/reference/house-style.md#bundle-size), declared here rather than in lazy.ts: the form
// imports lazy.ts, and a loader there would close an import cycle.
const PasswordStartForm = lazyScreen(
  () => import('./PasswordStartForm.tsx'),
  (m) => m.PasswordStartForm,
);

/** The password method's UI. */
export const passwordsMethod: UiMethod<PasswordTypes> = {
  screens: {
    PasswordResetForm: PasswordResetFormScreen,
    PasswordCreateOrLogin: PasswordCreateOrLoginScreen,
    PasswordForgot: PasswordForgotScreen,
    PasswordBreached: PasswordBreachedScreen,
    PasswordSetNew: PasswordSetNewScreen,
    PasswordDedupe: PasswordDedupeScreen,
    PasswordConfirmation: successScreen('password.successTitle', 'password.successText'),
  },
  actions: { password_user_found: true, password_switch_mode: true, password_email_sent: true, password_authenticated: true },
  reduce: reducePassword,
  strings: PASSWORD_STRINGS,
  events: PASSWORD_EVENTS,
  // docs/reference/elements/auth-login.md#main-screen: "A password product turns the Email tab into the password flow".
  forms: [
    {
      tab: 'email',
      variant: 'password',
      rank: 0,
      when: (c) => c.products.includes('passwords'),
      Form: PasswordStartForm,
      // The form and its next step, the password screens (PasswordCreateOrLogin).
      preload: async () => {
        await Promise.all([PasswordStartForm.preload(), loadPasswordScreens()]);
      },
    },
  ],
};

/** Loads the new-password field, its strength meter and breach check (field.ts), for the account page's password section. */
export const loadPasswordField = () => import('./field.ts');
