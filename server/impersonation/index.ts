/**
 * The impersonation method (docs/reference/methods/impersonation.md#calls `/impersonation/authenticate`, issue 15): admin-minted one-time tokens
 * (store.ts `mintImpersonationToken`) redeemed for a marked, non-extendable session; its migration
 * 0011_impersonation_tokens. Registered in server/methods.ts.
 */
import { type ServerMethod, tableTypes } from '../method.ts';
import { impersonationBackendRoutes } from './backend.ts';
import { IMPERSONATION_ERRORS } from './errors.ts';
import { IMPERSONATION_MIGRATIONS } from './migrations.ts';
import { impersonationRoutes } from './routes.ts';
import type { ImpersonationTables } from './tables.ts';

export { type ImpersonationAuditEntry, type ImpersonationMint, impersonationAudit, IMPERSONATION_TOKEN_TTL_MS, mintImpersonationToken } from './store.ts';

/** The impersonation method's registry entry. */
export const impersonationMethod = {
  name: 'impersonation',
  routes: impersonationRoutes,
  backendRoutes: impersonationBackendRoutes,
  migrations: IMPERSONATION_MIGRATIONS,
  errors: IMPERSONATION_ERRORS,
  tables: tableTypes<ImpersonationTables>(),
} satisfies ServerMethod;
