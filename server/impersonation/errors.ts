/** Error types of the impersonation method (server/README.md error table). */
import type { ErrorTablePart } from '../method.ts';

/** The impersonation method's error types. */
export const IMPERSONATION_ERRORS = {
  impersonation_token_not_found: { status: 404, message: 'The impersonation token is unknown, expired or already used.' },
} as const satisfies ErrorTablePart;
