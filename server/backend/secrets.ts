/**
 * Project secrets (issue 27): what an application's backend authenticates `/v1` calls with, as Basic
 * `project_id:secret`. A secret is `secret-{mode}-` and 256 random bits (base64url); only its SHA-256 is
 * stored (table `project_secrets`), so it is shown once, when `auth-elements-server secrets create` makes
 * it. Several can be active at once: a backend rotates by creating a new one, deploying it, then revoking
 * the old. A test project also accepts one secret derived from the server's own key material (devSecret),
 * so `/dev/project.json` can hand a working secret to a developer without any plaintext being stored.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newId, safeEqualHex, sha256Hex } from '../crypto.ts';
import type { Database } from '../db/schema.ts';
import type { ProjectMode } from '../project/config.ts';
import type { Services } from '../services.ts';

/** One secret as `secrets list` shows it: never the secret, nor its hash. */
export interface ProjectSecretInfo {
  secret_id: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** A secret just created: the only time the secret itself is known. */
export interface CreatedProjectSecret extends ProjectSecretInfo {
  secret: string;
}

/** `last_used_at` is written at most this often per secret, so a busy backend does not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** A new random secret of a project in `mode`: `secret-test-…` or `secret-live-…`. */
export function newProjectSecret(mode: ProjectMode): string {
  return `secret-${mode}-${randomBytes(32).toString('base64url')}`;
}

/** Creates and stores (hashed) a new secret of the project; the answer is the one place the secret appears. */
export async function createProjectSecret(k: Kysely<Database>, project: { project_id: string; mode: ProjectMode }, now: number): Promise<CreatedProjectSecret> {
  const secret = newProjectSecret(project.mode);
  const row = { secret_id: newId('project-secret', project.mode), project_id: project.project_id, secret_hash: sha256Hex(secret), created_at: now };
  await k.insertInto('project_secrets').values(row).execute();
  return { secret_id: row.secret_id, created_at: now, last_used_at: null, revoked_at: null, secret };
}

/** The project's secrets, oldest first, revoked ones included (marked). */
export async function listProjectSecrets(k: Kysely<Database>, projectId: string): Promise<ProjectSecretInfo[]> {
  const rows = await k
    .selectFrom('project_secrets')
    .select(['secret_id', 'created_at', 'last_used_at', 'revoked_at'])
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('secret_id')
    .execute();
  return rows.map((r) => ({
    secret_id: r.secret_id,
    created_at: Number(r.created_at),
    last_used_at: r.last_used_at === null ? null : Number(r.last_used_at),
    revoked_at: r.revoked_at === null ? null : Number(r.revoked_at),
  }));
}

/** Revokes one active secret of the project: false when it has none by that id (or it was revoked already). */
export async function revokeProjectSecret(k: Kysely<Database>, projectId: string, secretId: string, now: number): Promise<boolean> {
  const res = await k
    .updateTable('project_secrets')
    .set({ revoked_at: now })
    .where('project_id', '=', projectId)
    .where('secret_id', '=', secretId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * The test project's development secret, derived (HMAC) from the server's per-project client key, so it
 * is stable across restarts, stored nowhere, and different on every server; null for a live project,
 * which accepts only the secrets the CLI created (docs/reference/security.md#tokens).
 */
export function devSecret(svc: Pick<Services, 'project' | 'clientKeys'>): string | null {
  if (svc.project.mode !== 'test') return null;
  return `secret-test-${svc.clientKeys.hash('dev_secret', svc.project.project_id)}`;
}

/**
 * The id of the project's active secret equal to `secret` (`dev` for the test project's development
 * secret), or null. Every active secret's hash is compared in constant time, without stopping at a match,
 * so the time taken says nothing about which (or how much of a) secret matched.
 */
export async function matchProjectSecret(svc: Pick<Services, 'db' | 'project' | 'clientKeys' | 'now'>, secret: string): Promise<string | null> {
  const presented = sha256Hex(secret);
  const rows = await svc.db.kysely
    .selectFrom('project_secrets')
    .select(['secret_id', 'secret_hash', 'last_used_at'])
    .where('project_id', '=', svc.project.project_id)
    .where('revoked_at', 'is', null)
    .execute();
  let found: { secret_id: string; last_used_at: number | null } | null = null;
  for (const r of rows) if (safeEqualHex(r.secret_hash, presented) && !found) found = r;
  const dev = devSecret(svc);
  const devMatch = dev !== null && safeEqualHex(sha256Hex(dev), presented);
  if (found) {
    const now = svc.now();
    if (found.last_used_at === null || now - Number(found.last_used_at) >= LAST_USED_RESOLUTION_MS) {
      await svc.db.kysely.updateTable('project_secrets').set({ last_used_at: now }).where('secret_id', '=', found.secret_id).execute();
    }
    return found.secret_id;
  }
  return devMatch ? 'dev' : null;
}
