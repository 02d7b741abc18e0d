/** Error types of the totps method (server/README.md error table). */
import type { ErrorTablePart } from '../method.ts';

/** The totps method's error types. `totp_not_found` (a delete of an unknown TOTP) is core's, from docs/reference/methods/totps.md#errors. */
export const TOTPS_ERRORS = {
  invalid_totp_code: { status: 400, message: 'TOTP code format is invalid: six digits expected.' },
  totp_code_not_found: { status: 404, message: 'The TOTP code is not valid for this user, or was already used.' },
  totp_recovery_code_not_found: { status: 404, message: 'The recovery code is not valid for this user, or was already used.' },
  invalid_recovery_code: { status: 400, message: 'Recovery code format is invalid.' },
  active_totp_exists: { status: 400, message: 'The user already has a verified TOTP: delete it before creating another.' },
} as const satisfies ErrorTablePart;
