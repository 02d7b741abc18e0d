/**
 * The totps method (docs/reference/methods/totps.md#calls `/totps/*`, issue 15): authenticator-app codes (RFC 6238) with recovery
 * codes, a second factor on an existing session; its migration 0010_totps_registrations. Registered in
 * server/methods.ts.
 */
import { TOTPS_SEARCH_OPERANDS } from './backend-data.ts';
import { type ServerMethod, tableTypes } from '../method.ts';
import { TOTPS_FACTORS } from './factors.ts';
import { TOTPS_ERRORS } from './errors.ts';
import { TOTPS_MIGRATIONS } from './migrations.ts';
import { totpRoutes } from './routes.ts';
import { pruneTotps, totpsUserRecords } from './store.ts';
import type { TotpsTables } from './tables.ts';
import { totpSecondFactors } from './second-factors.ts';

/** The totps method's registry entry. */
export const totpsMethod = {
  name: 'totps',
  routes: totpRoutes,
  userRecords: totpsUserRecords,
  secondFactors: totpSecondFactors,
  prune: pruneTotps,
  ownExpiry: ['totps'],
  migrations: TOTPS_MIGRATIONS,
  errors: TOTPS_ERRORS,
  factors: TOTPS_FACTORS,
  userSearchOperands: TOTPS_SEARCH_OPERANDS,
  tables: tableTypes<TotpsTables>(),
} satisfies ServerMethod;
