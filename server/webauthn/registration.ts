/**
 * WebAuthn registration (docs/reference/methods/webauthn.md#calls `/webauthn/register/*`): creation options under a session, then the
 * verified attestation stored as a registration and added to the session as a factor.
 */
import { randomBytes } from 'node:crypto';
import type { AuthenticatorTransportFuture, RegistrationResponseJSON } from '@simplewebauthn/server';
import { webauthnLibrary } from './library.ts';
import { WebAuthnRegisterRequest, WebAuthnRegisterStartRequest, type WebAuthnRegisterStartResponse } from '../../sdk-core/schemas/index.ts';
import { requireSession } from '../auth-helpers.ts';
import { newId } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import { requireProjectAuth } from '../basic-auth.ts';
import { readJson } from '../body.ts';
import { userAgent } from '../request.ts';
import { ok } from '../responses.ts';
import type { Services } from '../services.ts';
import type { Route } from '../routes/types.ts';
import { addSessionFactor } from '../session-factors.ts';
import { authenticateAnswer } from '../sessions.ts';
import { loadUser } from '../users.ts';
import {
  webauthnFactorIdentity,
  ceremonyScope,
  claimChallenge,
  expectedOrigin,
  limitStarts,
  storeChallenge,
  userVerification,
  WEBAUTHN_CHALLENGE_BYTES,
  WEBAUTHN_CHALLENGE_TTL_MS,
  webauthnFactor,
} from './ceremony.ts';
import { parseCredential } from './credential.ts';
import type { WebAuthnRegistrationsTable } from './tables.ts';

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

/** Registers `webauthn/register/start` and `webauthn/register`. */
export function registrationRoutes(route: Route, svc: Services): void {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;

  route('POST', '/sdk/v1/webauthn/register/start', async (c) => {
    const session = await requireSession(c, svc, { mintsAccess: true });
    const body = await readJson(c, WebAuthnRegisterStartRequest, svc.maxBodyBytes);
    const { rpId, origin } = ceremonyScope(c, svc, body.domain);
    await limitStarts(c, svc);
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
    const options = await (await webauthnLibrary()).generateRegistrationOptions({
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
        // A passkey is a discoverable credential: sign-in needs no username (docs/reference/methods/webauthn.md#screens passkey button, autofill).
        residentKey: isPasskey ? 'required' : 'preferred',
        requireResidentKey: isPasskey,
        userVerification: uv,
        ...(body.authenticator_type ? { authenticatorAttachment: body.authenticator_type } : {}),
      },
    });
    await storeChallenge(svc, {
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
    const session = await requireSession(c, svc, { mintsAccess: true });
    const body = await readJson(c, WebAuthnRegisterRequest, svc.maxBodyBytes);
    const cred = parseCredential(body.public_key_credential, 'register');
    const row = await claimChallenge(svc, cred.clientData.challenge, 'register');
    // A challenge issued to another user's session is as good as unknown to this one.
    if (!row || row.user_id !== session.user_id) throw new ApiError('webauthn_challenge_not_found');

    let info: Awaited<ReturnType<Awaited<ReturnType<typeof webauthnLibrary>>['verifyRegistrationResponse']>>;
    try {
      info = await (await webauthnLibrary()).verifyRegistrationResponse({
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
    await svc.events.emit({ type: 'factor.added', user_id: session.user_id, factor: { kind: 'passkey', id: reg.webauthn_registration_id } });

    const updated = await addSessionFactor(svc, session, webauthnFactor(reg, now), {
      durationMinutes: body.session_duration_minutes,
      identity: webauthnFactorIdentity,
    });
    if (!updated) throw new ApiError('user_unauthenticated');
    return ok(c, { ...(await authenticateAnswer(svc, updated, creds.secret)), webauthn_registration_id: reg.webauthn_registration_id });
  });
}
