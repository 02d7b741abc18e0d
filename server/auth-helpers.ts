/**
 * Helpers shared by the sign-in methods' routes (otps, magic-links, passwords, webauthn): sessions of
 * secondary calls, the body's email, email send limits, PKCE, redirects.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { normalizeEmail } from '../sdk-core/schemas/index.ts';
import { ApiError } from './errors.ts';
import { requireProjectAuth } from './basic-auth.ts';
import { clientIp } from './request.ts';
import type { Ctx, Services } from './services.ts';
import { hit, recipientKey } from './rate-limit.ts';
import { redirectAllowed } from './redirect-allowlist.ts';
import { requireFreshFactor } from './reverification/index.ts';
import { refuseImpersonated } from './session-factors.ts';
import { findLiveSession } from './sessions.ts';
import { assertDeliverable } from './suppressions.ts';
import type { SessionsTable } from './db/schema.ts';

/** What a route asks of the session that calls it. */
export interface SessionPolicy {
  /**
   * The route adds or changes a credential, grants an app or starts a session (lasting access): an
   * impersonated session is refused with 403 unauthorized_action (server/session-factors.ts).
   */
  mintsAccess?: boolean;
  /**
   * The route removes a factor or changes a credential (docs/reference/reverification.md#sensitive-calls):
   * when the project asks for re-verification, a session with no factor authenticated within the window
   * gets 403 reverification_required (server/reverification/).
   */
  sensitive?: boolean;
}

/** The live session named by the Basic secret; 401 user_unauthenticated when there is none (secondary calls). */
export async function requireSession(c: Ctx, svc: Services, policy: SessionPolicy = {}): Promise<SessionsTable> {
  const creds = requireProjectAuth(c, svc);
  if (creds.secret === '' || creds.secret === creds.publicToken) throw new ApiError('user_unauthenticated');
  const session = await findLiveSession(svc, creds.secret);
  if (!session) throw new ApiError('user_unauthenticated');
  if (policy.mintsAccess) refuseImpersonated(session);
  if (policy.sensitive) requireFreshFactor(svc, session);
  return session;
}

/**
 * The stored form of a body's email (sdk-core normalizeEmail: trimmed, lower-cased, punycode domain),
 * so one mailbox is one user whatever case or script it was typed in. @throws ApiError invalid_email
 */
export function bodyEmail(raw: string): string {
  const email = normalizeEmail(raw);
  if (email === null) throw new ApiError('invalid_email');
  return email;
}

/**
 * Refuses an inactive address (400 inactive_email), then counts an emailed-link send against the
 * per-project, per-IP and per-recipient limits (rate-limit.ts recipientKey); a refused send costs no quota.
 */
export async function limitEmailSend(c: Ctx, svc: Services, kind: string, email: string): Promise<void> {
  await assertDeliverable(svc, 'email', email);
  const now = svc.now();
  const pid = svc.project.project_id;
  // The OTP limits' numbers apply to every send kind; project and IP count per kind, while the mailbox
  // has one window for every kind (a flood mixing kinds would otherwise get each kind's quota).
  await hit(svc.db, `${kind}:project:${pid}`, svc.limits.sendPerProject, now);
  await hit(svc.db, `${kind}:ip:${pid}:${clientIp(c, svc)}`, svc.limits.sendPerIp, now);
  await hit(svc.db, recipientKey(pid, email), svc.limits.sendPerRecipient, now);
}

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/**
 * Checks a redemption's code_verifier against the challenge stored at send time. A send without a
 * challenge binds nothing, so any verifier is ignored then (the client may send one from another flow).
 * @throws ApiError pkce_mismatch when a challenge exists and the verifier is absent or wrong.
 */
export function checkPkce(storedChallenge: string | null, verifier: string | undefined): void {
  if (storedChallenge === null) return;
  if (!verifier) throw new ApiError('pkce_mismatch', { message: 'This flow used PKCE: the code_verifier is missing.' });
  // RFC 7636 4.1: 43-128 characters of [A-Za-z0-9-._~].
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) throw new ApiError('pkce_mismatch', { message: 'The code_verifier is not a valid PKCE verifier.' });
  const a = Buffer.from(s256(verifier), 'utf8');
  const b = Buffer.from(storedChallenge, 'utf8');
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new ApiError('pkce_mismatch', { message: 'The code_verifier does not match the PKCE code_challenge of this flow.' });
  }
}

/**
 * The redirect URL a link points at: the one asked for when it is on the allowlist (docs/reference/security.md#redirect-urls), else the
 * project's first concrete redirect URL, else the caller's Origin + '/' when that is allowlisted.
 * @throws ApiError invalid_redirect_url when the asked URL is not allowed or no default exists.
 */
export function resolveRedirect(c: Ctx, svc: Services, asked: string | undefined, field: string): string {
  const allow = svc.project.config.redirect_urls;
  if (asked !== undefined && asked !== '') {
    if (!/^https?:\/\//i.test(asked) || !redirectAllowed(asked, allow)) {
      throw new ApiError('invalid_redirect_url', { message: `${field} is not on the project's redirect URL allowlist.`, details: { field } });
    }
    return asked;
  }
  // Allowlist entries with a port wildcard are patterns, not URLs a link can point at.
  const concrete = allow.find((u) => !u.includes('*') && /^https?:\/\//i.test(u));
  if (concrete) return concrete;
  const origin = c.req.header('origin');
  if (origin && redirectAllowed(`${origin}/`, allow)) return `${origin}/`;
  throw new ApiError('invalid_redirect_url', { message: `${field} is required: the project has no default redirect URL.`, details: { field } });
}

/**
 * `base?stytch_token_type=...&token=...`, keeping any query the redirect URL already has; the token type
 * is the sending method's (wire-protocol.md: the page reads it to know which call redeems the token).
 */
export function linkWithToken(base: string, tokenType: string, token: string): string {
  const u = new URL(base);
  u.searchParams.set('stytch_token_type', tokenType);
  u.searchParams.set('token', token);
  return u.href;
}
