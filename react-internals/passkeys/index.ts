/**
 * The passkey method (docs/reference/methods/webauthn.md#screens "Passkeys"; sdk-core's and the server's `webauthn`): Main's passkey
 * button and autofill, PasskeyConfirmation, and `<auth-passkey-registration>`'s screens. Everything
 * but the success screen loads lazily, so a login without passkeys never ships it (docs/reference/house-style.md#bundle-size).
 */
import { PASSKEY_EVENTS } from './events.ts';
import { successScreen } from '../components/SuccessScreen.tsx';
import { lazyScreen } from '../lazy.tsx';
import type { UiMethod } from '../method.ts';
import { type PasskeyTypes, reducePasskey } from './state.ts';
import { PASSKEY_STRINGS } from './strings.ts';

const loadScreens = () => import('./screens.tsx');

const loadSection = () => import('./PasskeyLoginSection.tsx');
const PasskeyLoginSection = lazyScreen(loadSection, (m) => m.PasskeyLoginSection);

/** The passkey method's UI. */
export const webauthnMethod: UiMethod<PasskeyTypes> = {
  screens: {
    PasskeyRegistrationStart: lazyScreen(loadScreens, (m) => m.PasskeyRegistrationStart),
    PasskeyRegistrationSuccess: lazyScreen(loadScreens, (m) => m.PasskeyRegistrationSuccess),
    PasskeyConfirmation: successScreen('passkey.confirmationTitle', 'passkey.confirmationText'),
  },
  actions: { passkey_authenticated: true, passkey_registered: true, passkey_registration_skipped: true, passkey_register_another: true },
  reduce: reducePasskey,
  strings: PASSKEY_STRINGS,
  events: PASSKEY_EVENTS,
  // docs/reference/methods/webauthn.md#screens: the button goes first unless the browser supports autofill and a form is present; its
  // own chunk, so a login configured without 'passkeys' never loads the passkey code.
  main: {
    order: 0,
    when: (c) => c.products.includes('passkeys'),
    Group: PasskeyLoginSection,
    // The button, and whether the browser offers autofill (it picks the button's side: asking loads
    // sdk-core's ceremony chunk, which the section's autofill needs at once anyway).
    preload: async (_config, client) => {
      const [section] = await Promise.all([loadSection(), PasskeyLoginSection.preload()]);
      if (client) await section.preloadAutofillSupport(client);
    },
  },
};
