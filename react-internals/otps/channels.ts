/** What differs between the OTP channels once a code is sent: the host event and the resend toast. */
import type { OTPLoginOrCreateResult } from '../../sdk-core/index.ts';
import type { AuthEvent } from '../events.ts';
import type { StringKey } from '../strings.ts';
import type { OTPType } from './state.ts';

/** Toast text after a resend, naming the channel (docs/reference/methods/magic-links.md#screens 'Email resent'). */
export const RESEND_TOAST: Record<OTPType, StringKey> = {
  email: 'toast.emailResent',
  sms: 'toast.smsResent',
  whatsapp: 'toast.whatsappResent',
};

/** The host event for a code sent on `type` to `destination` (first send or resend). */
export function otpSentEvent(type: OTPType, resp: OTPLoginOrCreateResult, destination: string, resend: boolean): AuthEvent {
  switch (type) {
    case 'email':
      return { type: 'OTP_EMAIL_LOGIN_OR_CREATE', data: { ...resp, email: destination, resend } };
    case 'sms':
      return { type: 'OTP_SMS_LOGIN_OR_CREATE', data: { ...resp, phone_number: destination, resend } };
    case 'whatsapp':
      return { type: 'OTP_WHATSAPP_LOGIN_OR_CREATE', data: { ...resp, phone_number: destination, resend } };
  }
}
