/** Error types of the otps method (server/README.md error table). */
import type { ErrorTablePart } from '../method.ts';

/** The otps method's error types: a malformed code, and a code that does not sign in. */
export const OTPS_ERRORS = {
  invalid_code: { status: 400, message: 'Code format is invalid, please try again.' },
  otp_code_not_found: { status: 404, message: 'Invalid passcode, please try again.' },
} as const satisfies ErrorTablePart;
