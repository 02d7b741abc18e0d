/**
 * The project-secret check of the `/v1` backend API (issue 27) and its success answer. Every route
 * registered through `BackendRoute` (routes/types.ts) passes {@link requireBackendSecret} before its
 * handler: Basic `project_id:secret`, the secret one of the project's active secrets (backend/secrets.ts).
 * Failed checks are counted per client (the keyed hash of its IP) with the lockout machinery of every
 * other guessable secret (server/lockout.ts); a locked client is refused before any comparison. Every
 * refusal is 401 `unauthorized_credentials`, and no answer or log line ever carries the presented secret.
 */
import { bearerOf, requireAdminSession } from '../admin/access.ts';
import { recordAudit } from '../audit/record.ts';
import { parseBasicAuth } from '../basic-auth.ts';
import { clientIpHash } from '../client-keys.ts';
import { ApiError } from '../errors.ts';
import { clearFailures, clientFailures, countFailure, type Lockout, refuseIfLocked } from '../lockout.ts';
import type { Project } from '../project/config.ts';
import { requestHeader } from '../request.ts';
import type { Ctx, Services } from '../services.ts';
import { matchProjectSecret } from './secrets.ts';

/** The lockout of the secret check: per client only (a project-wide guard would let anyone lock the real backend out). */
function secretLockout(svc: Services): Lockout {
  const l = svc.limits.backendSecretFailures;
  return { scope: 'backend_secret', clientThreshold: l.max, clientLockMs: l.windowMs, userGuard: { max: Number.MAX_SAFE_INTEGER, windowMs: l.windowMs } };
}

const refused = (message: string, details?: Record<string, unknown>) => new ApiError('unauthorized_credentials', { message, ...(details ? { details } : {}) });

/** A lock of this client, as the 401 every refusal is (with when it ends). */
function asRefusal(err: unknown): unknown {
  if (err instanceof ApiError && err.errorType === 'user_lock_limit_reached') {
    return refused('Too many failed secret checks from this client: try again later.', err.details);
  }
  return err;
}

/**
 * Authenticates a `/v1` backend call (Basic `project_id:secret`) and records the project for
 * {@link backendProject}. A wrong project id counts as a failed guess, like a wrong secret.
 * @throws ApiError unauthorized_credentials (401) on a missing, malformed or wrong credential, or a locked client
 */
export async function requireBackendSecret(c: Ctx, svc: Services): Promise<void> {
  const creds = parseBasicAuth(requestHeader(c, 'authorization'));
  if (!creds) throw refused('This call needs Basic authorization with the project id and a project secret.');
  const rule = secretLockout(svc);
  const subject = svc.project.project_id;
  const client = clientIpHash(c, svc);
  try {
    // The client's failure row, read once: a lock refuses before any comparison, and a success clears
    // only a row that exists (a busy backend's calls then write nothing here).
    const failures = await clientFailures(svc, rule, subject, client);
    refuseIfLocked(svc, failures);
    const matched = creds.publicToken === svc.project.project_id && creds.secret !== '' ? await matchProjectSecret(svc, creds.secret) : null;
    if (matched === null) {
      // Before counting: the check that locks the client is recorded too (and the lock, by lockout.ts).
      await recordAudit(svc, { action: 'secret_check.failed', outcome: 'failure', actor: { kind: 'anonymous' }, target: { kind: 'project', id: subject } });
      await countFailure(svc, rule, subject, client);
      throw refused('The project id and secret do not match an active secret of this project.');
    }
    if (failures) await clearFailures(svc, rule, subject, client);
    c.set('backendSecretId', matched);
  } catch (err) {
    throw asRefusal(err);
  }
  c.set('backendProject', svc.project);
}

/**
 * Authenticates a `/v1` call: a Bearer session of an admin of this project (the admin console,
 * server/admin/access.ts), else the project secret ({@link requireBackendSecret}).
 * @throws ApiError as those two checks do
 */
export async function requireBackendCaller(c: Ctx, svc: Services): Promise<void> {
  const bearer = bearerOf(c);
  if (bearer === null) return requireBackendSecret(c, svc);
  c.set('backendAdminId', await requireAdminSession(c, svc, bearer));
  c.set('backendProject', svc.project);
}

/** The project a `/v1` backend call authenticated as (set by the secret check before every backend handler). */
export function backendProject(c: Ctx): Project {
  const project = c.get('backendProject');
  // Only reachable from a handler registered outside BackendRoute: refuse rather than serve unauthenticated.
  if (!project) throw refused('This call needs a project secret.');
  return project;
}

/** Success answer of the `/v1` backend API, the provider's flat shape: `{ status_code: 200, request_id, ...payload }`. */
export function backendOk<T extends object>(c: Ctx, payload: T & { status_code?: never; request_id?: never }): Response {
  return c.json({ status_code: 200, request_id: c.get('requestId'), ...payload }, 200);
}
