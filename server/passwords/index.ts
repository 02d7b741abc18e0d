/**
 * The passwords method (docs/reference/methods/passwords.md#screens, docs/reference/methods/passwords.md#rules Password): create, authenticate, reset by email (through the
 * magic-links method's emailed tokens), by existing password and by session, strength_check, and the
 * users/search lookup of the password flow. Registered in server/methods.ts.
 */
import { type ServerMethod, tableTypes } from '../method.ts';
import { passwordBackendRoutes } from './backend.ts';
import { PASSWORDS_FACTORS, PASSWORDS_SEARCH_OPERANDS } from './backend-data.ts';
import { PASSWORDS_ERRORS } from './errors.ts';
import { cheapHashingForTests } from './hash.ts';
import { PASSWORDS_LIMITS } from './limits.ts';
import { passwordJobs, passwordRoutes } from './routes.ts';
import { passwordUserRecords } from './store.ts';
import type { PasswordsTables } from './tables.ts';
import { userSearchRoutes } from './user-search.ts';

/** The passwords method's registry entry. */
export const passwordsMethod = {
  name: 'passwords',
  // Reset links are the magic-links method's emailed tokens (issued, peeked, redeemed, revoked there).
  uses: ['magic-links'],
  routes(route, svc) {
    passwordRoutes(route, svc);
    userSearchRoutes(route, svc);
  },
  backendRoutes: passwordBackendRoutes,
  jobs: passwordJobs,
  userRecords: passwordUserRecords,
  errors: PASSWORDS_ERRORS,
  limits: PASSWORDS_LIMITS,
  tables: tableTypes<PasswordsTables>(),
  // The backend API (issue 27): a search operand, and the password as a factor only the backend deletes.
  userSearchOperands: PASSWORDS_SEARCH_OPERANDS,
  factors: PASSWORDS_FACTORS,
  cheapWorkForTests: cheapHashingForTests,
} satisfies ServerMethod;
