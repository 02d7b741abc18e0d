/**
 * The rbac method's project settings (keys `default_roles`, `roles_by_email`). Data only: core reads it
 * through server/method-data.ts without loading the method's code, so it imports nothing of the method.
 */
import { z } from 'zod/mini';
import { normalizeEmail } from '../../sdk-core/schemas/index.ts';

/** The role every user has when the project names no default roles: the provider's role of every user. */
export const DEFAULT_ROLES: readonly string[] = ['stytch_user'];

/** A role id as the RBAC policy names it. */
const roleId = z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,128}$/));

/** roles_by_email with its addresses in stored form (normalizeEmail, as users' emails are stored), so lookups match. */
function normalizeRolesByEmail(byEmail: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(byEmail).map(([email, roles]) => [normalizeEmail(email) ?? email.trim().toLowerCase(), roles]));
}

/** The rbac method's settings: top-level project keys and their schemas. */
export const RBAC_SETTINGS = {
  /**
   * Roles every user of the project has (issue 15 RBAC); default `['stytch_user']`, the provider's role
   * of every user. Roles given with setUserRoles (server/rbac) and `roles_by_email` add to them.
   */
  default_roles: z._default(z.array(roleId).check(z.maxLength(100)), () => [...DEFAULT_ROLES]),
  /** Roles of the user owning each verified email address (stored lower-case), e.g. `{"ops@corp.example": ["admin"]}`. */
  roles_by_email: z._default(
    z.pipe(z.record(z.string().check(z.maxLength(1024)), z.array(roleId).check(z.maxLength(100))), z.transform(normalizeRolesByEmail)),
    () => ({}),
  ),
} as const;
