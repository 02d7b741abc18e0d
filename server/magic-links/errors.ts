/** Error types of the magic-links method (server/README.md error table). */
import type { ErrorTablePart } from '../method.ts';

/** The magic-links method's error types: an emailed token (magic link or reset link) that does not sign in. */
export const MAGIC_LINKS_ERRORS = {
  unable_to_auth_magic_link: {
    status: 401,
    message: 'The magic link could not be authenticated because it was either already used or expired. Please try again.',
  },
} as const satisfies ErrorTablePart;
