/** Error types of the passwords method (server/README.md error table). */
import type { ErrorTablePart } from '../method.ts';

/** The passwords method's error types: a refused new password, a password that must be reset, none set. */
export const PASSWORDS_ERRORS = {
  weak_password: { status: 400, message: 'The password does not meet the strength policy.' },
  breached_password: { status: 400, message: 'Password appears in the list of breached passwords and must be reset.' },
  password_too_long: { status: 400, message: 'The password exceeds 256 bytes.' },
  reset_password: { status: 400, message: 'Password must be reset.' },
  no_user_password: { status: 400, message: 'Password not found for this user. Please try again.' },
  // The backend API's password delete (issue 27).
  password_not_found: { status: 404, message: 'Password not found.' },
} as const satisfies ErrorTablePart;
