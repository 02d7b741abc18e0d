/** The server's error catalogue says what docs/reference/errors.md#messages-by-error-type says for every error_type the spec names. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERRORS } from './errors.ts';

// docs/reference/errors.md#messages-by-error-type "Messages by error_type", copied verbatim: the provider's SDKs show error_message for these.
const SPEC_MESSAGES: Record<string, string> = {
  invalid_email: 'Email format is invalid.',
  invalid_phone_number: 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
  unsubscribed_phone_number: "Phone number is unsubscribed. User has unsubscribed. Resubscribe by texting 'START' before messages can be sent.",
  inactive_email: 'The email address is marked as inactive. Please try another email address, or contact your admin if you think this is a mistake.',
  unauthorized_credentials: 'Unauthorized credentials.',
  user_unauthenticated: 'Must have an active session to call this method. Have you logged in yet?',
  email_not_found: 'Email not found.',
  unable_to_auth_magic_link: 'The magic link could not be authenticated because it was either already used or expired. Please try again.',
  no_user_password: 'Password not found for this user. Please try again.',
  breached_password: 'Password appears in the list of breached passwords and must be reset.',
  reset_password: 'Password must be reset.',
  oauth_token_not_found: 'OAuth Token could not be found.',
  invalid_code: 'Code format is invalid, please try again.',
  member_password_not_found: 'Member password not found.',
  oauth_flow_callback_error: 'An error was encountered in the callback of the OAuth flow. Please try again.',
  unauthorized_action: 'Unauthorized action.',
  user_lock_limit_reached: 'Too many failed authentication attempts. Please try again later.',
  invalid_session_token: 'Invalid session token.',
  session_not_found: 'Session not found.',
  invalid_phone_number_country_code: "The phone number's country code is invalid, unsupported, or disabled.",
  otp_code_not_found: 'Invalid passcode, please try again.',
  duplicate_member_phone_number: 'A member with the specified phone number already exists for this organization.',
};

describe('error catalogue (docs/reference/errors.md#catalogue)', () => {
  for (const [type, message] of Object.entries(SPEC_MESSAGES)) {
    it(`${type} carries the docs/reference/errors.md#messages-by-error-type message`, () => {
      assert.ok(Object.hasOwn(ERRORS, type), `${type} is in the catalogue`);
      assert.equal(ERRORS[type as keyof typeof ERRORS].message, message);
    });
  }
});
