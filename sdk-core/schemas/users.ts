/** User shapes of docs/reference/wire-protocol.md#authenticate-answers. */

/** An email attached to a user. */
export interface UserEmail {
  email_id: string;
  email: string;
  verified: boolean;
}

/** A phone number attached to a user. */
export interface UserPhoneNumber {
  phone_id: string;
  phone_number: string;
  verified: boolean;
}

/** A user's name parts (empty strings when unknown, as the provider sends them). */
export interface UserName {
  first_name: string;
  middle_name: string;
  last_name: string;
}

/** A registered passkey / WebAuthn credential. */
export interface WebAuthnRegistration {
  webauthn_registration_id: string;
  name: string;
  [extra: string]: unknown;
}

/** Lifecycle state of a user. */
export type UserStatus = 'active' | 'pending';

/** The user object of every authenticate answer and of `GET /users/me`. */
export interface User {
  user_id: string;
  emails: UserEmail[];
  phone_numbers: UserPhoneNumber[];
  name: UserName;
  providers: Record<string, unknown>[];
  totps: Record<string, unknown>[];
  webauthn_registrations: WebAuthnRegistration[];
  crypto_wallets: Record<string, unknown>[];
  biometric_registrations: Record<string, unknown>[];
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
  created_at: string;
  status: UserStatus;
  roles: string[];
  password: { password_id: string; requires_reset: boolean } | null;
}

/** Payload of `GET /users/me`: the user's fields at the top level of `data`. */
export type UserResponse = User;
