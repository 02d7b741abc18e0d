/**
 * Passwords (docs/reference/methods/passwords.md#screens, docs/reference/methods/passwords.md#rules, docs/reference/methods/passwords.md#calls, docs/reference/security.md#passwords): create, authenticate, reset by email (start + reset, PKCE),
 * by existing password, by session, and strength_check.
 *
 * Semantics (documented in server/README.md):
 * - create for an email whose user already has a password -> duplicate_email; for an existing
 *   passwordless user -> reset_password (setting a password there would let anyone who types the email
 *   take the account; the reset email proves ownership; docs/reference/methods/passwords.md#rules sends it and shows PasswordDedupe).
 * - authenticate: unknown email, passwordless user and wrong password all answer 401
 *   unauthorized_credentials after the same scrypt work (no enumeration). Only after the right password:
 *   breached_password when it is on the breached list (flagged requires_reset), reset_password when
 *   flagged otherwise.
 * - reset/start answers the same 200 for unknown emails and sends nothing; the lookup, token and email
 *   happen in an outbox job, so the request's work and time are the same for every address.
 * - sign-in attempts are limited per (email, client); an account with many failures is guarded: only
 *   clients that signed in to it before get through (see PASSWORD_GUARD).
 */
import {
  type AuthenticationFactor,
  PasswordCredentialsRequest,
  PasswordResetByEmailRequest,
  PasswordResetByExistingRequest,
  PasswordResetBySessionRequest,
  PasswordResetStartRequest,
  PasswordStrengthCheckRequest,
  MAGIC_LINK_EXPIRATION_DEFAULT,
} from '../../sdk-core/schemas/index.ts';
import { bodyEmail, limitEmailSend, linkWithToken, requireSession, resolveRedirect } from '../auth-helpers.ts';
import { captchaRequired } from '../captcha.ts';
import { clientIpHash, isKnownClient, rememberClient } from '../client-keys.ts';
import { ApiError } from '../errors.ts';
import { requireProjectAuth } from '../basic-auth.ts';
import { readJson } from '../body.ts';
import { clientIp, userAgent } from '../request.ts';
import { isBackendPath, ok } from '../responses.ts';
import type { Ctx, Services } from '../services.ts';
import { issueEmailToken, peekEmailToken, redeemEmailToken } from '../magic-links/index.ts';
import type { OutboundMessage } from '../messaging/delivery.ts';
import { messageLocale, renderLinkMessage } from '../messaging/templates.ts';
import type { DeferredHandler } from '../outbox.ts';
import { count, currentHits, hit, type Limit, secondsLeftInWindow } from '../rate-limit.ts';
import { authenticateAnswer, createSession, DEFAULT_SESSION_DURATION_MINUTES } from '../sessions.ts';
import { signInOrSecondStep } from '../mfa/gate.ts';
import { pkceRequiredForPasswordResets } from '../settings.ts';
import { findEmail, findOrCreateUserByEmail } from '../users.ts';
import type { Route } from '../routes/types.ts';
import { assertPasswordLength, burnVerification, normalizePassword, verifyPassword } from './hash.ts';
import { findPassword, flagPasswordReset, setPassword } from './store.ts';
import { checkStrength, isBreachedPassword, passwordPolicy } from './strength.ts';

/**
 * Password sign-in attempts per (email, client IP) per 10 minutes, right or wrong, before 429 for that
 * client only: slows one client's online guessing without touching anyone else's sign-in.
 */
export const PASSWORD_ATTEMPTS_PER_CLIENT: Limit = { max: 20, windowMs: 10 * 60 * 1000 };
/** Password sign-in attempts per client IP per 10 minutes, whatever the email, before 429. */
export const PASSWORD_ATTEMPTS_PER_IP: Limit = { max: 300, windowMs: 10 * 60 * 1000 };
/**
 * Failed sign-ins per email per 10 minutes, from all clients, after which the account is guarded: only
 * clients that signed in to it before (known_clients: IP or SDK persistent_id) may try; others get 429
 * (or, with captcha on, must solve one per attempt). Bounds guessing by strangers to about 20 per 10 min
 * while the owner's usual browser still signs in.
 */
export const PASSWORD_GUARD: Limit = { max: 20, windowMs: 10 * 60 * 1000 };

/** Outbox job kind of reset/start: the lookup, token and email happen in the worker, never in the request. */
export const RESET_JOB = 'password_reset';

/** Inputs of a {@link RESET_JOB}: no secret (the token is issued by the job). */
interface ResetJob {
  email: string;
  resetUrl: string;
  loginUrl: string | null;
  minutes: number;
  codeChallenge: string | null;
  /** When the reset was asked for; the link's lifetime counts from here. */
  at: number;
  /** The request's `locale`: the email's language (templates.ts). */
  locale?: string;
}

/**
 * The passwords method's outbox job: reset/start's per-address work, in the outbox worker. Known and
 * unknown addresses cost the request the same (one enqueue), and only a known one gets an email.
 */
export function passwordJobs(svc: Services): Record<string, DeferredHandler> {
  return {
    [RESET_JOB]: async (payload) => {
      const p = payload as ResetJob;
      const found = await findEmail(svc, p.email);
      if (!found) return null;
      const { token, expiresAt } = await issueEmailToken(svc, {
        userId: found.user_id,
        emailId: found.email_id,
        email: p.email,
        kind: 'reset_password',
        minutes: p.minutes,
        codeChallenge: p.codeChallenge,
        at: p.at,
      });
      const link = linkWithToken(p.resetUrl, 'reset_password', token);
      const loginLink = p.loginUrl ? linkWithToken(p.loginUrl, 'login', token) : null;
      const locale = messageLocale(p.locale);
      const rendered = renderLinkMessage(
        locale,
        'reset',
        { project: svc.project.project_name, link, loginLink, minutes: p.minutes, to: p.email },
        svc.project.config.messages,
      );
      const message: OutboundMessage = {
        projectId: svc.project.project_id,
        channel: 'email',
        to: p.email,
        ...rendered,
        code: null,
        link,
        kind: 'password_reset',
        locale,
      };
      return { message, expiresAt };
    },
  };
}

/** NFKC, byte cap, then the project's policy. @throws password_too_long, breached_password, weak_password */
export function acceptNewPassword(svc: Services, raw: string, email: string | undefined): string {
  const normalized = normalizePassword(raw);
  assertPasswordLength(normalized);
  const strength = checkStrength(normalized, passwordPolicy(svc.project), email);
  if (strength.breached_password) throw new ApiError('breached_password');
  if (!strength.valid_password) {
    throw new ApiError('weak_password', { details: { score: strength.score, strength_policy: strength.strength_policy, feedback: strength.feedback } });
  }
  return normalized;
}

/** The session factor of a password sign-in with `email`. */
export function passwordFactor(svc: Services, email: { email_id: string; email: string } | undefined): AuthenticationFactor {
  return {
    type: 'password',
    delivery_method: 'knowledge',
    last_authenticated_at: new Date(svc.now()).toISOString(),
    ...(email ? { email_factor: { email_id: email.email_id, email_address: email.email } } : {}),
  };
}

/**
 * Checks email + password in constant work: unknown accounts and passwordless users burn the same
 * scrypt time as a real check and fail alike. Returns the user and normalised password on success.
 */
async function verifyCredentials(c: Ctx, svc: Services, rawEmail: string, rawPassword: string) {
  const pid = svc.project.project_id;
  const email = bodyEmail(rawEmail);
  const normalized = normalizePassword(rawPassword);
  assertPasswordLength(normalized);
  const now = svc.now();
  await hit(svc.db, `password_auth:email_client:${pid}:${email}:${clientIpHash(c, svc)}`, PASSWORD_ATTEMPTS_PER_CLIENT, now);
  await hit(svc.db, `password_auth:ip:${pid}:${clientIp(c, svc)}`, PASSWORD_ATTEMPTS_PER_IP, now);
  const found = await findEmail(svc, email);
  // Guarded (many failures lately, from anywhere): strangers are refused before any password check, so
  // their attempts neither cost a scrypt nor count. The same queries run for unknown emails.
  const failures = `password_fail:email:${pid}:${email}`;
  if ((await currentHits(svc.db, failures, PASSWORD_GUARD, now)) >= PASSWORD_GUARD.max && !(await isKnownClient(c, svc, found?.user_id ?? ''))) {
    // With captcha on, a request only gets here with a solved one (captchaGuard): a human goes on. A
    // backend call has no captcha: it is refused like a stranger without one.
    if (!captchaRequired(svc) || isBackendPath(c.req.path)) {
      throw new ApiError('too_many_requests', { details: { retry_after_seconds: secondsLeftInWindow(PASSWORD_GUARD, now) } });
    }
    if (!c.get('captchaVerified')) throw new ApiError('captcha_required');
  }
  const stored = found ? await findPassword(svc, found.user_id) : null;
  if (!found || !stored) {
    await burnVerification(normalized);
    await count(svc.db, failures, PASSWORD_GUARD, now);
    throw new ApiError('unauthorized_credentials');
  }
  if (!(await verifyPassword(normalized, stored.hash))) {
    await count(svc.db, failures, PASSWORD_GUARD, now);
    throw new ApiError('unauthorized_credentials');
  }
  return { email, found, stored, normalized };
}

/**
 * create: a new user with this email and password (the policy's strength first). An email whose user
 * has a password is duplicate_email; one whose user has none is reset_password (setting a password
 * there would let anyone who types the email take the account: the reset email proves ownership).
 */
export async function createPasswordUser(
  c: Ctx,
  svc: Services,
  rawEmail: string,
  rawPassword: string,
): Promise<{ user_id: string; email_id: string; email: string }> {
  const email = bodyEmail(rawEmail);
  const normalized = acceptNewPassword(svc, rawPassword, email);
  const existing = await findEmail(svc, email);
  if (existing) {
    if (await findPassword(svc, existing.user_id)) throw new ApiError('duplicate_email');
    throw new ApiError('reset_password', { message: 'This email already has an account without a password: verify it through the reset email.' });
  }
  const user = await findOrCreateUserByEmail(svc, email);
  // Lost a race with a parallel sign-up of the same email: treat it like the existing-user case.
  if (!user.created) throw new ApiError('duplicate_email');
  await setPassword(svc, user.user_id, normalized);
  // This client signed in here: in a guarded account (passwords under attack) it still gets through.
  await rememberClient(c, svc, user.user_id);
  return { user_id: user.user_id, email_id: user.email_id, email };
}

/**
 * authenticate: the right password of the email's user, not breached (checked at every sign-in: the list
 * may have grown since the password was set; not under policy none, which accepted such passwords at
 * sign-up without a word, docs/reference/methods/passwords.md#validation) nor flagged for a reset.
 * @throws ApiError unauthorized_credentials, breached_password, reset_password, too_many_requests
 */
export async function authenticatePassword(
  c: Ctx,
  svc: Services,
  rawEmail: string,
  rawPassword: string,
): Promise<{ user_id: string; email_id: string; email: string }> {
  const { email, found, stored, normalized } = await verifyCredentials(c, svc, rawEmail, rawPassword);
  if (passwordPolicy(svc.project).kind !== 'none' && isBreachedPassword(normalized)) {
    await flagPasswordReset(svc, found.user_id);
    throw new ApiError('breached_password');
  }
  if (stored.requires_reset === 1) throw new ApiError('reset_password');
  await rememberClient(c, svc, found.user_id);
  return { user_id: found.user_id, email_id: found.email_id, email };
}

/**
 * reset/start: the same work and the same answer for every address (one enqueue; the outbox job finds
 * out whether there is an account, and sends nothing when there is none). The normalised email.
 */
export async function startPasswordReset(c: Ctx, svc: Services, body: Omit<PasswordResetStartRequest, 'captcha_token' | 'dfp_telemetry_id'>): Promise<string> {
  const email = bodyEmail(body.email);
  if (pkceRequiredForPasswordResets(svc.project) && !body.code_challenge) throw new ApiError('pkce_required');
  const resetUrl = resolveRedirect(c, svc, body.reset_password_redirect_url, 'reset_password_redirect_url');
  const loginUrl = body.login_redirect_url ? resolveRedirect(c, svc, body.login_redirect_url, 'login_redirect_url') : null;
  await limitEmailSend(c, svc, 'password_reset_send', email);
  const job: ResetJob = {
    email,
    resetUrl,
    loginUrl,
    minutes: body.reset_password_expiration_minutes ?? MAGIC_LINK_EXPIRATION_DEFAULT,
    codeChallenge: body.code_challenge ?? null,
    at: svc.now(),
    ...(body.locale ? { locale: body.locale } : {}),
  };
  await svc.outbox.enqueue(RESET_JOB, job);
  return email;
}

/**
 * reset by email: the new password (checked first: a weak one must not burn the link), then the reset
 * token redeemed once (PKCE checked before), then the password set, which signs the user out everywhere.
 */
export async function resetPasswordByEmail(c: Ctx, svc: Services, token: string, verifier: string | undefined, rawPassword: string) {
  const normalized = acceptNewPassword(svc, rawPassword, await peekEmailToken(svc, token));
  const row = await redeemEmailToken(svc, token, verifier, ['reset_password']);
  await setPassword(svc, row.user_id, normalized);
  await rememberClient(c, svc, row.user_id);
  return row;
}

/** strength_check: the policy's verdict on a password, never stored. */
export function passwordStrength(svc: Services, password: string, email: string | undefined) {
  return checkStrength(normalizePassword(password), passwordPolicy(svc.project), email);
}

/** Registers the password routes. */
export function passwordRoutes(route: Route, svc: Services): void {
  const k = svc.db.kysely;

  // A first factor (docs/reference/mfa.md#gate): the two-step gate decides between a session and the second step.
  const passwordSignIn = async (c: Ctx, userId: string, minutes: number | undefined, email: { email_id: string; email: string } | undefined) => {
    const answer = await signInOrSecondStep(c, svc, {
      userId,
      durationMinutes: minutes ?? DEFAULT_SESSION_DURATION_MINUTES,
      factor: passwordFactor(svc, email),
    });
    return ok(c, answer);
  };

  // A reset by a live session: the caller already holds a session, so no second step is asked again.
  const passwordSession = async (c: Ctx, userId: string, minutes: number | undefined, email: { email_id: string; email: string } | undefined) => {
    const { row, token } = await createSession(svc, {
      userId,
      durationMinutes: minutes ?? DEFAULT_SESSION_DURATION_MINUTES,
      ip: clientIp(c, svc),
      userAgent: userAgent(c),
      factor: passwordFactor(svc, email),
    });
    return ok(c, await authenticateAnswer(svc, row, token));
  };

  route('POST', '/sdk/v1/passwords', { captcha: true }, async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, PasswordCredentialsRequest, svc.maxBodyBytes);
    const user = await createPasswordUser(c, svc, body.email, body.password);
    return passwordSignIn(c, user.user_id, body.session_duration_minutes, user);
  });

  route('POST', '/sdk/v1/passwords/authenticate', { captcha: true }, async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, PasswordCredentialsRequest, svc.maxBodyBytes);
    const user = await authenticatePassword(c, svc, body.email, body.password);
    return passwordSignIn(c, user.user_id, body.session_duration_minutes, user);
  });

  route('POST', '/sdk/v1/passwords/email/reset/start', { captcha: true }, async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, PasswordResetStartRequest, svc.maxBodyBytes);
    await startPasswordReset(c, svc, body);
    return ok(c, {});
  });

  route('POST', '/sdk/v1/passwords/email/reset', async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, PasswordResetByEmailRequest, svc.maxBodyBytes);
    const row = await resetPasswordByEmail(c, svc, body.token, body.code_verifier, body.password);
    return passwordSignIn(c, row.user_id, body.session_duration_minutes, row);
  });

  route('POST', '/sdk/v1/passwords/existing_password/reset', async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, PasswordResetByExistingRequest, svc.maxBodyBytes);
    const { email, found } = await verifyCredentials(c, svc, body.email, body.existing_password);
    // Knowing the current password is exactly what this reset needs, breached or flagged included.
    const normalized = acceptNewPassword(svc, body.new_password, email);
    await setPassword(svc, found.user_id, normalized);
    await rememberClient(c, svc, found.user_id);
    return passwordSignIn(c, found.user_id, body.session_duration_minutes, { email_id: found.email_id, email });
  });

  route('POST', '/sdk/v1/passwords/session/reset', async (c) => {
    // A password change by session alone is what a stolen session would do: sensitive (re-verification).
    const session = await requireSession(c, svc, { mintsAccess: true, sensitive: true });
    const body = await readJson(c, PasswordResetBySessionRequest, svc.maxBodyBytes);
    const primary = await k.selectFrom('emails').select(['email_id', 'email']).where('user_id', '=', session.user_id).orderBy('created_at').executeTakeFirst();
    const normalized = acceptNewPassword(svc, body.password, primary?.email);
    await setPassword(svc, session.user_id, normalized);
    return passwordSession(c, session.user_id, body.session_duration_minutes, primary);
  });

  route('POST', '/sdk/v1/passwords/strength_check', async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, PasswordStrengthCheckRequest, svc.maxBodyBytes);
    return ok(c, passwordStrength(svc, body.password, body.email));
  });
}
