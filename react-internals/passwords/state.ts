/** The password part of the login state machine (docs/reference/methods/passwords.md#screens "Password", docs/reference/methods/passwords.md#rules): screens, actions, state, reducer steps. */
import type { WidgetState } from '../login/state.ts';
import type { PasswordOptions } from './config.ts';
import type { PasswordEventData } from './events.ts';
import type { PASSWORD_STRINGS } from './strings.ts';

/**
 * docs/reference/elements/auth-login.md#states passwordState. offerBoth: the project hides whether the address has an account
 * (enumeration protection), so the password screen offers both signing in and creating an account.
 */
export interface PasswordState {
  email: string;
  type: 'new' | 'existing' | 'passwordless';
  offerBoth?: boolean;
}

/** docs/reference/elements/auth-login.md#states resetPasswordState. tokenType: the link's stytch_token_type (docs/reference/methods/passwords.md#screens: 'login' signs in without a new password). */
export interface ResetPasswordState {
  token: string;
  tokenType?: string;
}

/** The docs/reference/methods/passwords.md#screens password screens. */
export type PasswordScreenName =
  | 'PasswordResetForm'
  | 'PasswordCreateOrLogin'
  | 'PasswordForgot'
  | 'PasswordBreached'
  | 'PasswordSetNew'
  | 'PasswordDedupe'
  | 'PasswordConfirmation';

/** Password screens that say an email went out (docs/reference/methods/passwords.md#rules: forgot, breached, dedupe, passwordless). */
export type PasswordEmailScreen = 'PasswordForgot' | 'PasswordBreached' | 'PasswordDedupe' | 'PasswordSetNew';

/** What happens in the password flow. */
export type PasswordAction =
  | { type: 'password_user_found'; email: string; userType: 'new' | 'existing'; offerBoth?: boolean }
  | { type: 'password_switch_mode'; userType: 'new' | 'existing' }
  | { type: 'password_email_sent'; email: string; screen: PasswordEmailScreen }
  | { type: 'password_authenticated' };

/** The types the password method declares (method.ts). */
export interface PasswordTypes {
  screen: PasswordScreenName;
  action: PasswordAction;
  product: 'passwords';
  strings: typeof PASSWORD_STRINGS;
  events: PasswordEventData;
  state: { passwordState: PasswordState; resetPasswordState: ResetPasswordState };
  options: { passwordOptions?: PasswordOptions };
  /** passwordOptions, shape-checked (absent fields stay absent: the server picks its defaults). */
  config: { passwords: PasswordOptions };
}

/** The password reducer steps. */
export function reducePassword(state: WidgetState, action: PasswordAction): WidgetState {
  switch (action.type) {
    case 'password_user_found':
      // docs/reference/methods/passwords.md#screens Password: the lookup's userType picks create (new) or log in (existing).
      return {
        ...state,
        screen: 'PasswordCreateOrLogin',
        passwordState: { email: action.email, type: action.userType, ...(action.offerBoth ? { offerBoth: true } : {}) },
        errorDescriptor: null,
      };
    case 'password_switch_mode':
      // Only where the lookup could not tell (enumeration protection): sign in <-> create an account.
      if (state.screen !== 'PasswordCreateOrLogin' || !state.passwordState.offerBoth) return state;
      return { ...state, passwordState: { ...state.passwordState, type: action.userType }, errorDescriptor: null };
    case 'password_email_sent':
      // docs/reference/methods/passwords.md#rules: forgot -> PasswordForgot, reset_password -> PasswordDedupe; a passwordless user
      // without OTP or magic links gets a reset email (PasswordSetNew).
      return {
        ...state,
        screen: action.screen,
        passwordState: {
          email: action.email,
          type: action.screen === 'PasswordSetNew' ? 'passwordless' : state.passwordState.type,
        },
        errorDescriptor: null,
      };
    case 'password_authenticated':
      if (state.screen !== 'PasswordCreateOrLogin' && state.screen !== 'PasswordResetForm') return state;
      return { ...state, screen: 'PasswordConfirmation', errorDescriptor: null, completedFlows: state.completedFlows + 1 };
  }
}
