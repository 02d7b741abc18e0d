/** The magic-links method's routes (docs/reference/methods/magic-links.md#screens, docs/reference/methods/magic-links.md#rules, docs/reference/methods/magic-links.md#calls): login_or_create, send primary / secondary, authenticate with PKCE. */
import {
  type AuthenticationFactor,
  MAGIC_LINK_EXPIRATION_DEFAULT,
  MagicLinkAuthenticateRequest,
  type MagicLinkSendRequest,
  MagicLinkSendRequest as SendSchema,
  type MagicLinkSendResponse,
} from '../../sdk-core/schemas/index.ts';
import { bodyEmail, limitEmailSend, linkWithToken, requireSession, resolveRedirect } from '../auth-helpers.ts';
import { decoyId, rememberClient } from '../client-keys.ts';
import { newId } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import { requireProjectAuth } from '../basic-auth.ts';
import { readJson } from '../body.ts';
import { ok } from '../responses.ts';
import type { Ctx, Services } from '../services.ts';
import type { OutboundMessage } from '../messaging/delivery.ts';
import { messageLocale, renderLinkMessage } from '../messaging/templates.ts';
import type { DeferredHandler, PreparedMessage } from '../outbox.ts';
import { DEFAULT_SESSION_DURATION_MINUTES } from '../sessions.ts';
import { signInOrSecondStep } from '../mfa/gate.ts';
import { enumerationProtected, pkceRequiredForMagicLinks } from '../settings.ts';
import { findEmail, findOrCreateUserByEmail } from '../users.ts';
import type { Route } from '../routes/types.ts';
import { issueEmailToken, redeemEmailToken } from './store.ts';
import type { MagicLinksTable } from './tables.ts';

/** Outbox job kind of an enumeration-protected magic-link send/primary. */
export const PRIMARY_LINK_JOB = 'magic_link_primary';

/** Inputs of a {@link PRIMARY_LINK_JOB}: no secret (the token is issued by the job). */
interface PrimaryLinkJob {
  email: string;
  url: string;
  minutes: number;
  codeChallenge: string | null;
  /** When the send was asked for; the link's lifetime counts from here. */
  at: number;
  /** The request's `locale`: the email's language (templates.ts). */
  locale?: string;
}

/** Issues the emailed token and renders its message (the caller enqueues it, or hands it to the outbox worker). */
export async function prepareLink(
  svc: Services,
  o: {
    userId: string;
    emailId: string;
    email: string;
    signup: boolean;
    url: string;
    minutes: number;
    codeChallenge: string | null;
    at?: number;
    locale?: string | undefined;
    /** An invitation (`/v1/magic_links/email/invite`): the project may word it apart from a sign-up, and greet the invitee by `firstName`. */
    invite?: { firstName: string | null };
  },
): Promise<PreparedMessage> {
  const { token, expiresAt } = await issueEmailToken(svc, {
    userId: o.userId,
    emailId: o.emailId,
    email: o.email,
    kind: o.signup ? 'signup' : 'login',
    minutes: o.minutes,
    codeChallenge: o.codeChallenge,
    ...(o.at !== undefined ? { at: o.at } : {}),
  });
  const link = linkWithToken(o.url, 'magic_links', token);
  const locale = messageLocale(o.locale);
  const rendered = renderLinkMessage(
    locale,
    o.invite ? 'invite' : o.signup ? 'signup' : 'login',
    { project: svc.project.project_name, link, minutes: o.minutes, to: o.email, firstName: o.invite?.firstName ?? null },
    svc.project.config.messages,
  );
  const kind = o.invite ? 'magic_link_invite' : o.signup ? 'magic_link_signup' : 'magic_link_login';
  const message: OutboundMessage = { projectId: svc.project.project_id, channel: 'email', to: o.email, ...rendered, code: null, link, kind, locale };
  return { message, expiresAt };
}

/**
 * The magic-links method's outbox job: enumeration protection's send/primary does the lookup, the token
 * and the email in the outbox worker, so the request does the same work for every address.
 */
export function magicLinkJobs(svc: Services): Record<string, DeferredHandler> {
  return {
    [PRIMARY_LINK_JOB]: async (payload) => {
      const p = payload as PrimaryLinkJob;
      const found = await findEmail(svc, p.email);
      if (!found) return null;
      return prepareLink(svc, {
        userId: found.user_id,
        emailId: found.email_id,
        email: p.email,
        signup: false,
        url: p.url,
        minutes: p.minutes,
        codeChallenge: p.codeChallenge,
        at: p.at,
        locale: p.locale,
      });
    },
  };
}

/** Fields of a send that shape the link: its URLs, lifetimes, PKCE challenge and language. */
export type LinkSendOptions = Omit<MagicLinkSendRequest, 'email' | 'captcha_token' | 'dfp_telemetry_id'>;

/** Validates the PKCE requirement and both redirect URLs before any user is created or mail sent. */
function prepareSend(c: Ctx, svc: Services, rawEmail: string, body: LinkSendOptions) {
  const email = bodyEmail(rawEmail);
  if (pkceRequiredForMagicLinks(svc.project) && !body.code_challenge) throw new ApiError('pkce_required');
  // Each URL given is checked; a missing one falls back to the other, then to the project default.
  const login = body.login_magic_link_url || undefined;
  const signup = body.signup_magic_link_url || undefined;
  const loginUrl = resolveRedirect(c, svc, login ?? signup, login ? 'login_magic_link_url' : 'signup_magic_link_url');
  const signupUrl = resolveRedirect(c, svc, signup ?? login, signup ? 'signup_magic_link_url' : 'login_magic_link_url');
  return { email, loginUrl, signupUrl };
}

async function sendLink(
  svc: Services,
  body: LinkSendOptions,
  o: { userId: string; emailId: string; email: string; signup: boolean; loginUrl: string; signupUrl: string },
): Promise<void> {
  const minutes = (o.signup ? body.signup_expiration_minutes : body.login_expiration_minutes) ?? MAGIC_LINK_EXPIRATION_DEFAULT;
  const prepared = await prepareLink(svc, {
    ...o,
    url: o.signup ? o.signupUrl : o.loginUrl,
    minutes,
    codeChallenge: body.code_challenge ?? null,
    locale: body.locale,
  });
  await svc.outbox.enqueueMessage(prepared.message, { expiresAt: prepared.expiresAt });
}

/**
 * login_or_create: a login link to a known address, a sign-up link (and a new user, pending when asked)
 * to a new one. With enumeration protection the answer does not tell which.
 */
export async function loginOrCreateLink(c: Ctx, svc: Services, rawEmail: string, body: LinkSendOptions): Promise<MagicLinkSendResponse> {
  const { email, loginUrl, signupUrl } = prepareSend(c, svc, rawEmail, body);
  await limitEmailSend(c, svc, 'magic_link_send', email);
  const user = await findOrCreateUserByEmail(svc, email, body.create_user_as_pending ? 'pending' : 'active');
  // A user who never completed a sign-in is still signing up: they get the signup link and lifetime.
  const verified = await svc.db.kysely.selectFrom('emails').select('verified').where('email_id', '=', user.email_id).executeTakeFirst();
  const signup = user.created || verified?.verified !== 1;
  await sendLink(svc, body, { userId: user.user_id, emailId: user.email_id, email, signup, loginUrl, signupUrl });
  // Enumeration protection: whether the address was new is not told.
  return { user_id: user.user_id, email_id: user.email_id, user_created: user.created && !enumerationProtected(svc.project) };
}

/**
 * send (primary): a login link to an existing user's address; 404 email_not_found for an unknown one,
 * or, with enumeration protection, the same answer (stable decoy ids) and the same work for every
 * address, the lookup and the email moving to an outbox job.
 */
export async function sendPrimaryLink(c: Ctx, svc: Services, rawEmail: string, body: LinkSendOptions): Promise<MagicLinkSendResponse> {
  const { email, loginUrl, signupUrl } = prepareSend(c, svc, rawEmail, body);
  if (enumerationProtected(svc.project)) {
    // Same limits, same lookup, same one enqueue and the same answer shape for every address; an
    // unknown one gets stable decoy ids and no email (the job finds no account).
    await limitEmailSend(c, svc, 'magic_link_send', email);
    const known = await findEmail(svc, email);
    const job: PrimaryLinkJob = {
      email,
      url: loginUrl,
      minutes: body.login_expiration_minutes ?? MAGIC_LINK_EXPIRATION_DEFAULT,
      codeChallenge: body.code_challenge ?? null,
      at: svc.now(),
      ...(body.locale ? { locale: body.locale } : {}),
    };
    await svc.outbox.enqueue(PRIMARY_LINK_JOB, job);
    return {
      user_id: known?.user_id ?? decoyId(svc, 'user', email),
      email_id: known?.email_id ?? decoyId(svc, 'email', email),
      user_created: false,
    };
  }
  const found = await findEmail(svc, email);
  if (!found) throw new ApiError('email_not_found');
  await limitEmailSend(c, svc, 'magic_link_send', email);
  await sendLink(svc, body, { userId: found.user_id, emailId: found.email_id, email, signup: false, loginUrl, signupUrl });
  return { user_id: found.user_id, email_id: found.email_id, user_created: false };
}

/**
 * send (secondary): a link that adds the address to `userId` when clicked (never before: nobody can
 * squat an address they do not control). 400 duplicate_email when another user has it.
 */
export async function sendSecondaryLink(c: Ctx, svc: Services, userId: string, rawEmail: string, body: LinkSendOptions): Promise<MagicLinkSendResponse> {
  const { email, loginUrl, signupUrl } = prepareSend(c, svc, rawEmail, body);
  const found = await findEmail(svc, email);
  if (found && found.user_id !== userId) throw new ApiError('duplicate_email');
  await limitEmailSend(c, svc, 'magic_link_send', email);
  // An address new to the user gets its id now; the emails row is written when the link is redeemed.
  const emailId = found?.email_id ?? newId('email', svc.project.mode);
  await sendLink(svc, body, { userId, emailId, email, signup: false, loginUrl, signupUrl });
  return { user_id: userId, email_id: emailId, user_created: false };
}

/**
 * Redeems a sign-in link once (PKCE checked first) and records the client as one that signed in to the
 * user: the token's row and the session factor it proves.
 */
export async function redeemLink(
  c: Ctx,
  svc: Services,
  token: string,
  verifier: string | undefined,
): Promise<{ row: MagicLinksTable; factor: AuthenticationFactor }> {
  // A reset email's token is also a login link (docs/reference/elements/auth-reset-password.md#mounting: stytch_token_type=login on the reset page).
  const row = await redeemEmailToken(svc, token, verifier, ['login', 'signup', 'reset_password']);
  await rememberClient(c, svc, row.user_id);
  const factor: AuthenticationFactor = {
    type: 'magic_link',
    delivery_method: 'email',
    last_authenticated_at: new Date(svc.now()).toISOString(),
    email_factor: { email_id: row.email_id, email_address: row.email },
  };
  return { row, factor };
}

/** Registers the magic-link routes. */
export function magicLinkRoutes(route: Route, svc: Services): void {
  route('POST', '/sdk/v1/magic_links/email/login_or_create', { captcha: true }, async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, SendSchema, svc.maxBodyBytes);
    return ok(c, await loginOrCreateLink(c, svc, body.email, body));
  });

  route('POST', '/sdk/v1/magic_links/email/send/primary', { captcha: true }, async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, SendSchema, svc.maxBodyBytes);
    return ok(c, await sendPrimaryLink(c, svc, body.email, body));
  });

  route('POST', '/sdk/v1/magic_links/email/send/secondary', { captcha: true }, async (c) => {
    const session = await requireSession(c, svc, { mintsAccess: true });
    const body = await readJson(c, SendSchema, svc.maxBodyBytes);
    return ok(c, await sendSecondaryLink(c, svc, session.user_id, body.email, body));
  });

  route('POST', '/sdk/v1/magic_links/authenticate', async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, MagicLinkAuthenticateRequest, svc.maxBodyBytes);
    const { row, factor } = await redeemLink(c, svc, body.token, body.code_verifier);
    const answer = await signInOrSecondStep(c, svc, {
      userId: row.user_id,
      durationMinutes: body.session_duration_minutes ?? DEFAULT_SESSION_DURATION_MINUTES,
      factor,
    });
    return ok(c, answer);
  });
}
