/**
 * Backend-driven sign-in (issue 27): what the methods' `/v1` authenticate routes share (magic links,
 * passcodes, passwords), so each method only proves its factor. A backend call names the session it
 * wants in its body, the provider's way: `session_duration_minutes` starts one, `session_token` adds
 * the factor to a live one, neither answers the user with no session. See server/README.md, "Backend
 * sign-in".
 */
import { z } from 'zod/mini';
import { sessionDurationMinutes } from '../sdk-core/schemas/sessions.ts';
import type { AuthenticateResponse, AuthenticationFactor, Session } from '../sdk-core/schemas/index.ts';
import type { SessionsTable } from './db/schema.ts';
import { ApiError } from './errors.ts';
import { clientIp, userAgent } from './request.ts';
import type { Ctx, Services } from './services.ts';
import { addSessionFactor, refuseImpersonated } from './session-factors.ts';
import { authenticateAnswer, createSession, findLiveSession } from './sessions.ts';
import { loadUser } from './users.ts';

/** The end user's device as the backend reports it (the provider's `attributes`): recorded on a new session. */
export const BackendAttributes = z.object({
  ip_address: z.optional(z.string().check(z.maxLength(64))),
  user_agent: z.optional(z.string().check(z.maxLength(512))),
});

/** The provider's `options` of an authenticate call; only `false` is accepted (nothing here records a send's IP or agent). */
const BackendOptions = z.object({
  ip_match_required: z.optional(z.boolean()),
  user_agent_match_required: z.optional(z.boolean()),
});

/**
 * The session fields of every backend authenticate body (spread into the method's schema). A field the
 * provider sends that this server does not implement is refused, never ignored: `session_jwt` and
 * `session_custom_claims` until the backend session seam takes them, `options` set to true.
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

/** The session a backend sign-in adds its factor to, with the token that names it. */
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

/**
 * Checks a backend authenticate body's session fields BEFORE the factor is checked (a bad session must
 * not burn a code or a link): the live session `session_token` names, or null when it names none.
 * @throws ApiError invalid_request_body (a field this server does not implement), session_not_found,
 *   unauthorized_action (an impersonated session)
 */
export async function sessionToJoin(svc: Services, body: BackendSessionRequest): Promise<JoinedSession | null> {
  if (body.options?.ip_match_required || body.options?.user_agent_match_required) {
    throw new ApiError('invalid_request_body', { message: 'options.ip_match_required and options.user_agent_match_required are not supported.' });
  }
  if (body.session_jwt !== undefined) {
    throw new ApiError('invalid_request_body', { message: 'session_jwt is not supported on this call: pass session_token.' });
  }
  if (body.session_custom_claims !== undefined && Object.keys(body.session_custom_claims).length > 0) {
    throw new ApiError('invalid_request_body', { message: 'session_custom_claims is not supported on this call.' });
  }
  if (body.session_token === undefined) return null;
  const row = await findLiveSession(svc, body.session_token);
  if (!row) throw new ApiError('session_not_found');
  // Adding a factor extends what the session may do: an impersonator's session may not (session-factors.ts).
  refuseImpersonated(row);
  return { row, token: body.session_token };
}

/**
 * The answer of a backend sign-in whose factor the method has just proven for `userId`: the factor
 * joins `joined` (which must be the same user's), or starts a session when the body asks for one
 * (`session_duration_minutes`), or no session at all. The new session records the end user's device
 * from `attributes` when the backend sends it, else the request's.
 * @throws ApiError unauthorized_action (the session is another user's), session_not_found (it ended meanwhile)
 */
export async function backendSignIn(
  c: Ctx,
  svc: Services,
  o: { userId: string; factor: AuthenticationFactor; body: BackendSessionRequest; joined: JoinedSession | null },
): Promise<BackendSignInAnswer> {
  const { body, joined } = o;
  if (joined) {
    if (joined.row.user_id !== o.userId) throw new ApiError('unauthorized_action', { message: 'The session_token belongs to another user.' });
    // One factor per type and channel: a passcode by SMS joins a passcode by email instead of replacing it.
    const row = await addSessionFactor(svc, joined.row, o.factor, {
      durationMinutes: body.session_duration_minutes,
      identity: (f) => `${f.type}:${f.delivery_method}`,
    });
    if (!row) throw new ApiError('session_not_found');
    return { ...(await authenticateAnswer(svc, row, joined.token)), reset_sessions: false };
  }
  if (body.session_duration_minutes !== undefined) {
    const { row, token } = await createSession(svc, {
      userId: o.userId,
      durationMinutes: body.session_duration_minutes,
      ip: body.attributes?.ip_address || clientIp(c, svc),
      userAgent: body.attributes?.user_agent ?? userAgent(c),
      factor: o.factor,
    });
    return { ...(await authenticateAnswer(svc, row, token)), reset_sessions: false };
  }
  const user = await loadUser(svc, o.userId);
  if (!user) throw new ApiError('not_found');
  return { user_id: o.userId, session_token: '', session_jwt: '', session: null, user, reset_sessions: false };
}

/** A user's name as the provider's backend takes it. */
const UserName = z.object({
  first_name: z.optional(z.string().check(z.maxLength(256))),
  middle_name: z.optional(z.string().check(z.maxLength(256))),
  last_name: z.optional(z.string().check(z.maxLength(256))),
});

/** The profile a backend call may give a user it creates (magic-link invite, password create): spread into its schema. */
export const UserProfileFields = {
  name: z.optional(UserName),
  trusted_metadata: z.optional(z.record(z.string(), z.unknown())),
  untrusted_metadata: z.optional(z.record(z.string(), z.unknown())),
};
const UserProfileSchema = z.object(UserProfileFields);
/** A parsed {@link UserProfileFields}. */
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** Writes the profile of a user the call has just created (never of an existing one: a sign-in changes no profile). */
export async function setNewUserProfile(svc: Services, userId: string, profile: UserProfile): Promise<void> {
  if (profile.untrusted_metadata === undefined) return;
  await svc.db.kysely
    .updateTable('users')
    .set({ untrusted_metadata: JSON.stringify(profile.untrusted_metadata) })
    .where('project_id', '=', svc.project.project_id)
    .where('user_id', '=', userId)
    .execute();
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
 * session `session_token` names; undefined for a plain send (to an existing user's own address).
 * @throws ApiError user_not_found, session_not_found, invalid_request_body (session_jwt, not implemented here)
 */
export async function backendSendUser(svc: Services, body: z.infer<typeof SendUserSchema>): Promise<string | undefined> {
  if (body.session_jwt !== undefined) throw new ApiError('invalid_request_body', { message: 'session_jwt is not supported on this call: pass session_token.' });
  if (body.session_token !== undefined) {
    const session = await findLiveSession(svc, body.session_token);
    if (!session) throw new ApiError('session_not_found');
    // The address joins the user once verified: an impersonator may not add one (session-factors.ts).
    refuseImpersonated(session);
    return session.user_id;
  }
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
