/** The factor kinds of `client.user.deleteFactor`, in a module of their own so `auth-elements/helpers` exports them without loading the users group (issue 16). */

/** The seven factor kinds a user can remove (docs/reference/methods/users.md#calls). */
export const USER_FACTORS = {
  email: 'emails',
  phone_number: 'phone_numbers',
  totp: 'totps',
  crypto_wallet: 'crypto_wallets',
  oauth: 'oauth',
  webauthn_registration: 'webauthn_registrations',
  biometric_registration: 'biometric_registrations',
} as const;

/** One removable factor kind. */
export type UserFactor = keyof typeof USER_FACTORS;
