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
import { ok } from '../responses.ts';
import type { Ctx, Services } from '../services.ts';
import { issueEmailToken, peekEmailToken, redeemEmailToken } from '../magic-links/index.ts';
import type { OutboundMessage } from '../messaging/delivery.ts';
import { messageLocale, renderLinkMessage } from '../messaging/templates.ts';
import type { DeferredHandler } from '../outbox.ts';
import { count, currentHits, hit, type Limit, secondsLeftInWindow } from '../rate-limit.ts';
import { authenticateAnswer, createSession, DEFAULT_SESSION_DURATION_MINUTES } from '../sessions.ts';
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
      const rendered = renderLinkMessage(messageLocale(p.locale), 'reset', { project: svc.project.project_name, link, loginLink, minutes: p.minutes });
      const message: OutboundMessage = { projectId: svc.project.project_id, channel: 'email', to: p.email, ...rendered, code: null, link };
      return { message, expiresAt };
    },
  };
}

/** Registers the password routes. */
export function passwordRoutes(route: Route, svc: Services): void {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;

  /** NFKC, byte cap, then the project's policy. @throws password_too_long, breached_password, weak_password */
  const acceptNewPassword = (raw: string, email: string | undefined): string => {
    const normalized = normalizePassword(raw);
    assertPasswordLength(normalized);
    const strength = checkStrength(normalized, passwordPolicy(svc.project), email);
    if (strength.breached_password) throw new ApiError('breached_password');
    if (!strength.valid_password) {
      throw new ApiError('weak_password', { details: { score: strength.score, strength_policy: strength.strength_policy, feedback: strength.feedback } });
    }
    return normalized;
  };

  const passwordSession = async (c: Ctx, userId: string, minutes: number | undefined, email: { email_id: string; email: string }) => {
    // This browser signed in here: in a guarded account (passwords under attack) it still gets through.
    await rememberClient(c, svc, userId);
    const now = svc.now();
    const { row, token } = await createSession(svc, {
      userId,
      durationMinutes: minutes ?? DEFAULT_SESSION_DURATION_MINUTES,
      ip: clientIp(c, svc),
      userAgent: userAgent(c),
      factor: {
        type: 'password',
        delivery_method: 'knowledge',
        last_authenticated_at: new Date(now).toISOString(),
        email_factor: { email_id: email.email_id, email_address: email.email },
      },
    });
    return ok(c, await authenticateAnswer(svc, row, token));
  };

  /**
   * Checks email + password in constant work: unknown accounts and passwordless users burn the same
   * scrypt time as a real check and fail alike. Returns the user and normalised password on success.
   */
  const verifyCredentials = async (c: Ctx, rawEmail: string, rawPassword: string) => {
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
      // With captcha on, a request only gets here with a solved one (captchaGuard): a human goes on.
      if (!captchaRequired(svc)) throw new ApiError('too_many_requests', { details: { retry_after_seconds: secondsLeftInWindow(PASSWORD_GUARD, now) } });
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
  };

  route('POST', '/sdk/v1/passwords', { captcha: true }, async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, PasswordCredentialsRequest, svc.maxBodyBytes);
    const email = bodyEmail(body.email);
    const normalized = acceptNewPassword(body.password, email);
    const existing = await findEmail(svc, email);
    if (existing) {
      if (await findPassword(svc, existing.user_id)) throw new ApiError('duplicate_email');
      throw new ApiError('reset_password', { message: 'This email already has an account without a password: verify it through the reset email.' });
    }
    const user = await findOrCreateUserByEmail(svc, email);
    // Lost a race with a parallel sign-up of the same email: treat it like the existing-user case.
    if (!user.created) throw new ApiError('duplicate_email');
    await setPassword(svc, user.user_id, normalized);
    return passwordSession(c, user.user_id, body.session_duration_minutes, { email_id: user.email_id, email });
  });

  route('POST', '/sdk/v1/passwords/authenticate', { captcha: true }, async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, PasswordCredentialsRequest, svc.maxBodyBytes);
    const { email, found, stored, normalized } = await verifyCredentials(c, body.email, body.password);
    // Checked at every sign-in: the list may have grown since the password was set. Not under
    // policy none, which accepted such passwords at sign-up without a word (docs/reference/methods/passwords.md#validation).
    if (passwordPolicy(svc.project).kind !== 'none' && isBreachedPassword(normalized)) {
      await flagPasswordReset(svc, found.user_id);
      throw new ApiError('breached_password');
    }
    if (stored.requires_reset === 1) throw new ApiError('reset_password');
    return passwordSession(c, found.user_id, body.session_duration_minutes, { email_id: found.email_id, email });
  });

  route('POST', '/sdk/v1/passwords/email/reset/start', { captcha: true }, async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, PasswordResetStartRequest, svc.maxBodyBytes);
    const email = bodyEmail(body.email);
    if (pkceRequiredForPasswordResets(svc.project) && !body.code_challenge) throw new ApiError('pkce_required');
    const resetUrl = resolveRedirect(c, svc, body.reset_password_redirect_url, 'reset_password_redirect_url');
    const loginUrl = body.login_redirect_url ? resolveRedirect(c, svc, body.login_redirect_url, 'login_redirect_url') : null;
    await limitEmailSend(c, svc, 'password_reset_send', email);
    // No enumeration, in the answer or its timing: every address costs one enqueue and the same answer;
    // the job finds out whether there is an account (and sends nothing when there is none).
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
    return ok(c, {});
  });

  route('POST', '/sdk/v1/passwords/email/reset', async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, PasswordResetByEmailRequest, svc.maxBodyBytes);
    // Validate the new password first: a weak one must not burn the link.
    const normalized = acceptNewPassword(body.password, await peekEmailToken(svc, body.token));
    const row = await redeemEmailToken(svc, body.token, body.code_verifier, ['reset_password']);
    await setPassword(svc, row.user_id, normalized);
    return passwordSession(c, row.user_id, body.session_duration_minutes, { email_id: row.email_id, email: row.email });
  });

  route('POST', '/sdk/v1/passwords/existing_password/reset', async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, PasswordResetByExistingRequest, svc.maxBodyBytes);
    const { email, found } = await verifyCredentials(c, body.email, body.existing_password);
    // Knowing the current password is exactly what this reset needs, breached or flagged included.
    const normalized = acceptNewPassword(body.new_password, email);
    await setPassword(svc, found.user_id, normalized);
    return passwordSession(c, found.user_id, body.session_duration_minutes, { email_id: found.email_id, email });
  });

  route('POST', '/sdk/v1/passwords/session/reset', async (c) => {
    const session = await requireSession(c, svc, { mintsAccess: true });
    const body = await readJson(c, PasswordResetBySessionRequest, svc.maxBodyBytes);
    const primary = await k.selectFrom('emails').select(['email_id', 'email']).where('user_id', '=', session.user_id).orderBy('created_at').executeTakeFirst();
    const normalized = acceptNewPassword(body.password, primary?.email);
    await setPassword(svc, session.user_id, normalized);
    const now = svc.now();
    const { row, token } = await createSession(svc, {
      userId: session.user_id,
      durationMinutes: body.session_duration_minutes ?? DEFAULT_SESSION_DURATION_MINUTES,
      ip: clientIp(c, svc),
      userAgent: userAgent(c),
      factor: {
        type: 'password',
        delivery_method: 'knowledge',
        last_authenticated_at: new Date(now).toISOString(),
        ...(primary ? { email_factor: { email_id: primary.email_id, email_address: primary.email } } : {}),
      },
    });
    return ok(c, await authenticateAnswer(svc, row, token));
  });

  route('POST', '/sdk/v1/passwords/strength_check', async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, PasswordStrengthCheckRequest, svc.maxBodyBytes);
    return ok(c, checkStrength(normalizePassword(body.password), passwordPolicy(svc.project), body.email));
  });
}
