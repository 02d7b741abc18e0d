/**
 * The password screens, loaded on demand (they are kept out of the initial `<auth-login>` bundle):
 * one chunk, fetched when a password screen is first shown or ahead by the start form.
 */
import { lazyScreen } from '../lazy.tsx';

const load = () => import('./screens.tsx');
const options = { loading: 'password.loading' } as const;

/** The lazily loaded password screens (PasswordConfirmation is not among them: it is the shared success screen). */
export const PasswordCreateOrLoginScreen = lazyScreen(load, (m) => m.PasswordCreateOrLogin, options);
export const PasswordResetFormScreen = lazyScreen(load, (m) => m.PasswordResetForm, options);
export const PasswordForgotScreen = lazyScreen(load, (m) => m.PasswordForgot, options);
export const PasswordBreachedScreen = lazyScreen(load, (m) => m.PasswordBreached, options);
export const PasswordDedupeScreen = lazyScreen(load, (m) => m.PasswordDedupe, options);
export const PasswordSetNewScreen = lazyScreen(load, (m) => m.PasswordSetNew, options);

/** Fetches the password screens' chunk once (a failed fetch may be retried). */
export const loadPasswordScreens = (): Promise<void> => PasswordCreateOrLoginScreen.preload();
