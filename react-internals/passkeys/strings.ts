/** The passkey texts (docs/reference/methods/webauthn.md#screens "Passkeys", docs/reference/methods/webauthn.md#texts passkey texts). */
import { PASSKEY_FIRST_SCREEN_STRINGS } from './first-screen-strings.ts';

/** Default English texts of the passkey button and screens; quoted reference texts are verbatim. */
export const PASSKEY_STRINGS = {
  ...PASSKEY_FIRST_SCREEN_STRINGS,
  'passkey.authenticating': 'Waiting for your Passkey...',
  'passkey.confirmationTitle': 'Success!',
  'passkey.confirmationText': 'Your Passkey has been successfully authenticated.',
  'passkey.errorUnknown': 'Unknown error occurred during passkey authentication. Please try again.',
  'passkey.errorRegistrationNotFound':
    'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
  'passkey.errorDuplicate':
    'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  'passkey.errorNotCreated': 'Your Passkey was not created. Click "Create a Passkey" to try again or skip without adding a Passkey.',
  'passkeyRegistration.creating': 'Creating your Passkey...',
  'passkeyRegistration.successTitle': 'Passkey successfully created!',
  'passkeyRegistration.existing': 'Existing Passkeys',
  'passkeyRegistration.none': 'You have no Passkeys yet.',
  'passkeyRegistration.rename': 'Rename',
  'passkeyRegistration.renameLabel': 'Rename {name}',
  'passkeyRegistration.nameLabel': 'Passkey name',
  'passkeyRegistration.save': 'Save',
  'passkeyRegistration.delete': 'Delete',
  'passkeyRegistration.deleteLabel': 'Delete {name}',
  'passkeyRegistration.deleteWarning': 'Once deleted, the passkey cannot be restored.',
  'passkeyRegistration.cancel': 'Cancel',
  'passkeyRegistration.deleted': 'Passkey deleted',
  'passkeyRegistration.setUpAnother': 'Set up another Passkey',
  'passkeyRegistration.done': 'Done',
} as const satisfies Record<string, string>;
