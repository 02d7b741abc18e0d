/**
 * The b2b method (docs/reference/methods/b2b.md#calls `/b2b/organizations/members/search`, issue 15): organizations, members, and the
 * member search; admin functions createOrganization / addOrganizationMember; its migration
 * 0012_b2b_organizations. Uses rbac for the permission check. Registered in server/methods.ts.
 */
import { type ServerMethod, tableTypes } from '../method.ts';
import { B2B_ERRORS } from './errors.ts';
import { B2B_MIGRATIONS } from './migrations.ts';
import { b2bRoutes } from './routes.ts';
import type { B2bTables } from './tables.ts';

export { addOrganizationMember, createOrganization, type NewMember } from './store.ts';

/** The b2b method's registry entry. */
export const b2bMethod = {
  name: 'b2b',
  uses: ['rbac'],
  routes: b2bRoutes,
  migrations: B2B_MIGRATIONS,
  errors: B2B_ERRORS,
  tables: tableTypes<B2bTables>(),
} satisfies ServerMethod;
