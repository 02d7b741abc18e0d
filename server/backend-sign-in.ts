/**
 * Backend-driven sign-in (issue 27): what the methods' `/v1` authenticate routes share (magic links,
 * passcodes, passwords), so each method only proves its factor. A backend call names the session it
 * wants in its body, the provider's way: `session_duration_minutes` starts one, `session_token` or
 * `session_jwt` adds the factor to a live one, neither answers the user with no session. See
 * server/README.md, "Backend-driven sign-in".
 */
import { z } from 'zod/mini';
import { sessionDurationMinutes } from '../sdk-core/schemas/sessions.ts';
import type { AuthenticateResponse, AuthenticationFactor, Session } from '../sdk-core/schemas/index.ts';
import { USER_UPDATE_FIELDS } from './backend/schemas.ts';
import type { SessionsTable } from './db/schema.ts';
import { sha256Hex } from './crypto.ts';
import { ApiError } from './errors.ts';
import { clientIp, userAgent } from './request.ts';
import type { Ctx, Services } from './services.ts';
import { addSessionFactor, refuseImpersonated } from './session-factors.ts';
import { authenticateAnswer, createSession } from './sessions.ts';
import { loadUser } from './users.ts';

// Core's backend session and user modules reach the method registry (backend/users.ts -> ops/admin.ts ->
// methods.ts), whose methods import this module: loaded on first use, so no import cycle runs at start.
const backendSessions = () => import('./backend/sessions.ts');
const backendUsers = () => import('./backend/users.ts');

/** The end user's device as the backend reports it (the provider's `attributes`): recorded on a new session. */
export const BackendAttributes = z.strictObject({
  ip_address: z.optional(z.string().check(z.maxLength(64))),
  user_agent: z.optional(z.string().check(z.maxLength(512))),
});

/** The provider's `options` of an authenticate call; only `false` is accepted (nothing here records a send's IP or agent). */
const BackendOptions = z.strictObject({
  ip_match_required: z.optional(z.boolean()),
  user_agent_match_required: z.optional(z.boolean()),
});

/**
 * The session fields of every backend authenticate body (spread into the method's schema). A field the
 * provider sends that this server does not implement is refused, never ignored: `options` set to true.
 */
export const backendSessionFields = {
  session_duration_minutes: z.optional(sessionDurationMinutes),
  session_token: z.optional(z.string().check(z.maxLength(512))),
  session_jwt: z.optional(z.string().check(z.maxLength(8192))),
  session_custom_claims: z.optional(z.record(z.string(), z.unknown())),
  attributes: z.optional(BackendAttributes),
  options: z.optional(BackendOptions),
  telemetry_id: z.optional(z.string().check(z.maxLength(4096))),
};

const SessionFieldsSchema = z.object(backendSessionFields);
/** The session fields of a parsed backend authenticate body. */
export type BackendSessionRequest = z.infer<typeof SessionFieldsSchema>;

/** The session a backend sign-in adds its factor to, with the token that names it ('' when a JWT named it: tokens are stored hashed). */
export interface JoinedSession {
  row: SessionsTable;
  token: string;
}

/** The provider's answer of a backend authenticate call (the method adds `method_id` or `email_id`). */
export interface BackendSignInAnswer extends Omit<AuthenticateResponse, 'session'> {
  /** Null when the body asked for no session. */
  session: Session | null;
  /** Always false: a sign-in here never revokes the user's other sessions (a password change does, itself). */
  reset_sessions: boolean;
}

/** The live session of the project whose token hashes to `hash`, if any. */
async function liveSessionByHash(svc: Services, hash: string): Promise<SessionsTable | null> {
  const row = await svc.db.kysely
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', hash)
    .where('project_id', '=', svc.project.project_id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', svc.now())
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The live session a backend call names by `session_token` or `session_jwt` (a validly signed JWT of
 * this project, expired or not, names its session: backend/sessions.ts), or null when it names none.
 * @throws ApiError invalid_request_body (both given), session_not_found, unauthorized_action (an
 *   impersonated session: a factor or an address joining it would extend what the impersonator may do)
 */
export async function namedSession(
  svc: Services,
  body: { session_token?: string | undefined; session_jwt?: string | undefined },
): Promise<JoinedSession | null> {
  if (body.session_token !== undefined && body.session_jwt !== undefined) {
    throw new ApiError('invalid_request_body', { message: 'Give session_token or session_jwt, not both.' });
  }
  if (body.session_token === undefined && body.session_jwt === undefined) return null;
  const hash = body.session_token !== undefined ? sha256Hex(body.session_token) : await (await backendSessions()).hashOfJwtSession(svc, body.session_jwt ?? '');
  const row = hash === null ? null : await liveSessionByHash(svc, hash);
  if (!row) throw new ApiError('session_not_found');
  refuseImpersonated(row);
  return { row, token: body.session_token ?? '' };
}

/**
 * Checks a backend authenticate body's session fields BEFORE the factor is checked (a bad session or a
 * reserved custom claim must not burn a code or a link): the live session the body names, or null.
 * @throws ApiError invalid_request_body (options this server does not implement, a reserved claim),
 *   session_not_found, unauthorized_action
 */
export async function sessionToJoin(svc: Services, body: BackendSessionRequest): Promise<JoinedSession | null> {
  if (body.options?.ip_match_required || body.options?.user_agent_match_required) {
    throw new ApiError('invalid_request_body', { message: 'options.ip_match_required and options.user_agent_match_required are not supported.' });
  }
  if (body.session_custom_claims !== undefined) (await backendSessions()).mergedClaims(null, body.session_custom_claims);
  return namedSession(svc, body);
}

/** The session row with the body's custom claims merged over its own (a null claim removes it), stored. */
async function withClaims(svc: Services, row: SessionsTable, claims: Record<string, unknown> | undefined): Promise<SessionsTable> {
  if (claims === undefined) return row;
  const merged = JSON.stringify((await backendSessions()).mergedClaims(row.custom_claims, claims));
  const updated = await svc.db.kysely
    .updateTable('sessions')
    .set({ custom_claims: merged })
    .where('session_id', '=', row.session_id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  // Revoked between the sign-in and the write: the revoke wins.
  if (Number(updated.numUpdatedRows) === 0) throw new ApiError('session_not_found');
  return { ...row, custom_claims: merged };
}

/**
 * The answer of a backend sign-in whose factor the method has just proven for `userId`: the factor
 * joins `joined` (which must be the same user's), or starts a session when the body asks for one
 * (`session_duration_minutes`), or no session at all; `session_custom_claims` are set on the session.
 * The new session records the end user's device from `attributes` when the backend sends it, else the
 * request's.
 * @throws ApiError unauthorized_action (the session is another user's), session_not_found (it ended meanwhile)
 */
export async function backendSignIn(
  c: Ctx,
  svc: Services,
  o: { userId: string; factor: AuthenticationFactor; body: BackendSessionRequest; joined: JoinedSession | null },
): Promise<BackendSignInAnswer> {
  const { body, joined } = o;
  if (joined) {
    if (joined.row.user_id !== o.userId) throw new ApiError('unauthorized_action', { message: 'The session belongs to another user.' });
    // One factor per type and channel: a passcode by SMS joins a passcode by email instead of replacing it.
    const row = await addSessionFactor(svc, joined.row, o.factor, {
      durationMinutes: body.session_duration_minutes,
      identity: (f) => `${f.type}:${f.delivery_method}`,
    });
    if (!row) throw new ApiError('session_not_found');
    return { ...(await authenticateAnswer(svc, await withClaims(svc, row, body.session_custom_claims), joined.token)), reset_sessions: false };
  }
  if (body.session_duration_minutes !== undefined) {
    const { row, token } = await createSession(svc, {
      userId: o.userId,
      durationMinutes: body.session_duration_minutes,
      ip: body.attributes?.ip_address || clientIp(c, svc),
      userAgent: body.attributes?.user_agent ?? userAgent(c),
      factor: o.factor,
    });
    return { ...(await authenticateAnswer(svc, await withClaims(svc, row, body.session_custom_claims), token)), reset_sessions: false };
  }
  const user = await loadUser(svc, o.userId);
  if (!user) throw new ApiError('not_found');
  return { user_id: o.userId, session_token: '', session_jwt: '', session: null, user, reset_sessions: false };
}

/** The profile a backend call may give a user it creates (magic-link invite, password create): spread into its schema. */
export const UserProfileFields = {
  name: USER_UPDATE_FIELDS.name,
  trusted_metadata: USER_UPDATE_FIELDS.trusted_metadata,
  untrusted_metadata: USER_UPDATE_FIELDS.untrusted_metadata,
};
const UserProfileSchema = z.object(UserProfileFields);
/** A parsed {@link UserProfileFields}. */
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** Refuses a profile the backend's user calls would refuse (metadata over its size cap), before anyone is created. */
export async function checkNewUserProfile(profile: UserProfile): Promise<void> {
  (await backendUsers()).assertFieldSizes(profile);
}

/** Writes the profile of a user the call has just created (never of an existing one: a sign-in changes no profile). */
export async function setNewUserProfile(svc: Services, userId: string, profile: UserProfile): Promise<void> {
  const { name, trusted_metadata, untrusted_metadata } = profile;
  await (await backendUsers()).storeCoreFields(svc, userId, { name, trusted_metadata, untrusted_metadata });
}

/** The fields of a backend send that add the address to an existing user (the provider's `send` calls). */
export const backendSendUserFields = {
  user_id: z.optional(z.string().check(z.maxLength(256))),
  session_token: z.optional(z.string().check(z.maxLength(512))),
  session_jwt: z.optional(z.string().check(z.maxLength(8192))),
};
const SendUserSchema = z.object(backendSendUserFields);

/**
 * The user a backend send adds the address to: `user_id` (a user of the project) or the user of the live
 * session `session_token` or `session_jwt` names; undefined for a plain send (to an existing user's own address).
 * @throws ApiError user_not_found, session_not_found, unauthorized_action (an impersonated session)
 */
export async function backendSendUser(svc: Services, body: z.infer<typeof SendUserSchema>): Promise<string | undefined> {
  const named = await namedSession(svc, body);
  if (named) return named.row.user_id;
  if (body.user_id === undefined) return undefined;
  const user = await svc.db.kysely
    .selectFrom('users')
    .select('user_id')
    .where('project_id', '=', svc.project.project_id)
    .where('user_id', '=', body.user_id)
    .executeTakeFirst();
  if (!user) throw new ApiError('user_not_found');
  return user.user_id;
}
