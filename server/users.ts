/**
 * User storage: find-or-create by email, and the wire shape of a user: core's fields (the user row, its
 * emails and phone numbers) and each sign-in method's sub-records (ServerMethod.userRecords).
 */
import { ADDRESS_ORDER } from './address-order.ts';
import type { User } from '../sdk-core/schemas/index.ts';
import { newId } from './crypto.ts';
import type { UsersTable } from './db/schema.ts';
import type { Services } from './services.ts';
import { batchedReads, preparedQuery } from './db/prepared.ts';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import type { UserRecords } from './method.ts';
import { toPhoneNumber, userPhoneRows } from './phones.ts';
import type { NewUserFacts } from './hooks/before-user-create.ts';
import { newUserRow } from './user-row.ts';

/** Outcome of {@link findOrCreateUserByEmail}. */
export interface EmailUser {
  user_id: string;
  email_id: string;
  created: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** An email address of the project: its id, its user and whether it is verified; undefined when no user has it. */
export function findEmail(svc: Services, email: string): Promise<{ email_id: string; user_id: string; verified: number } | undefined> {
  return svc.db.kysely
    .selectFrom('emails')
    .select(['email_id', 'user_id', 'verified'])
    .where('project_id', '=', svc.project.project_id)
    .where('email', '=', email)
    .executeTakeFirst();
}

/**
 * Finds the user owning `email` in the project or creates one (`status`, default active; email unverified
 * until the first successful OTP or magic link); `from`: who creates it, for the before_user_create hook. Safe under concurrency: the unique (project_id, email) constraint decides the race.
 */
export async function findOrCreateUserByEmail(
  svc: Services,
  email: string,
  status: 'active' | 'pending' = 'active',
  from: Pick<NewUserFacts, 'source' | 'details'> = { source: 'email' },
): Promise<EmailUser> {
  const k = svc.db.kysely;
  const projectId = svc.project.project_id;
  const find = () => k.selectFrom('emails').select(['email_id', 'user_id']).where('project_id', '=', projectId).where('email', '=', email).executeTakeFirst();
  const existing = await find();
  if (existing) return { ...existing, created: false };

  const mode = svc.project.mode;
  const row = await newUserRow(svc, { ...from, status, email });
  const userId = row.user_id;
  const emailId = newId('email', mode);
  const now = row.created_at;
  const won = await k.transaction().execute(async (tx) => {
    await tx.insertInto('users').values(row).execute();
    const inserted = await tx
      .insertInto('emails')
      .values({ email_id: emailId, project_id: projectId, user_id: userId, email, verified: 0, created_at: now })
      .onConflict((oc) => oc.columns(['project_id', 'email']).doNothing())
      .returning('email_id')
      .executeTakeFirst();
    if (!inserted) {
      // Lost the race to a parallel sign-up of the same email: drop our orphan user.
      await tx.deleteFrom('users').where('user_id', '=', userId).execute();
      return false;
    }
    return true;
  });
  if (won) {
    await svc.events.emit({ type: 'user.created', user_id: userId });
    return { user_id: userId, email_id: emailId, created: true };
  }
  const winner = await find();
  if (!winner) throw new Error('email row vanished after a conflicting insert');
  return { ...winner, created: false };
}

/** The user-row columns loadUser reads, when the caller has them already (sessions/authenticate reads them with the session). */
export type KnownUserRow = Pick<UsersTable, 'status' | 'created_at'> & { untrusted_metadata: string; name: string; trusted_metadata: string };

/**
 * Loads a user in wire shape; null when it does not exist in the active project. `known`: the user's
 * row as just read in the active project (it is then not read again).
 */
export async function loadUser(svc: Services, userId: string, known?: KnownUserRow): Promise<User | null> {
  const projectId = svc.project.project_id;
  // The user row and its sub-records at once: in-process statements back to back on SQLite; on Postgres
  // one statement, one round trip (db/prepared.ts batchedReads) instead of one per table.
  const read = (k: Kysely<Database>) => {
    const s = k === svc.db.kysely ? svc : { ...svc, db: { ...svc.db, kysely: k } };
    return Promise.all([
      known ? [{ user_id: userId, ...known }] : userRow(k, userId, projectId),
      userEmails(k, userId),
      userPhoneRows(k, userId),
      ...svc.methods.map((m) => m.userRecords?.(s, userId) ?? {}),
    ]);
  };
  const [[user], emails, phoneNumbers, ...methodParts] = await batchedReads(svc.db, read);
  if (!user) return null;
  return {
    user_id: user.user_id,
    emails: emails.map((e) => ({ email_id: e.email_id, email: e.email, verified: e.verified === 1 })),
    phone_numbers: phoneNumbers.map(toPhoneNumber),
    name: parseName(user.name),
    providers: [],
    totps: [],
    webauthn_registrations: [],
    crypto_wallets: [],
    biometric_registrations: [],
    trusted_metadata: parseMetadata(user.trusted_metadata),
    untrusted_metadata: parseMetadata(user.untrusted_metadata),
    created_at: iso(user.created_at),
    status: user.status === 'pending' ? 'pending' : 'active',
    roles: [],
    password: null,
    // Each method's sub-records replace their empty defaults above (keeping the keys' order).
    ...methodParts.reduce<UserRecords>((all, part) => Object.assign(all, part), {}),
  };
}

const userRow = preparedQuery((k, userId: string, projectId: string) =>
  k.selectFrom('users').selectAll().where('user_id', '=', userId).where('project_id', '=', projectId),
);
// The chosen primary first, then oldest first (docs/reference/methods/users.md#rules).
const userEmails = preparedQuery((k, userId: string) => k.selectFrom('emails').selectAll().where('user_id', '=', userId).orderBy(ADDRESS_ORDER));

/** The stored name (set by the backend API), each part a string ('' when unset). */
function parseName(raw: string | undefined): User['name'] {
  const n = parseMetadata(raw);
  const part = (v: unknown) => (typeof v === 'string' ? v : '');
  return { first_name: part(n.first_name), middle_name: part(n.middle_name), last_name: part(n.last_name) };
}

/** The stored metadata object; a corrupt value reads as empty rather than failing every user read. */
function parseMetadata(raw: string | undefined): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw ?? '{}');
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
