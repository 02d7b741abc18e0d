/**
 * WebAuthn authentication (docs/reference/methods/webauthn.md#calls `/webauthn/authenticate/*`): request options for a discoverable
 * (primary) or session-bound (secondary) ceremony, then the verified assertion signs in or adds a factor.
 */
import { randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON, AuthenticatorTransportFuture } from '@simplewebauthn/server';
import { webauthnLibrary } from './library.ts';
import { WebAuthnAuthenticateRequest, WebAuthnAuthenticateStartRequest, type WebAuthnAuthenticateStartResponse } from '../../sdk-core/schemas/index.ts';
import { requireSession } from '../auth-helpers.ts';
import { ApiError } from '../errors.ts';
import { requireProjectAuth } from '../basic-auth.ts';
import { readJson } from '../body.ts';
import { userAgent } from '../request.ts';
import { ok } from '../responses.ts';
import type { Ctx, Services } from '../services.ts';
import type { Route } from '../routes/types.ts';
import { addSessionFactor } from '../session-factors.ts';
import { authenticateAnswer, DEFAULT_SESSION_DURATION_MINUTES, findLiveSession } from '../sessions.ts';
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
import { signInOrSecondStep } from '../mfa/gate.ts';
import { assertStepFactor, completeStep, type StepSubject, stepSubject } from '../mfa/second-step.ts';
import { SecondStepFields } from '../../sdk-core/schemas/index.ts';

/** Registers `webauthn/authenticate/start/{primary,secondary}` and `webauthn/authenticate`. */
export function authenticationRoutes(route: Route, svc: Services): void {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;

  const authenticateStart = (variant: 'primary' | 'secondary' | 'second_step') => async (c: Ctx) => {
    requireProjectAuth(c, svc);
    let session: { user_id: string; session_id: string | null } | null = variant === 'secondary' ? await requireSession(c, svc) : null;
    if (variant === 'second_step') {
      // The second step of a two-step sign-in (docs/reference/mfa.md#second-step): the intermediate session's user's passkeys.
      const subject = await stepSubject(c, svc);
      if (subject.kind !== 'intermediate') throw new ApiError('intermediate_session_not_found');
      await assertStepFactor(svc, subject, 'webauthn');
      session = { user_id: subject.userId, session_id: null };
    }
    const body = await readJson(c, WebAuthnAuthenticateStartRequest, svc.maxBodyBytes);
    const { rpId, origin } = ceremonyScope(c, svc, body.domain);
    await limitStarts(c, svc);
    const uv = userVerification(svc);
    const isPasskey = body.return_passkey_credential_options === true;
    // Secondary non-passkey starts name the user's credentials; passkey and primary starts let the
    // authenticator offer its discoverable ones.
    const allow =
      session && !isPasskey
        ? await k
            .selectFrom('webauthn_registrations')
            .select(['credential_id', 'transports'])
            .where('user_id', '=', session.user_id)
            .where('domain', '=', rpId)
            .execute()
        : [];
    const options = await (await webauthnLibrary()).generateAuthenticationOptions({
      rpID: rpId,
      challenge: new Uint8Array(randomBytes(WEBAUTHN_CHALLENGE_BYTES)),
      timeout: WEBAUTHN_CHALLENGE_TTL_MS,
      userVerification: uv,
      allowCredentials: allow.map((r) => ({ id: r.credential_id, transports: JSON.parse(r.transports) as AuthenticatorTransportFuture[] })),
    });
    await storeChallenge(svc, {
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
  route('POST', '/sdk/v1/webauthn/authenticate/start', authenticateStart('second_step'));

  route('POST', '/sdk/v1/webauthn/authenticate', async (c) => {
    const creds = requireProjectAuth(c, svc);
    const body = await readJson(c, WebAuthnAuthenticateRequest, svc.maxBodyBytes);
    // The second step of a two-step sign-in: checked before the challenge is spent.
    let step: StepSubject | null = null;
    if ((await readJson(c, SecondStepFields, svc.maxBodyBytes)).intermediate_session_token !== undefined) {
      step = await stepSubject(c, svc);
      await assertStepFactor(svc, step, 'webauthn');
    }
    const cred = parseCredential(body.public_key_credential, 'authenticate');
    const row = await claimChallenge(svc, cred.clientData.challenge, 'authenticate');
    if (!row) throw new ApiError('webauthn_challenge_not_found');

    const reg = await k
      .selectFrom('webauthn_registrations')
      .selectAll()
      .where('project_id', '=', pid)
      .where('credential_id', '=', cred.json.id)
      .executeTakeFirst();
    // docs/reference/methods/webauthn.md#texts: a passkey the password manager still offers after it was deleted from the account.
    if (!reg) throw new ApiError('webauthn_registration_not_found');
    if (row.user_id !== null && row.user_id !== reg.user_id) throw new ApiError('unable_to_auth_webauthn_registration');
    // A second step proves this user's passkey on a ceremony started for this user, nothing else.
    if (step && (row.user_id !== step.userId || reg.user_id !== step.userId)) throw new ApiError('unable_to_auth_webauthn_registration');
    const handle = cred.json.response.userHandle;
    if (handle && reg.user_handle && handle !== reg.user_handle) throw new ApiError('unable_to_auth_webauthn_registration');

    let result: Awaited<ReturnType<Awaited<ReturnType<typeof webauthnLibrary>>['verifyAuthenticationResponse']>>;
    try {
      result = await (await webauthnLibrary()).verifyAuthenticationResponse({
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
    let q = k
      .updateTable('webauthn_registrations')
      .set({ counter: newCounter, last_used_at: now })
      .where('webauthn_registration_id', '=', reg.webauthn_registration_id);
    if (newCounter > 0) q = q.where('counter', '<', newCounter);
    const moved = await q.executeTakeFirst();
    if (moved.numUpdatedRows === 0n) throw new ApiError('unable_to_auth_webauthn_registration', { details: { reason: 'signature counter did not increase' } });

    const factor = webauthnFactor(reg, now);
    if (step) {
      const answer = await completeStep(c, svc, step, factor, { durationMinutes: body.session_duration_minutes, identity: webauthnFactorIdentity });
      return ok(c, { ...answer, webauthn_registration_id: reg.webauthn_registration_id });
    }
    // With a live session of the same user the factor joins it; otherwise this is a fresh sign-in.
    const current = creds.secret && creds.secret !== creds.publicToken ? await findLiveSession(svc, creds.secret) : null;
    if (current && current.user_id === reg.user_id) {
      const updated = await addSessionFactor(svc, current, factor, { durationMinutes: body.session_duration_minutes, identity: webauthnFactorIdentity });
      if (updated) return ok(c, { ...(await authenticateAnswer(svc, updated, creds.secret)), webauthn_registration_id: reg.webauthn_registration_id });
    }
    const answer = await signInOrSecondStep(c, svc, {
      userId: reg.user_id,
      factor,
      durationMinutes: body.session_duration_minutes ?? DEFAULT_SESSION_DURATION_MINUTES,
    });
    return ok(c, { ...answer, webauthn_registration_id: reg.webauthn_registration_id });
  });
}
