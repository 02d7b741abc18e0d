/**
 * The two-step sign-in's tokens (docs/reference/mfa.md#tokens): intermediate sessions (a first factor
 * passed, the second due; spent once) and trusted devices (skip the second step until they expire or
 * are revoked). Only the SHA-256 of either token is stored; neither lives in `sessions`, so no route
 * that reads a session can ever accept one.
 */
import type { AuthenticationFactor, TrustedDevice } from '../../sdk-core/schemas/index.ts';
import { claimOnce } from '../claim-once.ts';
import { newId, newSecretToken, sha256Hex } from '../crypto.ts';
import type { IntermediateSessionsTable, TrustedDevicesTable } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { sessionDevice } from '../session-device.ts';

/** Lifetime of an intermediate token: 10 minutes, as the client's `stytch_intermediate_session_token` cookie. */
export const INTERMEDIATE_SESSION_TTL_MS = 10 * 60_000;
/** Prefix of intermediate tokens (a reader of logs or bug reports tells them from session tokens at a glance). */
export const INTERMEDIATE_TOKEN_PREFIX = 'ist_';
/** Prefix of device tokens. */
export const DEVICE_TOKEN_PREFIX = 'dvt_';

const iso = (ms: number) => new Date(ms).toISOString();

/** Where a token was made: the request's client IP and User-Agent. */
export interface RequestOrigin {
  ip: string;
  userAgent: string;
}

/** Stores an intermediate session for `userId` who passed `factor`; returns its `ist_` token (the only time it exists in clear). */
export async function createIntermediateSession(svc: Services, o: RequestOrigin & { userId: string; factor: AuthenticationFactor }): Promise<string> {
  const now = svc.now();
  const token = `${INTERMEDIATE_TOKEN_PREFIX}${newSecretToken()}`;
  await svc.db.kysely
    .insertInto('intermediate_sessions')
    .values({
      intermediate_session_id: newId('intermediate-session', svc.project.mode),
      project_id: svc.project.project_id,
      user_id: o.userId,
      token_hash: sha256Hex(token),
      first_factor: JSON.stringify(o.factor),
      created_at: now,
      expires_at: now + INTERMEDIATE_SESSION_TTL_MS,
      consumed_at: null,
      ip_address: o.ip,
      user_agent: o.userAgent,
    })
    .execute();
  return token;
}

/** The live (unspent, unexpired) intermediate session of this project named by `token`, or null. */
export async function findIntermediateSession(svc: Services, token: string): Promise<IntermediateSessionsTable | null> {
  if (!token.startsWith(INTERMEDIATE_TOKEN_PREFIX)) return null;
  const row = await svc.db.kysely
    .selectFrom('intermediate_sessions')
    .selectAll()
    .where('token_hash', '=', sha256Hex(token))
    .where('project_id', '=', svc.project.project_id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', svc.now())
    .executeTakeFirst();
  return row ?? null;
}

/** Spends the intermediate session: true for exactly one of any number of parallel callers. */
export async function spendIntermediateSession(svc: Services, row: Pick<IntermediateSessionsTable, 'intermediate_session_id'>): Promise<boolean> {
  const spent = await claimOnce(svc.db.kysely, 'intermediate_sessions', { intermediate_session_id: row.intermediate_session_id }, { now: svc.now() });
  return spent.ok;
}

/** The first factor an intermediate session recorded. */
export function firstFactorOf(row: Pick<IntermediateSessionsTable, 'first_factor'>): AuthenticationFactor {
  return JSON.parse(row.first_factor) as AuthenticationFactor;
}

/** Stores a trusted device of `userId` for `days` days; returns its `dvt_` token (the only time it exists in clear). */
export async function createTrustedDevice(svc: Services, o: RequestOrigin & { userId: string; days: number }): Promise<string> {
  const now = svc.now();
  const token = `${DEVICE_TOKEN_PREFIX}${newSecretToken()}`;
  const row: TrustedDevicesTable = {
    device_id: newId('trusted-device', svc.project.mode),
    project_id: svc.project.project_id,
    user_id: o.userId,
    token_hash: sha256Hex(token),
    created_at: now,
    last_used_at: now,
    expires_at: now + o.days * 24 * 60 * 60_000,
    revoked_at: null,
    user_agent: o.userAgent,
    ip_address: o.ip,
  };
  await svc.db.kysely.insertInto('trusted_devices').values(row).execute();
  await svc.events.emit({ type: 'trusted_device.created', user_id: o.userId, device: toTrustedDevice(row) });
  return token;
}

/**
 * Uses a device token for `userId`: true (and `last_used_at` moved) when it is that user's, unexpired and
 * unrevoked; false for anything else (another user's, revoked, expired, unknown), never telling which.
 */
export async function useTrustedDevice(svc: Services, token: string, userId: string): Promise<boolean> {
  if (!token.startsWith(DEVICE_TOKEN_PREFIX)) return false;
  const now = svc.now();
  // One conditional UPDATE: a revoke racing the use wins cleanly.
  const used = await svc.db.kysely
    .updateTable('trusted_devices')
    .set({ last_used_at: now })
    .where('token_hash', '=', sha256Hex(token))
    .where('project_id', '=', svc.project.project_id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return used.numUpdatedRows > 0n;
}

/** Wire shape of a trusted device row. */
function toTrustedDevice(row: TrustedDevicesTable): TrustedDevice {
  return {
    device_id: row.device_id,
    created_at: iso(row.created_at),
    last_used_at: iso(row.last_used_at),
    expires_at: iso(row.expires_at),
    user_agent: row.user_agent,
    ip_address: row.ip_address,
    device: sessionDevice(row.user_agent),
  };
}

/** The user's live trusted devices (unrevoked, unexpired), newest first. */
export async function listTrustedDevices(svc: Services, userId: string): Promise<TrustedDevice[]> {
  const rows = await svc.db.kysely
    .selectFrom('trusted_devices')
    .selectAll()
    .where('project_id', '=', svc.project.project_id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', svc.now())
    .orderBy('created_at', 'desc')
    .orderBy('device_id')
    .execute();
  return rows.map(toTrustedDevice);
}

/** Revokes the user's live trusted device `deviceId`: false when the user has none by that id. */
export async function revokeTrustedDevice(svc: Services, userId: string, deviceId: string): Promise<boolean> {
  const now = svc.now();
  const done = await svc.db.kysely
    .updateTable('trusted_devices')
    .set({ revoked_at: now })
    .where('device_id', '=', deviceId)
    .where('project_id', '=', svc.project.project_id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  if (!done) return false;
  await svc.events.emit({ type: 'trusted_device.revoked', user_id: userId, device: toTrustedDevice(done) });
  return true;
}
