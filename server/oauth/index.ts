/**
 * The oauth method (docs/reference/methods/oauth.md#screens, docs/reference/methods/oauth.md#calls OAuth, issue 13): the redirect flow through 19 providers (arctic; a dev
 * OpenID Connect provider for test projects without credentials), Google One Tap, the user's OAuth
 * registrations; its migration 0008_oauth. Registered in server/methods.ts.
 */
import { OAUTH_SEARCH_OPERANDS } from './backend-data.ts';
import { type ServerMethod, tableTypes } from '../method.ts';
import { OAUTH_FACTORS } from './factors.ts';
import { OAUTH_ERRORS } from './errors.ts';
import { OAUTH_MIGRATIONS } from './migrations.ts';
import { oneTapRoutes } from './onetap.ts';
import { oauthRoutes } from './routes.ts';
import { oauthUserRecords, pruneOAuth } from './store.ts';
import type { OAuthTables } from './tables.ts';
import { OAUTH_SETTINGS } from './settings.ts';

/** The oauth method's registry entry. */
export const oauthMethod = {
  name: 'oauth',
  // One Tap uses the redirect flow's helpers (routes.ts), so it is registered here rather than by
  // oauthRoutes: the two files would otherwise import each other.
  routes(route, svc) {
    oauthRoutes(route, svc);
    oneTapRoutes(route, svc);
  },
  userRecords: oauthUserRecords,
  prune: pruneOAuth,
  migrations: OAUTH_MIGRATIONS,
  errors: OAUTH_ERRORS,
  settings: OAUTH_SETTINGS,
  factors: OAUTH_FACTORS,
  userSearchOperands: OAUTH_SEARCH_OPERANDS,
  tables: tableTypes<OAuthTables>(),
} satisfies ServerMethod;
