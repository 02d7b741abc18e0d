/**
 * Users through the `/v1` backend API (issue 27): create, get, update, delete, the factor deletes and the
 * external id's removal, in the provider's shapes (docs/reference/wire-protocol.md#error-bodies for errors).
 * A backend sets only the
 * fields the provider lets it set: name, trusted and untrusted metadata, external id, and the methods'
 * fields (`ServerMethod.userFields`, e.g. roles); a body naming anything else (id, status, creation time,
 * factors) is refused whole, so a mass assignment never half-applies.
 */
import { z } from 'zod/mini';
import type { User } from '../../sdk-core/schemas/index.ts';
import { bodyEmail } from '../auth-helpers.ts';
import { assertJsonFieldSize, readJson } from '../body.ts';
import { newId } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import type { MethodFactor, UserField } from '../method.ts';
import { normalizePhone } from '../phones.ts';
import type { BackendRoute } from '../routes/types.ts';
import type { Ctx, Services } from '../services.ts';
import { removeUser } from '../user-actions.ts';
import { newUserRow } from '../user-row.ts';
import { loadUser } from '../users.ts';
import { backendOk } from './auth.ts';
import { BACKEND_JSON_FIELD_MAX_BYTES, USER_CREATE_FIELDS, USER_UPDATE_FIELDS } from './schemas.ts';

/**
 * The provider's user as the backend API shows it: the wire user, its external id (when set) and lock
 * state; `status` is `suspended` while an admin suspended the user (issue 31, server/admin/).
 */
export type BackendUser = Omit<User, 'status'> & { status: User['status'] | 'suspended'; external_id?: string; is_locked: boolean };

/** The user `userId` of the project as the backend API shows it; null when the project has none by that id. */
export async function backendUser(svc: Services, userId: string): Promise<BackendUser | null> {
  const [user, row] = await Promise.all([
    loadUser(svc, userId),
    svc.db.kysely
      .selectFrom('users')
      .select(['external_id', 'locked_until', 'suspended_at'])
      .where('user_id', '=', userId)
      .where('project_id', '=', svc.project.project_id)
      .executeTakeFirst(),
  ]);
  if (!user || !row) return null;
  return {
    ...user,
    ...(row.suspended_at !== null ? { status: 'suspended' as const } : {}),
    ...(row.external_id ? { external_id: row.external_id } : {}),
    is_locked: row.locked_until !== null && Number(row.locked_until) > svc.now(),
  };
}

/** {@link backendUser}, or 404 user_not_found. */
export async function requireBackendUser(svc: Services, userId: string): Promise<BackendUser> {
  const user = await backendUser(svc, userId);
  if (!user) throw new ApiError('user_not_found');
  return user;
}

/** Every method's user fields (`ServerMethod.userFields`), by body key. */
function methodUserFields(svc: Services): Record<string, UserField> {
  const out: Record<string, UserField> = {};
  for (const m of svc.methods) {
    for (const [key, field] of Object.entries(m.userFields ?? {})) {
      if (key in out || key in USER_CREATE_FIELDS) throw new Error(`user field ${key} of method ${m.name} is declared twice`);
      out[key] = field;
    }
  }
  return out;
}

const CoreCreate = z.strictObject(USER_CREATE_FIELDS);
const CoreUpdate = z.strictObject(USER_UPDATE_FIELDS);
/** A parsed `POST /v1/users` body: core's fields, and the methods' by key. */
type CreateBody = z.output<typeof CoreCreate> & Record<string, unknown>;
/** A parsed `PUT /v1/users/{id}` body: core's fields, and the methods' by key. */
type UpdateBody = z.output<typeof CoreUpdate> & Record<string, unknown>;

/** A strict body schema: core's fields and the methods' (each optional); what it parses is a `B`. */
function bodySchema<B>(core: Record<string, z.ZodMiniType>, methods: Record<string, UserField>): z.ZodMiniType<B> {
  return z.strictObject({ ...core, ...Object.fromEntries(Object.entries(methods).map(([k, f]) => [k, z.optional(f.schema)])) }) as unknown as z.ZodMiniType<B>;
}

/** Values of the fields a backend may set, checked beyond their schema. */
interface SettableFields {
  name?: { first_name?: string | undefined; middle_name?: string | undefined; last_name?: string | undefined } | undefined;
  trusted_metadata?: Record<string, unknown> | undefined;
  untrusted_metadata?: Record<string, unknown> | undefined;
  external_id?: string | undefined;
}

/** Refuses metadata objects over the backend's size cap (400 invalid_request_body naming the field). */
export function assertFieldSizes(body: SettableFields): void {
  assertJsonFieldSize(body.trusted_metadata, BACKEND_JSON_FIELD_MAX_BYTES, '.trusted_metadata');
  assertJsonFieldSize(body.untrusted_metadata, BACKEND_JSON_FIELD_MAX_BYTES, '.untrusted_metadata');
}

/** Refuses an external id another user of the project has (400 duplicate_external_id). */
async function assertExternalIdFree(svc: Services, externalId: string | undefined, userId: string | null): Promise<void> {
  if (externalId === undefined) return;
  let q = svc.db.kysely.selectFrom('users').select('user_id').where('project_id', '=', svc.project.project_id).where('external_id', '=', externalId);
  if (userId) q = q.where('user_id', '!=', userId);
  if (await q.executeTakeFirst()) throw new ApiError('duplicate_external_id');
}

/** Stores the core fields given (name parts merge over the stored ones; metadata objects are replaced whole, as the provider does). */
export async function storeCoreFields(svc: Services, userId: string, body: SettableFields): Promise<void> {
  const set: { name?: string; trusted_metadata?: string; untrusted_metadata?: string; external_id?: string } = {};
  if (body.name !== undefined) {
    const current = (await loadUser(svc, userId))?.name ?? { first_name: '', middle_name: '', last_name: '' };
    set.name = JSON.stringify({
      first_name: body.name.first_name ?? current.first_name,
      middle_name: body.name.middle_name ?? current.middle_name,
      last_name: body.name.last_name ?? current.last_name,
    });
  }
  if (body.trusted_metadata !== undefined) set.trusted_metadata = JSON.stringify(body.trusted_metadata);
  if (body.untrusted_metadata !== undefined) set.untrusted_metadata = JSON.stringify(body.untrusted_metadata);
  if (body.external_id !== undefined) set.external_id = body.external_id;
  if (Object.keys(set).length === 0) return;
  try {
    await svc.db.kysely.updateTable('users').set(set).where('user_id', '=', userId).where('project_id', '=', svc.project.project_id).execute();
  } catch (err) {
    // A parallel update took the external id between the check and the write: the unique index decides.
    if (body.external_id !== undefined) throw new ApiError('duplicate_external_id', { cause: err });
    throw err;
  }
}

/** Applies the methods' fields present in the body, in registration order. */
async function applyMethodFields(svc: Services, userId: string, fields: Record<string, UserField>, body: Record<string, unknown>): Promise<void> {
  for (const [key, field] of Object.entries(fields)) if (body[key] !== undefined) await field.apply(svc, userId, body[key]);
}

/** Creates the user of `POST /v1/users` with its email and/or phone number; 400 duplicate_* when one is taken. */
async function createUser(
  svc: Services,
  o: { email?: string; phone?: string; pending: boolean },
): Promise<{ userId: string; emailId: string; phoneId: string }> {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;
  const mode = svc.project.mode;
  if (o.email && (await k.selectFrom('emails').select('email_id').where('project_id', '=', pid).where('email', '=', o.email).executeTakeFirst())) {
    throw new ApiError('duplicate_email');
  }
  if (
    o.phone &&
    (await k.selectFrom('phone_numbers').select('phone_id').where('project_id', '=', pid).where('phone_number', '=', o.phone).executeTakeFirst())
  ) {
    throw new ApiError('duplicate_phone_number');
  }
  const row = await newUserRow(svc, {
    source: 'backend',
    status: o.pending ? 'pending' : 'active',
    ...(o.email ? { email: o.email } : {}),
    ...(o.phone ? { phone_number: o.phone } : {}),
  });
  const now = row.created_at;
  const ids = { userId: row.user_id, emailId: o.email ? newId('email', mode) : '', phoneId: o.phone ? newId('phone-number', mode) : '' };
  try {
    await k.transaction().execute(async (tx) => {
      await tx.insertInto('users').values(row).execute();
      if (o.email) {
        await tx
          .insertInto('emails')
          .values({ email_id: ids.emailId, project_id: pid, user_id: ids.userId, email: o.email, verified: 0, created_at: now })
          .execute();
      }
      if (o.phone) {
        await tx
          .insertInto('phone_numbers')
          .values({ phone_id: ids.phoneId, project_id: pid, user_id: ids.userId, phone_number: o.phone, verified: 0, created_at: now })
          .execute();
      }
    });
  } catch (err) {
    // A parallel create of the same address won the unique constraint.
    throw new ApiError(o.email ? 'duplicate_email' : 'duplicate_phone_number', { cause: err });
  }
  return ids;
}

/**
 * Core's removable factors through the backend (the user's email addresses and phone numbers), beside the
 * methods' (`ServerMethod.factors` with `removeByBackend`).
 */
function coreBackendFactor(kind: string, notFound: MethodFactor['notFound'], table: 'emails' | 'phone_numbers'): MethodFactor {
  return {
    kind,
    notFound,
    eventKind: table === 'emails' ? 'email' : 'phone',
    remove: async () => false,
    async removeByBackend(svc, id) {
      const k = svc.db.kysely;
      const pid = svc.project.project_id;
      const row =
        table === 'emails'
          ? await k.selectFrom('emails').select('user_id').where('email_id', '=', id).where('project_id', '=', pid).executeTakeFirst()
          : await k.selectFrom('phone_numbers').select('user_id').where('phone_id', '=', id).where('project_id', '=', pid).executeTakeFirst();
      if (!row) return null;
      if (table === 'emails') await k.deleteFrom('emails').where('email_id', '=', id).where('project_id', '=', pid).execute();
      else await k.deleteFrom('phone_numbers').where('phone_id', '=', id).where('project_id', '=', pid).execute();
      return row.user_id;
    },
  };
}

const CORE_BACKEND_FACTORS: readonly MethodFactor[] = [
  coreBackendFactor('emails', 'email_not_found', 'emails'),
  coreBackendFactor('phone_numbers', 'phone_number_not_found', 'phone_numbers'),
];

const userIdParam = (c: Ctx) => c.req.param('user_id') ?? '';

/** Registers the users routes of the backend API. */
export function backendUserRoutes(route: BackendRoute, svc: Services): void {
  const fields = methodUserFields(svc);
  const createSchema = bodySchema<CreateBody>(USER_CREATE_FIELDS, fields);
  const updateSchema = bodySchema<UpdateBody>(USER_UPDATE_FIELDS, fields);

  route('POST', '/v1/users', async (c) => {
    const body = await readJson(c, createSchema, svc.maxBodyBytes);
    assertFieldSizes(body);
    const email = body.email !== undefined ? bodyEmail(body.email) : undefined;
    const phone = body.phone_number !== undefined ? normalizePhone(body.phone_number) : undefined;
    if (email === undefined && phone === undefined) {
      throw new ApiError('invalid_request_body', { message: 'A user needs an email or a phone_number.' });
    }
    await assertExternalIdFree(svc, body.external_id, null);
    const ids = await createUser(svc, { ...(email ? { email } : {}), ...(phone ? { phone } : {}), pending: body.create_user_as_pending === true });
    await storeCoreFields(svc, ids.userId, body);
    await applyMethodFields(svc, ids.userId, fields, body);
    await svc.events.emit({ type: 'user.created', user_id: ids.userId });
    const user = await requireBackendUser(svc, ids.userId);
    return backendOk(c, { user_id: ids.userId, email_id: ids.emailId, phone_id: ids.phoneId, status: user.status, user });
  });

  route('GET', '/v1/users/:user_id', async (c) => backendOk(c, await requireBackendUser(svc, userIdParam(c))));

  route('PUT', '/v1/users/:user_id', async (c) => {
    const userId = userIdParam(c);
    await requireBackendUser(svc, userId);
    const body = await readJson(c, updateSchema, svc.maxBodyBytes);
    assertFieldSizes(body);
    await assertExternalIdFree(svc, body.external_id, userId);
    await storeCoreFields(svc, userId, body);
    await applyMethodFields(svc, userId, fields, body);
    await svc.events.emit({ type: 'user.updated', user_id: userId });
    const user = await requireBackendUser(svc, userId);
    // The provider's update answer repeats the user's addresses, and some methods' records, beside the whole user.
    const repeated = Object.fromEntries(svc.methods.flatMap((m) => m.backendUpdateAnswerRecords ?? []).map((key) => [key, user[key]]));
    return backendOk(c, { user_id: userId, emails: user.emails, phone_numbers: user.phone_numbers, ...repeated, user });
  });

  route('DELETE', '/v1/users/:user_id', async (c) => {
    const userId = userIdParam(c);
    // The same action as the CLI's `users delete` (user-actions.ts).
    await removeUser(svc, userId, await requireBackendUser(svc, userId));
    return backendOk(c, { user_id: userId });
  });

  // The factor deletes: core's addresses and every method's factor that the backend may remove.
  const factors = [...CORE_BACKEND_FACTORS, ...svc.methods.flatMap((m) => m.factors ?? [])];
  for (const f of factors) {
    const removeByBackend = f.removeByBackend;
    if (!removeByBackend) continue;
    route('DELETE', `/v1/users/${f.kind}/:id`, async (c) => {
      const id = c.req.param('id') ?? '';
      const userId = await removeByBackend(svc, id);
      if (userId === null) throw new ApiError(f.notFound);
      if (f.eventKind) await svc.events.emit({ type: 'factor.removed', user_id: userId, factor: { kind: f.eventKind, id } });
      const user = await requireBackendUser(svc, userId);
      return backendOk(c, { user_id: userId, user });
    });
  }

  // After the factor deletes, so `/v1/users/{kind}/external_id` stays a factor id (user ids never name a kind).
  route('DELETE', '/v1/users/:user_id/external_id', async (c) => {
    const userId = userIdParam(c);
    await requireBackendUser(svc, userId);
    await svc.db.kysely
      .updateTable('users')
      .set({ external_id: null })
      .where('user_id', '=', userId)
      .where('project_id', '=', svc.project.project_id)
      .execute();
    return backendOk(c, { user_id: userId, user: await requireBackendUser(svc, userId) });
  });
}
