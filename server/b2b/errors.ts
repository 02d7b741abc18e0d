/** Error types of the b2b method (server/README.md error table). */
import type { ErrorTablePart } from '../method.ts';

/** The b2b method's error types. */
export const B2B_ERRORS = {
  // One answer for "no such organization" and "not yours": a non-member learns nothing about it.
  organization_not_found: { status: 404, message: 'Organization not found, or you are not one of its members.' },
  // invalid_cursor is core's (server/errors.ts): the backend API's user search pages with cursors too.
} as const satisfies ErrorTablePart;
