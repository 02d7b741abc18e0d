/**
 * `client.reverify()` (issue 29, docs/reference/reverification.md#client): whether the session proved a
 * factor recently enough for a sensitive call, and if not, which factors the user can prove again.
 * Loaded on its first call with the user group's chunk (./users/index.ts `UserGroup`), so the client's
 * core carries only the member's name.
 */
import type { AuthenticateResult } from './api-types.ts';
import { NoSessionError } from './errors.ts';
import type { MethodContext } from './method.ts';
import type { BootstrapData } from './schemas/bootstrap.ts';
import type { Session, User } from './schemas/index.ts';
import { isSessionDestroyingError } from './session-manager.ts';
import { check } from './validate.ts';

/** The window when the bootstrap has no `mfa` block (a server that does not say): the reference server's default. */
export const DEFAULT_REVERIFICATION_MINUTES = 10;

/** A factor a user can prove again on their session, in the order {@link ReverifyResult} lists them. */
export type ReverifyFactor = 'totp' | 'sms_otp' | 'webauthn' | 'password' | 'email_otp';

/** Options of `client.reverify`. */
export interface ReverifyOptions {
  /** How recent the session's freshest factor must be, in minutes (> 0); default the server's window from the bootstrap. */
  maxAgeMinutes?: number;
}

/** What `client.reverify` resolves to: fresh, or the factors the user can prove again (empty when none). */
export type ReverifyResult = { fresh: true } | { fresh: false; factors: ReverifyFactor[] };

/**
 * The window a sensitive call is held to, in minutes, from the bootstrap: its `mfa.reverification_minutes`,
 * 0 when the server asks for no re-verification (policy off or 0 minutes), {@link DEFAULT_REVERIFICATION_MINUTES}
 * when the bootstrap has no `mfa` block.
 */
export function serverWindowMinutes(bootstrap: Pick<BootstrapData, 'mfa'>): number {
  const mfa = bootstrap.mfa;
  if (!mfa) return DEFAULT_REVERIFICATION_MINUTES;
  return mfa.policy === 'off' ? 0 : mfa.reverification_minutes;
}

/** The factors `user` can authenticate again on a live session (verified TOTP, phone and email, a passkey, a password). */
export function reverifiableFactors(user: User | null): ReverifyFactor[] {
  if (!user) return [];
  const out: ReverifyFactor[] = [];
  if ((user.totps ?? []).some((t) => t.verified === true)) out.push('totp');
  if ((user.phone_numbers ?? []).some((p) => p.verified)) out.push('sms_otp');
  if ((user.webauthn_registrations ?? []).some((r) => r.verified !== false)) out.push('webauthn');
  if (user.password) out.push('password');
  if ((user.emails ?? []).some((e) => e.verified)) out.push('email_otp');
  return out;
}

/**
 * The verdict for a session: fresh when one of its factors was authenticated within `maxAgeMinutes` of
 * `nowMs` (0 minutes: always fresh, nothing is asked), else the user's re-verifiable factors.
 */
export function reverifyVerdict(session: Session, user: User | null, maxAgeMinutes: number, nowMs: number): ReverifyResult {
  if (maxAgeMinutes === 0) return { fresh: true };
  const latest = Math.max(...session.authentication_factors.map((f) => Date.parse(f.last_authenticated_at)).filter(Number.isFinite));
  if (nowMs - latest <= maxAgeMinutes * 60_000) return { fresh: true };
  return { fresh: false, factors: reverifiableFactors(user) };
}

/**
 * `client.reverify(options)`: the verdict for the cached session (confirmed with the server first when
 * only its token is known, e.g. right after a page load).
 * @throws UsageError for a bad `maxAgeMinutes`; NoSessionError when there is no session.
 */
export async function reverify(ctx: MethodContext, options?: ReverifyOptions, now: () => number = Date.now): Promise<ReverifyResult> {
  const v = check('reverify').optionalObject('options', options).optionalNumber('maxAgeMinutes', options?.maxAgeMinutes);
  const asked = options?.maxAgeMinutes;
  if (asked !== undefined && asked <= 0) throw v.fail('maxAgeMinutes', 'must be greater than 0.');
  let { session, user } = ctx.sessions.getState();
  if (!session && ctx.sessions.getTokens()) {
    try {
      const resp = await ctx.request<AuthenticateResult>({ method: 'POST', path: '/sessions/authenticate', body: {} });
      ctx.sessions.update(resp);
      ({ session, user } = ctx.sessions.getState());
    } catch (e) {
      if (isSessionDestroyingError(e)) ctx.sessions.destroy();
      throw e;
    }
  }
  if (!session) throw new NoSessionError();
  const minutes = asked ?? serverWindowMinutes(await ctx.bootstrap());
  return reverifyVerdict(session, user, minutes, now());
}
