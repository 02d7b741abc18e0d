/**
 * Roles of users (issue 15 RBAC): the project's `default_roles` (default `['stytch_user']`, the provider's
 * role of every user), the roles of the user's verified emails in `roles_by_email`, and the roles an admin
 * gave with {@link setUserRoles}. users/me, every authenticate answer's user and session, and the session
 * JWT's `roles` claim show them; the server checks them against the bootstrap's RBAC policy where it owns
 * the resource ({@link requirePermission}).
 */
import { BOOTSTRAP_DEFAULTS, isAuthorized, type RBACPolicy } from '../../sdk-core/schemas/index.ts';
import type { Db } from '../db/index.ts';
import { preparedQuery } from '../db/prepared.ts';
import { ApiError } from '../errors.ts';
import type { Services } from '../services.ts';
import type { UserRecords } from '../method.ts';
import { bootstrapData } from '../project/bootstrap.ts';
import type { ProjectConfig } from '../project/config.ts';
import { settingOf } from '../project/method-settings.ts';

/** The provider's role of every user, the default of `default_roles`. */
export { DEFAULT_ROLES } from './settings.ts';
/** A role id: what the policy and the project file accept. */
export const ROLE_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
/** Most roles one user may be given. */
export const MAX_ROLES_PER_USER = 100;

/** The project's RBAC policy (bootstrap `rbac_policy`), or null. */
export function projectPolicy(svc: Services): RBACPolicy | null {
  return bootstrapData(svc.project).rbac_policy;
}

/**
 * Gives `userId` of project `projectId` exactly `roles` (replacing the roles given before; the default and
 * by-email roles are not stored and stay). For the admin CLI and tests; the roles show from the next answer
 * on (a session JWT already issued keeps its roles until it is refreshed, at most 5 minutes).
 * The roles are checked against the project's stored RBAC policy, or against `opts.policy` when given (a
 * running app's policy, which the `bootstrap` app option may override: {@link setRolesOf}).
 * @throws Error for an unknown user, a malformed role id, or a role the RBAC policy does not define
 * @returns the stored roles, in the order given, without duplicates
 */
export async function setUserRoles(
  db: Db,
  projectId: string,
  userId: string,
  roles: readonly string[],
  opts: { policy?: RBACPolicy | null } = {},
): Promise<string[]> {
  const unique = [...new Set(roles)];
  if (unique.length > MAX_ROLES_PER_USER) throw new Error(`setUserRoles: at most ${MAX_ROLES_PER_USER} roles`);
  for (const r of unique) if (!ROLE_ID.test(r)) throw new Error(`setUserRoles: ${JSON.stringify(r)} is not a role id ([A-Za-z0-9_.:-], 1 to 128)`);
  const k = db.kysely;
  const project = await k.selectFrom('projects').select('config').where('project_id', '=', projectId).executeTakeFirst();
  if (!project) throw new Error(`setUserRoles: no project ${projectId}`);
  const config = JSON.parse(project.config) as Partial<ProjectConfig>;
  const policy = opts.policy !== undefined ? opts.policy : (config.bootstrap?.rbac_policy ?? BOOTSTRAP_DEFAULTS.rbac_policy);
  const defined = new Set((policy?.roles ?? []).map((r) => r.role_id));
  const unknown = unique.filter((r) => !defined.has(r));
  if (unknown.length > 0) throw new Error(`setUserRoles: the project's RBAC policy defines no role ${unknown.join(', ')}`);
  const user = await k.selectFrom('users').select('user_id').where('user_id', '=', userId).where('project_id', '=', projectId).executeTakeFirst();
  if (!user) throw new Error(`setUserRoles: no user ${userId} in project ${projectId}`);
  const now = Date.now();
  await k.transaction().execute(async (tx) => {
    await tx.deleteFrom('user_roles').where('project_id', '=', projectId).where('user_id', '=', userId).execute();
    if (unique.length > 0) {
      await tx
        .insertInto('user_roles')
        .values(unique.map((role_id, i) => ({ project_id: projectId, user_id: userId, role_id, created_at: now + i })))
        .execute();
    }
  });
  return unique;
}

/** {@link setUserRoles} for a running app's project, checked against the policy it serves. */
export function setRolesOf(svc: Services, userId: string, roles: readonly string[]): Promise<string[]> {
  return setUserRoles(svc.db, svc.project.project_id, userId, roles, { policy: projectPolicy(svc) });
}

/** The roles given to `userId` with {@link setUserRoles}, in the order given. */
export async function getUserRoles(db: Db, projectId: string, userId: string): Promise<string[]> {
  return (await givenRoles(db.kysely, projectId, userId)).map((r) => r.role_id);
}

// Compiled once: loadUser runs these on every authenticate answer. givenRoles returns its ORDER BY's
// columns, so db/prepared.ts batchedReads can send it in loadUser's one statement.
const givenRoles = preparedQuery((k, projectId: string, userId: string) =>
  k
    .selectFrom('user_roles')
    .select(['role_id', 'created_at'])
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('role_id'),
);
const verifiedEmails = preparedQuery((k, projectId: string, userId: string) =>
  k.selectFrom('emails').select('email').where('user_id', '=', userId).where('project_id', '=', projectId).where('verified', '=', 1),
);

/** All roles of a user: the project's defaults, its verified emails' roles, then the given ones; no duplicates. */
export async function userRoles(svc: Services, userId: string): Promise<string[]> {
  const byEmail = settingOf(svc.project, 'roles_by_email');
  const pid = svc.project.project_id;
  const [given, emails] = await Promise.all([
    givenRoles(svc.db.kysely, pid, userId),
    Object.keys(byEmail).length === 0 ? Promise.resolve([]) : verifiedEmails(svc.db.kysely, pid, userId),
  ]);
  // Only a verified address carries its roles: anyone may type an address at sign-up.
  const fromEmails = emails.flatMap((e) => byEmail[e.email] ?? []);
  return [...new Set([...settingOf(svc.project, 'default_roles'), ...fromEmails, ...given.map((r) => r.role_id)])];
}

/** The rbac method's part of the wire user (`user.roles`), for loadUser. */
export async function rbacUserRecords(svc: Services, userId: string): Promise<UserRecords> {
  return { roles: await userRoles(svc, userId) };
}

/**
 * Enforces the policy on a resource the server owns: 403 unauthorized_action unless `roles` may do `action`
 * on `resourceId` (the same decision as the client's rbac.isAuthorized, sdk-core/schemas/rbac.ts).
 */
export function requirePermission(svc: Services, roles: readonly string[], resourceId: string, action: string): void {
  if (!isAuthorized(projectPolicy(svc), roles, resourceId, action)) {
    throw new ApiError('unauthorized_action', { message: `Your roles do not allow ${action} on ${resourceId}.`, details: { resource_id: resourceId, action } });
  }
}

/** Whether the project's policy declares `resourceId` (the server enforces only resources the policy names). */
export function policyNamesResource(svc: Services, resourceId: string): boolean {
  const policy = projectPolicy(svc);
  return Boolean(policy?.resources?.some((r) => r.resource_id === resourceId));
}
