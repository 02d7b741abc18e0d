/**
 * Wire shapes of two-step sign-in (issue 29, docs/reference/mfa.md): the first factor's answer when a
 * second is due, the fields a second-step call adds to its body, and the trusted-device list.
 */
import { z } from 'zod/mini';
import type { MfaFactorKind } from './bootstrap.ts';
import type { SessionDevice } from './sessions.ts';
import type { User } from './users.ts';

/** What the first factor's answer says about the step still due (`mfa_required`). */
export interface MfaRequired {
  /** The user's usable second factors, a subset of the project's, in the order totp, sms_otp, webauthn, recovery_code. */
  factors: MfaFactorKind[];
  /** True under policy `required` when the user has no second factor yet: enrol a TOTP with the intermediate token. */
  enrolment_required: boolean;
  /** The verified phone the SMS passcode goes to, masked but its last four digits, when sms_otp is usable. */
  phone_number_hint?: string;
}

/** Payload of a first factor when a second is due: no session keys, an intermediate token instead. */
export interface MfaRequiredResponse {
  user_id: string;
  user: User;
  /** `ist_...`, 10 minutes, accepted only by the second-step calls (docs/reference/mfa.md#tokens). */
  intermediate_session_token: string;
  mfa_required: MfaRequired;
}

/** Fields a second-step call's body may add: the intermediate token in place of a session, and "trust this device". */
export const SecondStepFields = z.object({
  intermediate_session_token: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
  trust_device: z.optional(z.boolean()),
});
/** Parsed {@link SecondStepFields}. */
export interface SecondStepFields {
  intermediate_session_token?: string;
  trust_device?: boolean;
}

/** The field a first-factor call's body may add: the device token a trusted device keeps. */
export const DeviceTokenField = z.object({
  device_token: z.optional(z.string().check(z.maxLength(256))),
});

/** One trusted device of a user, as `GET .../trusted_devices` lists it. */
export interface TrustedDevice {
  device_id: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  user_agent: string;
  ip_address: string;
  /** The browser, operating system and kind of device the user agent names (as a session's). */
  device: SessionDevice;
}

/** Payload of `GET /sdk/v1/users/me/trusted_devices` and `GET /v1/users/{user_id}/trusted_devices`. */
export interface TrustedDevicesResponse {
  trusted_devices: TrustedDevice[];
}
