/** The passkeys method's entry (method.ts `UiMethodEntry`): what the widget reads before it loads the rest (index.ts, its own chunk). */
import type { UiMethodEntry } from '../method.ts';
import type { PasskeyTypes } from './state.ts';

/** The passkeys method's entry. */
export const webauthnEntry: UiMethodEntry<PasskeyTypes> = {
  name: 'webauthn',
  // Removing a passkey may need re-verification first (issue 29): the prompt is the two-step method's.
  uses: ['mfa'],
  products: ['passkeys'],
  options: {},
  resolve: () => ({}),
  screenNames: ['PasskeyRegistrationStart', 'PasskeyRegistrationSuccess', 'PasskeyConfirmation'],
  initialState: { passkeyState: { outcome: null } },
  load: () => import('./index.ts').then((m) => m.webauthnMethod),
};
