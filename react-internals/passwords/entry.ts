/** The passwords method's entry (method.ts `UiMethodEntry`): what the widget reads before it loads the rest (index.ts, its own chunk). */
import type { UiMethodEntry } from '../method.ts';
import { PASSWORD_OPTIONS_SHAPE, resolvePasswordOptions } from './config.ts';
import type { PasswordTypes } from './state.ts';

/** The passwords method's entry. */
export const passwordsEntry: UiMethodEntry<PasswordTypes> = {
  name: 'passwords',
  uses: ['otps', 'magic-links'],
  products: ['passwords'],
  options: { passwordOptions: PASSWORD_OPTIONS_SHAPE },
  resolve: (raw) => ({ passwords: resolvePasswordOptions(raw['passwordOptions']) }),
  screenNames: ['PasswordResetForm', 'PasswordCreateOrLogin', 'PasswordForgot', 'PasswordBreached', 'PasswordSetNew', 'PasswordDedupe', 'PasswordConfirmation'],
  initialState: { passwordState: { email: '', type: 'new' }, resetPasswordState: { token: '' } },
  load: () => import('./index.ts').then((m) => m.passwordsMethod),
};
