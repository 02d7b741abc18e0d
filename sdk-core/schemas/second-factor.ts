/**
 * The answer fields of two-step sign-in (issue 29, docs/reference/sdk.md#two-step-sign-in): what a first factor answers
 * when the project's policy asks for a second one, and the device token a trusted device keeps.
 * Shared by the client (which reads them) and the server (which may validate what it sends).
 */
import './zod-config.ts';
import { z } from 'zod/mini';
import type { Check, Describes } from './describes.ts';

/** The second factors a project may count (the `mfa.factors` setting). */
export const SECOND_FACTORS = ['totp', 'sms_otp', 'webauthn', 'recovery_code'] as const;
/** One second factor. */
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/** `mfa_required` of a first factor's answer: what the user may finish with. */
export const MfaRequired = z.object({
  factors: z.array(z.enum(SECOND_FACTORS)),
  enrolment_required: z.boolean(),
  phone_number_hint: z.optional(z.string().check(z.maxLength(64))),
});
/** `mfa_required` of a first factor's answer. */
export interface MfaRequired {
  /** The user's usable second factors (a subset of the project's). */
  factors: SecondFactor[];
  /** True under the `required` policy when the user has no second factor yet: enrol a TOTP. */
  enrolment_required: boolean;
  /** The verified phone, masked, when `sms_otp` is usable. */
  phone_number_hint?: string;
}
type _MfaRequired = Check<Describes<typeof MfaRequired, MfaRequired>>;

/** The fields a first factor answers instead of a session when a second step is asked. */
export interface SecondStepAnswer {
  user_id: string;
  /** Opaque, ten minutes, single purpose: the second-step calls take it instead of a session. */
  intermediate_session_token: string;
  mfa_required: MfaRequired;
}

/** A trusted device's token (`dvt_...`), as the second step answers it and a first factor sends it back. */
export const DeviceToken = z.string().check(z.minLength(5), z.maxLength(512), z.regex(/^dvt_[A-Za-z0-9_-]+$/));

/** Fields every second-step call may add to its body. */
export interface SecondStepRequestFields {
  /** The first factor's intermediate token, in place of a session. */
  intermediate_session_token: string;
  /** Remember this device for the project's `trust_device_days`. */
  trust_device?: boolean;
}
