/** Phone OTP request bodies (SMS and WhatsApp) of docs/reference/methods/otps.md#calls; the email ones are in otps.ts. */
import './zod-config.ts';
import { z } from 'zod/mini';
import type { Check, Describes } from './describes.ts';
import { OTP_EXPIRATION_MAX } from './otps.ts';

const shortString = z.string().check(z.maxLength(256));
const tokenString = z.string().check(z.maxLength(4096));

/** Body of `POST /otps/{sms,whatsapp}/login_or_create` and `/otps/{sms,whatsapp}/send/{primary,secondary}`. */
export const OTPPhoneSendRequest = z.object({
  // E.164 is checked by the server with libphonenumber-js (-> invalid_phone_number), not by the schema.
  phone_number: z.string().check(z.maxLength(64)),
  expiration_minutes: z.optional(z.int().check(z.gte(1), z.lte(OTP_EXPIRATION_MAX))),
  login_template_id: z.optional(shortString),
  signup_template_id: z.optional(shortString),
  locale: z.optional(shortString),
  captcha_token: z.optional(tokenString),
  dfp_telemetry_id: z.optional(tokenString),
});
/** Parsed body of a phone OTP send. */
export interface OTPPhoneSendRequest {
  /** E.164 (checked by the server with libphonenumber-js). */
  phone_number: string;
  /** Minutes the code lives; default 5 (docs/reference/constants.md#sign-in-defaults). */
  expiration_minutes?: number;
  login_template_id?: string;
  signup_template_id?: string;
  locale?: string;
  captcha_token?: string;
  dfp_telemetry_id?: string;
}
type _OTPPhoneSendRequest = Check<Describes<typeof OTPPhoneSendRequest, OTPPhoneSendRequest>>;

/** Payload of a phone OTP send answer: `method_id` is the phone_id to authenticate with. */
export interface OTPPhoneSendResponse {
  method_id: string;
  user_id: string;
  phone_id: string;
  user_created: boolean;
}
