/**
 * The webauthn method (docs/reference/methods/webauthn.md#screens, docs/reference/methods/webauthn.md#calls Passkeys, docs/reference/security.md#webauthn WebAuthn): registration under a session, primary
 * (discoverable) and secondary authentication, rename and removal of a registration; its migration
 * 0004_webauthn. Registered in server/methods.ts.
 */
import { WEBAUTHN_SEARCH_OPERANDS } from './backend-data.ts';
import { type ServerMethod, tableTypes } from '../method.ts';
import { WEBAUTHN_FACTORS } from './factors.ts';
import { WEBAUTHN_ERRORS } from './errors.ts';
import { WEBAUTHN_MIGRATIONS } from './migrations.ts';
import { webauthnRoutes } from './routes.ts';
import { webauthnUserRecords } from './store.ts';
import type { WebAuthnTables } from './tables.ts';
import { WEBAUTHN_SETTINGS } from './settings.ts';
import { webauthnSecondFactors } from './second-factors.ts';

/** The webauthn method's registry entry. */
export const webauthnMethod = {
  name: 'webauthn',
  routes: webauthnRoutes,
  userRecords: webauthnUserRecords,
  secondFactors: webauthnSecondFactors,
  migrations: WEBAUTHN_MIGRATIONS,
  errors: WEBAUTHN_ERRORS,
  settings: WEBAUTHN_SETTINGS,
  factors: WEBAUTHN_FACTORS,
  userSearchOperands: WEBAUTHN_SEARCH_OPERANDS,
  tables: tableTypes<WebAuthnTables>(),
} satisfies ServerMethod;
