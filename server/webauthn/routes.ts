/**
 * WebAuthn and passkeys (SPEC §7 `/webauthn/*`, DESIGN 3): registration under a session, discoverable
 * (primary) and session-bound (secondary) authentication, rename, and removal of a registration.
 * Ceremonies are verified by @simplewebauthn/server; challenges are 32 random bytes kept in the
 * database, single use (a conditional UPDATE claims them), valid 5 minutes.
 */
import { randomBytes } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import {
  type AuthenticationFactor,
  WebAuthnAuthenticateRequest,
  WebAuthnAuthenticateStartRequest,
  type WebAuthnAuthenticateStartResponse,
  WebAuthnRegisterRequest,
  WebAuthnRegisterStartRequest,
  type WebAuthnRegisterStartResponse,
  WebAuthnUpdateRequest,
} from '../../sdk-core/schemas/index.ts';
import { requireSession } from '../auth-helpers.ts';
import { newId } from '../crypto.ts';
import type { SessionsTable } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { clientIp, type Ctx, isOriginAllowed, ok, readJson, requireProjectAuth, type Services, userAgent } from '../http.ts';
import { originAllowed } from '../project.ts';
import { type Limit, hit } from '../rate-limit.ts';
import { authenticateAnswer, createSession, DEFAULT_SESSION_DURATION_MINUTES, findLiveSession } from '../sessions.ts';
import { loadUser } from '../users.ts';
import type { Route } from '../routes/types.ts';
import { parseCredential } from './credential.ts';
import { toRegistrationInfo } from './store.ts';
import type { WebAuthnChallengesTable, WebAuthnRegistrationsTable } from './tables.ts';

/** Challenge size in bytes (DESIGN 3). */
export const WEBAUTHN_CHALLENGE_BYTES = 32;
/** How long a ceremony may take (DESIGN 3: 5 minutes); also the timeout the browser is given. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Ceremony starts per client IP per 10 minutes: each stores a challenge, so unauthenticated starts are bounded. */
export const WEBAUTHN_STARTS_PER_IP: Limit = { max: 600, windowMs: 10 * 60 * 1000 };

type UserVerification = 'required' | 'preferred' | 'discouraged';

/** True when `host` is `rpId` or a subdomain of it (WebAuthn: the RP ID is a registrable suffix of the origin's host). */
function hostWithin(host: string, rpId: string): boolean {
  return host === rpId || host.endsWith(`.${rpId}`);
}

/**
 * RP ID and origin of a ceremony (SPEC §7 `domain`, DESIGN 3 "origin and RP ID from the project config").
 * A browser call's Origin was already checked against the project's allowlist by the app; the RP ID is
 * its host, or the `domain` asked for when that is the host or a parent of it. A call without Origin
 * (server-to-server) must name a domain that one of the project's allowed origins lives on.
 */
function ceremonyScope(c: Ctx, svc: Services, domain: string | undefined): { rpId: string; origin: string | null } {
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
function expectedOrigin(c: Ctx, svc: Services, row: WebAuthnChallengesTable, clientOrigin: string): string {
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

/** The project's user-verification requirement (DESIGN 3 "UV as configured"); default preferred. */
function userVerification(svc: Services): UserVerification {
  return svc.project.config.webauthn?.user_verification ?? 'preferred';
}

/** A short default name for a new passkey from the browser's user agent, e.g. "Chrome on Linux". */
export function defaultPasskeyName(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /(Chrome|Chromium)\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : '';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(ua)
      ? 'iOS'
      : /Mac OS X|Macintosh/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : '';
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || 'Passkey';
}

/** Removes challenges whose time is up; cheap thanks to the expiry index, so every start does it. */
async function pruneChallenges(svc: Services, now: number): Promise<void> {
  await svc.db.kysely.deleteFrom('webauthn_challenges').where('expires_at', '<', now).execute();
}

/** Claims a live challenge of `kind` exactly once (atomic conditional UPDATE); null when unknown, used or expired. */
async function claimChallenge(svc: Services, challenge: string, kind: 'register' | 'authenticate'): Promise<WebAuthnChallengesTable | null> {
  const now = svc.now();
  const row = await svc.db.kysely
    .updateTable('webauthn_challenges')
    .set({ consumed_at: now })
    .where('challenge', '=', challenge)
    .where('project_id', '=', svc.project.project_id)
    .where('kind', '=', kind)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** The webauthn factor of a session (the provider's shape). */
function webauthnFactor(reg: WebAuthnRegistrationsTable, now: number): AuthenticationFactor {
  return {
    type: 'webauthn',
    delivery_method: 'webauthn_registration',
    last_authenticated_at: new Date(now).toISOString(),
    webauthn_factor: { webauthn_registration_id: reg.webauthn_registration_id, domain: reg.domain, user_agent: reg.user_agent },
  };
}

/** Adds (or refreshes) `factor` on a live session, optionally resetting its expiry; null when it died meanwhile. */
async function addFactor(svc: Services, session: SessionsTable, factor: AuthenticationFactor, durationMinutes: number | undefined): Promise<SessionsTable | null> {
  const now = svc.now();
  const id = (f: AuthenticationFactor) => JSON.stringify([f.type, (f['webauthn_factor'] as { webauthn_registration_id?: string } | undefined)?.webauthn_registration_id]);
  const factors = (JSON.parse(session.factors) as AuthenticationFactor[]).filter((f) => id(f) !== id(factor));
  factors.push(factor);
  const row = await svc.db.kysely
    .updateTable('sessions')
    .set((eb) => ({
      factors: JSON.stringify(factors),
      last_accessed_at: now,
      expires_at: durationMinutes === undefined ? eb.ref('expires_at') : now + durationMinutes * 60_000,
    }))
    .where('session_id', '=', session.session_id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** Registers the WebAuthn routes and the registration factor delete. */
export function webauthnRoutes(route: Route, svc: Services): void {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;

  const storeChallenge = async (row: Omit<WebAuthnChallengesTable, 'project_id' | 'created_at' | 'expires_at' | 'consumed_at'>) => {
    const now = svc.now();
    await k
      .insertInto('webauthn_challenges')
      .values({ ...row, project_id: pid, created_at: now, expires_at: now + WEBAUTHN_CHALLENGE_TTL_MS, consumed_at: null })
      .execute();
  };
  const limitStarts = async (c: Ctx) => {
    const now = svc.now();
    await hit(svc.db, `webauthn_start:ip:${pid}:${clientIp(c, svc)}`, WEBAUTHN_STARTS_PER_IP, now);
    await pruneChallenges(svc, now);
  };

  route('POST', '/sdk/v1/webauthn/register/start', async (c) => {
    const session = await requireSession(c, svc);
    const body = await readJson(c, WebAuthnRegisterStartRequest, svc.maxBodyBytes);
    const { rpId, origin } = ceremonyScope(c, svc, body.domain);
    await limitStarts(c);
    const user = await loadUser(svc, session.user_id);
    if (!user) throw new ApiError('user_unauthenticated');
    const existing = await k
      .selectFrom('webauthn_registrations')
      .select(['credential_id', 'transports'])
      .where('user_id', '=', user.user_id)
      .where('domain', '=', rpId)
      .execute();
    const isPasskey = body.return_passkey_credential_options === true;
    const uv = userVerification(svc);
    const challenge = randomBytes(WEBAUTHN_CHALLENGE_BYTES);
    const userHandle = Buffer.from(body.override_id ?? user.user_id, 'utf8');
    const label = user.emails[0]?.email ?? user.phone_numbers[0]?.phone_number ?? user.user_id;
    const options = await generateRegistrationOptions({
      rpName: svc.project.config.webauthn?.rp_name ?? svc.project.project_name,
      rpID: rpId,
      userID: new Uint8Array(userHandle),
      userName: body.override_name ?? label,
      userDisplayName: body.override_display_name ?? body.override_name ?? label,
      challenge: new Uint8Array(challenge),
      timeout: WEBAUTHN_CHALLENGE_TTL_MS,
      attestationType: 'none',
      // The authenticator refuses to make a second credential for this account (the widget's duplicate message).
      excludeCredentials: existing.map((r) => ({ id: r.credential_id, transports: JSON.parse(r.transports) as AuthenticatorTransportFuture[] })),
      authenticatorSelection: {
        // A passkey is a discoverable credential: sign-in needs no username (SPEC §2 passkey button, autofill).
        residentKey: isPasskey ? 'required' : 'preferred',
        requireResidentKey: isPasskey,
        userVerification: uv,
        ...(body.authenticator_type ? { authenticatorAttachment: body.authenticator_type } : {}),
      },
    });
    await storeChallenge({
      challenge: options.challenge,
      kind: 'register',
      user_id: user.user_id,
      session_id: session.session_id,
      rp_id: rpId,
      origin,
      user_verification: uv,
      authenticator_type: body.authenticator_type ?? null,
      is_passkey: isPasskey ? 1 : 0,
      user_handle: userHandle.toString('base64url'),
      user_agent: (body.user_agent ?? userAgent(c)).slice(0, 512),
    });
    const answer: WebAuthnRegisterStartResponse = { user_id: user.user_id, public_key_credential_creation_options: JSON.stringify(options) };
    return ok(c, answer);
  });

  route('POST', '/sdk/v1/webauthn/register', async (c) => {
    const creds = requireProjectAuth(c, svc);
    const session = await requireSession(c, svc);
    const body = await readJson(c, WebAuthnRegisterRequest, svc.maxBodyBytes);
    const cred = parseCredential(body.public_key_credential, 'register');
    const row = await claimChallenge(svc, cred.clientData.challenge, 'register');
    // A challenge issued to another user's session is as good as unknown to this one.
    if (!row || row.user_id !== session.user_id) throw new ApiError('webauthn_challenge_not_found');

    let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      info = await verifyRegistrationResponse({
        response: cred.json as RegistrationResponseJSON,
        expectedChallenge: row.challenge,
        expectedOrigin: expectedOrigin(c, svc, row, cred.clientData.origin),
        expectedRPID: row.rp_id,
        requireUserVerification: row.user_verification === 'required',
      });
    } catch (cause) {
      throw new ApiError('invalid_public_key_credential', { cause, details: { reason: cause instanceof Error ? cause.message : String(cause) } });
    }
    if (!info.verified) throw new ApiError('invalid_public_key_credential');
    const { credential, credentialDeviceType, credentialBackedUp, userVerified, aaguid } = info.registrationInfo;

    const now = svc.now();
    const reg: WebAuthnRegistrationsTable = {
      webauthn_registration_id: newId('webauthn-registration', svc.project.mode),
      project_id: pid,
      user_id: session.user_id,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      user_handle: row.user_handle ?? '',
      name: defaultPasskeyName(row.user_agent),
      domain: row.rp_id,
      user_agent: row.user_agent,
      authenticator_type: row.authenticator_type ?? '',
      is_passkey: row.is_passkey === 1 || body.is_passkey === true ? 1 : 0,
      user_verified: userVerified ? 1 : 0,
      backed_up: credentialBackedUp ? 1 : 0,
      device_type: credentialDeviceType,
      aaguid,
      created_at: now,
      last_used_at: null,
    };
    // The unique (project, credential) constraint decides duplicates, even between parallel registrations.
    const inserted = await k
      .insertInto('webauthn_registrations')
      .values(reg)
      .onConflict((oc) => oc.columns(['project_id', 'credential_id']).doNothing())
      .returning('webauthn_registration_id')
      .executeTakeFirst();
    if (!inserted) throw new ApiError('duplicate_webauthn_registration');

    const updated = await addFactor(svc, session, webauthnFactor(reg, now), body.session_duration_minutes);
    if (!updated) throw new ApiError('user_unauthenticated');
    return ok(c, { ...(await authenticateAnswer(svc, updated, creds.secret)), webauthn_registration_id: reg.webauthn_registration_id });
  });

  const authenticateStart = (variant: 'primary' | 'secondary') => async (c: Ctx) => {
    requireProjectAuth(c, svc);
    const session = variant === 'secondary' ? await requireSession(c, svc) : null;
    const body = await readJson(c, WebAuthnAuthenticateStartRequest, svc.maxBodyBytes);
    const { rpId, origin } = ceremonyScope(c, svc, body.domain);
    await limitStarts(c);
    const uv = userVerification(svc);
    const isPasskey = body.return_passkey_credential_options === true;
    // Secondary non-passkey starts name the user's credentials; passkey and primary starts let the
    // authenticator offer its discoverable ones.
    const allow =
      session && !isPasskey
        ? await k.selectFrom('webauthn_registrations').select(['credential_id', 'transports']).where('user_id', '=', session.user_id).where('domain', '=', rpId).execute()
        : [];
    const options = await generateAuthenticationOptions({
      rpID: rpId,
      challenge: new Uint8Array(randomBytes(WEBAUTHN_CHALLENGE_BYTES)),
      timeout: WEBAUTHN_CHALLENGE_TTL_MS,
      userVerification: uv,
      allowCredentials: allow.map((r) => ({ id: r.credential_id, transports: JSON.parse(r.transports) as AuthenticatorTransportFuture[] })),
    });
    await storeChallenge({
      challenge: options.challenge,
      kind: 'authenticate',
      user_id: session?.user_id ?? null,
      session_id: session?.session_id ?? null,
      rp_id: rpId,
      origin,
      user_verification: uv,
      authenticator_type: null,
      is_passkey: isPasskey ? 1 : 0,
      user_handle: null,
      user_agent: userAgent(c),
    });
    const answer: WebAuthnAuthenticateStartResponse = {
      user_id: session?.user_id ?? '',
      public_key_credential_request_options: JSON.stringify(options),
    };
    return ok(c, answer);
  };
  route('POST', '/sdk/v1/webauthn/authenticate/start/primary', authenticateStart('primary'));
  route('POST', '/sdk/v1/webauthn/authenticate/start/secondary', authenticateStart('secondary'));

  route('POST', '/sdk/v1/webauthn/authenticate', async (c) => {
    const creds = requireProjectAuth(c, svc);
    const body = await readJson(c, WebAuthnAuthenticateRequest, svc.maxBodyBytes);
    const cred = parseCredential(body.public_key_credential, 'authenticate');
    const row = await claimChallenge(svc, cred.clientData.challenge, 'authenticate');
    if (!row) throw new ApiError('webauthn_challenge_not_found');

    const reg = await k
      .selectFrom('webauthn_registrations')
      .selectAll()
      .where('project_id', '=', pid)
      .where('credential_id', '=', cred.json.id)
      .executeTakeFirst();
    // SPEC §8: a passkey the password manager still offers after it was deleted from the account.
    if (!reg) throw new ApiError('webauthn_registration_not_found');
    if (row.user_id !== null && row.user_id !== reg.user_id) throw new ApiError('unable_to_auth_webauthn_registration');
    const handle = cred.json.response.userHandle;
    if (handle && reg.user_handle && handle !== reg.user_handle) throw new ApiError('unable_to_auth_webauthn_registration');

    let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      result = await verifyAuthenticationResponse({
        response: cred.json as AuthenticationResponseJSON,
        expectedChallenge: row.challenge,
        expectedOrigin: expectedOrigin(c, svc, row, cred.clientData.origin),
        expectedRPID: row.rp_id,
        credential: {
          id: reg.credential_id,
          publicKey: new Uint8Array(Buffer.from(reg.public_key, 'base64url')),
          counter: reg.counter,
          transports: JSON.parse(reg.transports) as AuthenticatorTransportFuture[],
        },
        requireUserVerification: row.user_verification === 'required',
      });
    } catch (cause) {
      throw new ApiError('unable_to_auth_webauthn_registration', { cause, details: { reason: cause instanceof Error ? cause.message : String(cause) } });
    }
    if (!result.verified) throw new ApiError('unable_to_auth_webauthn_registration');

    const now = svc.now();
    const { newCounter } = result.authenticationInfo;
    // Counters only move forward: a conditional UPDATE makes two parallel uses of one counter value
    // (a replayed or cloned authenticator) succeed at most once. Counter 0 means "does not count".
    let q = k.updateTable('webauthn_registrations').set({ counter: newCounter, last_used_at: now }).where('webauthn_registration_id', '=', reg.webauthn_registration_id);
    if (newCounter > 0) q = q.where('counter', '<', newCounter);
    const moved = await q.executeTakeFirst();
    if (moved.numUpdatedRows === 0n) throw new ApiError('unable_to_auth_webauthn_registration', { details: { reason: 'signature counter did not increase' } });

    const factor = webauthnFactor(reg, now);
    // With a live session of the same user the factor joins it; otherwise this is a fresh sign-in.
    const current = creds.secret && creds.secret !== creds.publicToken ? await findLiveSession(svc, creds.secret) : null;
    if (current && current.user_id === reg.user_id) {
      const updated = await addFactor(svc, current, factor, body.session_duration_minutes);
      if (updated) return ok(c, { ...(await authenticateAnswer(svc, updated, creds.secret)), webauthn_registration_id: reg.webauthn_registration_id });
    }
    const { row: session, token } = await createSession(svc, {
      userId: reg.user_id,
      factor,
      durationMinutes: body.session_duration_minutes ?? DEFAULT_SESSION_DURATION_MINUTES,
      ip: clientIp(c, svc),
      userAgent: userAgent(c),
    });
    return ok(c, { ...(await authenticateAnswer(svc, session, token)), webauthn_registration_id: reg.webauthn_registration_id });
  });

  route('PUT', '/sdk/v1/webauthn/update/:id', async (c) => {
    const session = await requireSession(c, svc);
    const body = await readJson(c, WebAuthnUpdateRequest, svc.maxBodyBytes);
    const id = c.req.param('id') ?? '';
    // A body naming another registration than the path is a confused client: refuse, rename nothing.
    if (body.webauthn_registration_id !== undefined && body.webauthn_registration_id !== id) {
      throw new ApiError('invalid_request_body', {
        schemaErrors: [{ dataPath: '.webauthn_registration_id', message: 'must match the registration id in the path' }],
      });
    }
    const name = body.name.trim();
    if (name === '') {
      throw new ApiError('invalid_request_body', { schemaErrors: [{ dataPath: '.name', message: 'must not be blank' }] });
    }
    const updated = await k
      .updateTable('webauthn_registrations')
      .set({ name })
      .where('webauthn_registration_id', '=', id)
      .where('user_id', '=', session.user_id)
      .where('project_id', '=', pid)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new ApiError('webauthn_registration_not_found');
    return ok(c, { webauthn_registration: toRegistrationInfo(updated) });
  });

  route('DELETE', '/sdk/v1/users/webauthn_registrations/:id', async (c) => {
    const session = await requireSession(c, svc);
    const res = await k
      .deleteFrom('webauthn_registrations')
      .where('webauthn_registration_id', '=', c.req.param('id') ?? '')
      .where('user_id', '=', session.user_id)
      .where('project_id', '=', pid)
      .executeTakeFirst();
    if (res.numDeletedRows === 0n) throw new ApiError('webauthn_registration_not_found');
    const user = await loadUser(svc, session.user_id);
    if (!user) throw new ApiError('user_unauthenticated');
    return ok(c, { user_id: user.user_id, user });
  });
}
