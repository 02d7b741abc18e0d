/**
 * Admin access to the `/v1` backend API (issue 31, docs/reference/admin.md#access): besides a project
 * secret, a `/v1` call may carry `Authorization: Bearer <session_token or session_jwt>` of a live session
 * of this server's own project whose user holds the reserved `admin` role. The role is not part of the
 * host's RBAC policy: it is a row of `project_admins`, granted only by the CLI (`admin grant`) or by an
 * admin (`PUT /v1/users/:user_id/roles`).
 *
 * CSRF: a browser never attaches an Authorization header by itself (it is not a cookie), and no cookie
 * grants any `/v1` access, so a foreign page's form POST or image reaches `/v1` with no credential and gets
 * 401. A call that carries `Origin` (a browser's fetch) is served only when that origin is the server's own
 * (the console at `/admin`), so a session token stolen into a foreign page cannot drive `/v1` from there.
 */
import { createLocalJWKSet, jwtVerify } from 'jose';
import { sha256Hex } from '../crypto.ts';
import type { Db } from '../db/index.ts';
import type { SessionsTable } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { requestBaseUrl } from '../jwt-issuer.ts';
import { JWT_ALG, publicJwks, SESSION_CLAIM } from '../keys.ts';
import { requestHeader } from '../request.ts';
import { isImpersonated } from '../session-factors.ts';
import type { Ctx, Services } from '../services.ts';

/** The reserved role name of an admin of the console (never a role of the host's RBAC policy). */
export const ADMIN_ROLE = 'admin';

/** One admin of a project, as `admin list` and the console show it. */
export interface ProjectAdmin {
  user_id: string;
  granted_at: number;
  granted_by: string;
}

/** Whether `userId` holds the admin role in `projectId`. */
export async function isAdmin(db: Db, projectId: string, userId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('project_admins')
    .select('user_id')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Grants the admin role (idempotent: a second grant keeps the first's time and grantor); true when it was new. */
export async function grantAdmin(db: Db, projectId: string, userId: string, grantedBy: string, now: number): Promise<boolean> {
  const res = await db.kysely
    .insertInto('project_admins')
    .values({ project_id: projectId, user_id: userId, granted_at: now, granted_by: grantedBy.slice(0, 300) })
    .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return res !== undefined;
}

/** Revokes the admin role; true when the user held it. */
export async function revokeAdmin(db: Db, projectId: string, userId: string): Promise<boolean> {
  const res = await db.kysely.deleteFrom('project_admins').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The project's admins, oldest grant first. */
export async function listAdmins(db: Db, projectId: string): Promise<ProjectAdmin[]> {
  const rows = await db.kysely
    .selectFrom('project_admins')
    .select(['user_id', 'granted_at', 'granted_by'])
    .where('project_id', '=', projectId)
    .orderBy('granted_at')
    .orderBy('user_id')
    .execute();
  return rows.map((r) => ({ user_id: r.user_id, granted_at: Number(r.granted_at), granted_by: r.granted_by }));
}

/** The bearer credential of a request, or null when it sends none (a Basic secret, or nothing). */
export function bearerOf(c: Ctx): string | null {
  const header = requestHeader(c, 'authorization');
  const m = header === undefined ? null : /^Bearer ([\x21-\x7e]{1,4096})$/i.exec(header.trim());
  return m ? m[1]! : null;
}

/** Whether the request's `Origin`, when it has one, is the server's own (the console's page). */
export function fromOwnOrigin(c: Ctx, svc: Services): boolean {
  const origin = requestHeader(c, 'origin');
  // The request's own origin, or (behind a trusted TLS proxy) the scheme the browser used.
  return origin === undefined || origin === new URL(c.req.url).origin || origin === requestBaseUrl(c, svc);
}

const refused = () => new ApiError('unauthorized_credentials', { message: 'This call needs a project secret, or the session of an admin of this project.' });

/** The live session a bearer names: a session token, or a session JWT of this project (signed by a published key, not expired). */
async function liveSessionOfBearer(svc: Services, bearer: string): Promise<SessionsTable | null> {
  const now = svc.now();
  const k = svc.db.kysely;
  let q = k.selectFrom('sessions').selectAll().where('project_id', '=', svc.project.project_id).where('revoked_at', 'is', null).where('expires_at', '>', now);
  if (bearer.split('.').length === 3) {
    try {
      const jwks = createLocalJWKSet(await publicJwks(svc.db, now));
      // Unlike /v1/sessions/authenticate, an expired JWT is refused: the console refreshes its session itself.
      const { payload } = await jwtVerify(bearer, jwks, { algorithms: [JWT_ALG], audience: svc.project.project_id, currentDate: new Date(now) });
      const session = payload[SESSION_CLAIM] as { id?: unknown } | undefined;
      if (typeof payload.sub !== 'string' || typeof session?.id !== 'string') return null;
      q = q.where('session_id', '=', session.id).where('user_id', '=', payload.sub);
    } catch {
      return null;
    }
  } else {
    q = q.where('token_hash', '=', sha256Hex(bearer));
  }
  return (await q.executeTakeFirst()) ?? null;
}

/**
 * Authenticates a `/v1` call made with an admin's session (see the module comment): the session is live
 * and of this project, not an impersonation, its user not suspended and holding the admin role, and the
 * call comes from no page but the server's own. Returns the admin's user id.
 * @throws ApiError unauthorized_credentials (401) for no such session; admin_role_required (403) for a
 *   signed-in user without the role; invalid_origin (403) for a call from another origin
 */
export async function requireAdminSession(c: Ctx, svc: Services, bearer: string): Promise<string> {
  if (!fromOwnOrigin(c, svc)) throw new ApiError('invalid_origin', { message: 'The /v1 API answers a browser only on the admin console of this server.' });
  const session = await liveSessionOfBearer(svc, bearer);
  if (!session) throw refused();
  // An impersonated session acts as its user, who did not sign in: it never carries their admin role.
  if (isImpersonated(session)) throw new ApiError('admin_role_required', { message: 'An impersonated session cannot use the admin API.' });
  const user = await svc.db.kysely
    .selectFrom('users')
    .select(['suspended_at'])
    .where('user_id', '=', session.user_id)
    .where('project_id', '=', svc.project.project_id)
    .executeTakeFirst();
  if (!user || user.suspended_at !== null) throw refused();
  if (!(await isAdmin(svc.db, svc.project.project_id, session.user_id))) {
    throw new ApiError('admin_role_required', { message: 'This call needs the admin role: ask an admin, or run `auth-elements-server admin grant <email>`.' });
  }
  return session.user_id;
}

/** The admin whose session made this `/v1` call, or null for a call made with a project secret. */
export function callerAdminId(c: Ctx): string | null {
  return c.get('backendAdminId') ?? null;
}
