/**
 * Who is calling, as the lockouts see it (docs/reference/security.md#lockouts: limits keyed by user and client): keyed hashes of the
 * client's IP and of the SDK's persistent_id, so the database never holds either in clear (a bare SHA-256
 * of an IPv4 address is reversed by trying all 2^32), plus stable decoy ids for enumeration protection.
 * The key is a random per-project secret generated at first start (table `server_secrets`).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import { clientIp } from './request.ts';
import type { Ctx, Services } from './services.ts';

/** Name of the HMAC key in `server_secrets`. */
const CLIENT_KEY_NAME = 'client_key';

/**
 * The project's client-hashing key, created on first start. Run inside the start-up lock (app.ts) so
 * instances starting together on one database agree on one key; a lost insert race reads the winner's.
 */
export async function loadClientKey(k: Kysely<Database>, projectId: string, now: number): Promise<Buffer> {
  await k
    .insertInto('server_secrets')
    .values({ project_id: projectId, name: CLIENT_KEY_NAME, secret: randomBytes(32).toString('base64url'), created_at: now })
    .onConflict((oc) => oc.columns(['project_id', 'name']).doNothing())
    .execute();
  const row = await k
    .selectFrom('server_secrets')
    .select('secret')
    .where('project_id', '=', projectId)
    .where('name', '=', CLIENT_KEY_NAME)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.secret, 'base64url');
}

/** Keyed hashing with the project's client key. */
export interface ClientKeys {
  /** Hex HMAC-SHA-256 of `purpose:value`; the purpose keeps an IP and an id from ever sharing a hash. */
  hash(purpose: 'ip' | 'persistent_id' | 'decoy' | 'dev_secret' | 'audit_cursor', value: string): string;
}

/** {@link ClientKeys} over `key`. */
export function clientKeys(key: Buffer): ClientKeys {
  return {
    hash: (purpose, value) => createHmac('sha256', key).update(`${purpose}:${value}`, 'utf8').digest('hex'),
  };
}

/** Keyed hash of the request's client IP (`clientIp`: the socket, or X-Forwarded-For behind a trusted proxy). */
export function clientIpHash(c: Ctx, svc: Services): string {
  return svc.clientKeys.hash('ip', clientIp(c, svc));
}

/**
 * The SDK's `persistent_id` from the `X-SDK-Client` header (base64 JSON, docs/reference/wire-protocol.md#url-and-headers), or null when the
 * header is absent or malformed. Random per browser and kept in its storage: a stranger cannot guess it,
 * so it marks "this browser signed in here before" even when the IP changed.
 */
export function persistentId(c: Ctx): string | null {
  const header = c.req.header('x-sdk-client');
  if (!header || header.length > 4096) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
    const id = typeof parsed === 'object' && parsed !== null ? (parsed as { persistent_id?: unknown }).persistent_id : undefined;
    return typeof id === 'string' && id.length >= 8 && id.length <= 200 ? id : null;
  } catch {
    return null;
  }
}

/** The hashed markers of the calling client: its IP, and its persistent_id when the SDK sent one. */
export function clientMarkers(c: Ctx, svc: Services): string[] {
  const markers = [clientIpHash(c, svc)];
  const pid = persistentId(c);
  if (pid) markers.push(svc.clientKeys.hash('persistent_id', pid));
  return markers;
}

/**
 * Records that the calling client signed in to `userId` (a successful sign-in by any method), so in a
 * guarded account (passwords under attack) it still gets through. Upserts one row per marker.
 */
export async function rememberClient(c: Ctx, svc: Services, userId: string): Promise<void> {
  const now = svc.now();
  for (const marker of clientMarkers(c, svc)) {
    await svc.db.kysely
      .insertInto('known_clients')
      .values({ project_id: svc.project.project_id, user_id: userId, marker_hash: marker, last_seen_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'marker_hash']).doUpdateSet({ last_seen_at: now }))
      .execute();
  }
}

/** True when one of the calling client's markers signed in to `userId` before. */
export async function isKnownClient(c: Ctx, svc: Services, userId: string): Promise<boolean> {
  const row = await svc.db.kysely
    .selectFrom('known_clients')
    .select('marker_hash')
    .where('user_id', '=', userId)
    .where('marker_hash', 'in', clientMarkers(c, svc))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A stable id that looks like a real one (`{kind}-{mode}-{uuid v4}`) derived from `label` with the
 * project key: what enumeration protection answers for an address without an account, the same on
 * every call, so repeating a call tells known and unknown addresses no more apart than one call does.
 */
export function decoyId(svc: Services, kind: string, label: string): string {
  const h = svc.clientKeys.hash('decoy', `${kind}:${label}`);
  // Version 4 and the RFC 9562 variant bits, as randomUUID sets them.
  const variant = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const uuid = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  return `${kind}-${svc.project.mode}-${uuid}`;
}
