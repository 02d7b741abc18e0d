/**
 * The magic-links method (docs/reference/methods/magic-links.md#screens, docs/reference/methods/magic-links.md#rules Email magic links): emailed sign-in links, redeemed once with PKCE.
 * Registered in server/methods.ts. Its public functions (the emailed-token store) are for methods that
 * declare `uses: ['magic-links']`: passwords sends its reset links as such tokens.
 */
import { type ServerMethod, tableTypes } from '../method.ts';
import { magicLinkBackendRoutes } from './backend.ts';
import { MAGIC_LINKS_ERRORS } from './errors.ts';
import { magicLinkJobs, magicLinkRoutes } from './routes.ts';
import type { MagicLinksTables } from './tables.ts';

export { issueEmailToken, peekEmailToken, redeemEmailToken, revokeEmailTokens } from './store.ts';
export type { MagicLinkKind } from './tables.ts';

/** The magic-links method's registry entry. */
export const magicLinksMethod = {
  name: 'magic-links',
  routes: magicLinkRoutes,
  backendRoutes: magicLinkBackendRoutes,
  jobs: magicLinkJobs,
  errors: MAGIC_LINKS_ERRORS,
  tables: tableTypes<MagicLinksTables>(),
} satisfies ServerMethod;
