/**
 * What the webauthn method's ceremonies share (docs/reference/security.md#webauthn WebAuthn): the challenge size, lifetime and start
 * limit; the RP ID and origin of a ceremony; challenges stored in the database and claimed once; the
 * session factor a ceremony adds.
 */
import type { AuthenticationFactor } from '../../sdk-core/schemas/index.ts';
import { claimOnce } from '../claim-once.ts';
import { ApiError } from '../errors.ts';
import { clientIp, isOriginAllowed } from '../request.ts';
import type { Ctx, Services } from '../services.ts';
import { originAllowed } from '../project/origins.ts';
import { hit, type Limit } from '../rate-limit.ts';
import type { WebAuthnChallengesTable, WebAuthnRegistrationsTable } from './tables.ts';
import { settingOf } from '../project/method-settings.ts';

/** Challenge size in bytes (docs/reference/security.md#webauthn). */
export const WEBAUTHN_CHALLENGE_BYTES = 32;
/** How long a ceremony may take (docs/reference/security.md#webauthn: 5 minutes); also the timeout the browser is given. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Ceremony starts per client IP per 10 minutes: each stores a challenge, so unauthenticated starts are bounded. */
export const WEBAUTHN_STARTS_PER_IP: Limit = { max: 600, windowMs: 10 * 60 * 1000 };

/** A project's user-verification requirement (WebAuthn `userVerification`). */
export type UserVerification = 'required' | 'preferred' | 'discouraged';

/** True when `host` is `rpId` or a subdomain of it (WebAuthn: the RP ID is a registrable suffix of the origin's host). */
export function hostWithin(host: string, rpId: string): boolean {
  return host === rpId || host.endsWith(`.${rpId}`);
}

/**
 * RP ID and origin of a ceremony (docs/reference/methods/webauthn.md#calls `domain`, docs/reference/security.md#webauthn "origin and RP ID from the project config").
 * A browser call's Origin was already checked against the project's allowlist by the app; the RP ID is
 * its host, or the `domain` asked for when that is the host or a parent of it. A call without Origin
 * (server-to-server) must name a domain that one of the project's allowed origins lives on.
 */
export function ceremonyScope(c: Ctx, svc: Services, domain: string | undefined): { rpId: string; origin: string | null } {
  const origin = c.req.header('origin') ?? null;
  const asked = domain?.trim().toLowerCase() || undefined;
  // A bare TLD ("com") can never be an RP ID; "localhost" is the one dotless name browsers accept.
  const plausible = (d: string) => d === 'localhost' || /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(d);
  if (origin) {
    const host = new URL(origin).hostname;
    if (asked === undefined) return { rpId: host, origin };
    if (!plausible(asked) || !hostWithin(host, asked)) {
      throw new ApiError('invalid_webauthn_domain', { message: `The domain ${asked} is not the origin's host or a parent of it.` });
    }
    return { rpId: asked, origin };
  }
  if (asked === undefined) throw new ApiError('invalid_webauthn_domain', { message: 'domain is required when the request has no Origin.' });
  const hosts = svc.project.config.allowed_origins.flatMap((p) => {
    try {
      return [new URL(p.endsWith(':*') ? p.slice(0, -2) : p).hostname];
    } catch {
      return [];
    }
  });
  if (!plausible(asked) || !hosts.some((h) => hostWithin(h, asked))) {
    throw new ApiError('invalid_webauthn_domain', { message: `The domain ${asked} is not a domain of the project's allowed origins.` });
  }
  return { rpId: asked, origin: null };
}

/**
 * The origin a ceremony's clientData must carry: the one that started it, else (a server-to-server start)
 * any allowed origin whose host lies within the RP ID.
 */
export function expectedOrigin(c: Ctx, svc: Services, row: WebAuthnChallengesTable, clientOrigin: string): string {
  if (row.origin) return row.origin;
  try {
    const host = new URL(clientOrigin).hostname;
    if ((isOriginAllowed(c, svc, clientOrigin) || originAllowed(clientOrigin, svc.project.config.allowed_origins)) && hostWithin(host, row.rp_id)) {
      return clientOrigin;
    }
  } catch {
    // falls through: no origin matches, so verification reports the mismatch
  }
  return `https://${row.rp_id}`;
}

/** The project's user-verification requirement (docs/reference/security.md#webauthn "UV as configured"); default preferred. */
export function userVerification(svc: Services): UserVerification {
  return settingOf(svc.project, 'webauthn').user_verification;
}

/** Removes challenges whose time is up; cheap thanks to the expiry index, so every start does it. */
export async function pruneChallenges(svc: Services, now: number): Promise<void> {
  await svc.db.kysely.deleteFrom('webauthn_challenges').where('expires_at', '<', now).execute();
}

/** Claims a live challenge of `kind` exactly once (atomic conditional UPDATE); null when unknown, used or expired. */
export async function claimChallenge(svc: Services, challenge: string, kind: 'register' | 'authenticate'): Promise<WebAuthnChallengesTable | null> {
  const claimed = await claimOnce(svc.db.kysely, 'webauthn_challenges', { challenge, project_id: svc.project.project_id, kind }, { now: svc.now() });
  return claimed.ok ? claimed.row : null;
}

/** The webauthn factor of a session (the provider's shape). */
export function webauthnFactor(reg: WebAuthnRegistrationsTable, now: number): AuthenticationFactor {
  return {
    type: 'webauthn',
    delivery_method: 'webauthn_registration',
    last_authenticated_at: new Date(now).toISOString(),
    webauthn_factor: { webauthn_registration_id: reg.webauthn_registration_id, domain: reg.domain, user_agent: reg.user_agent },
  };
}

/** A webauthn factor is the same factor as another of its registration (a step-up refreshes it). */
export const webauthnFactorIdentity = (f: AuthenticationFactor): string =>
  JSON.stringify([f.type, (f['webauthn_factor'] as { webauthn_registration_id?: string } | undefined)?.webauthn_registration_id]);

/** Stores a new ceremony challenge, valid {@link WEBAUTHN_CHALLENGE_TTL_MS} from now. */
export async function storeChallenge(
  svc: Services,
  row: Omit<WebAuthnChallengesTable, 'project_id' | 'created_at' | 'expires_at' | 'consumed_at'>,
): Promise<void> {
  const now = svc.now();
  await svc.db.kysely
    .insertInto('webauthn_challenges')
    .values({ ...row, project_id: svc.project.project_id, created_at: now, expires_at: now + WEBAUTHN_CHALLENGE_TTL_MS, consumed_at: null })
    .execute();
}

/** Counts a ceremony start against the per-IP limit, and prunes expired challenges. @throws too_many_requests */
export async function limitStarts(c: Ctx, svc: Services): Promise<void> {
  const now = svc.now();
  await hit(svc.db, `webauthn_start:ip:${svc.project.project_id}:${clientIp(c, svc)}`, WEBAUTHN_STARTS_PER_IP, now);
  await pruneChallenges(svc, now);
}
