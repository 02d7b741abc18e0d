/**
 * Attacks with an impersonated session (issue 26, item 7): a passkey or wallet step-up with
 * `session_duration_minutes: 600` moved its expiry from +60 to +600 minutes, and the session could mint
 * lasting access with no audit trail: register a passkey, link a wallet, add an email or phone, create a
 * TOTP (or read its recovery codes), set the password into a fresh session, or grant a first-party app
 * `offline_access`. An impersonated session may read and act: its step-ups succeed without extending it;
 * everything else above is 403 unauthorized_action (server/session-factors.ts), and leaves nothing behind.
 * Runs on SQLite and, with TEST_DATABASE_URL, on Postgres.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ethereumWallet } from '../../server/crypto-wallets/test-wallets.ts';
import { mintImpersonationToken } from '../../server/impersonation/index.ts';
import { IMPERSONATED_SESSION_MINUTES } from '../../server/impersonation/store.ts';
import { pkce, setupIdp, type IdpSetup } from '../../server/idp/test-flow.ts';
import { SoftAuthenticator } from '../../server/test-soft-authenticator.ts';
import { type CallResult, type TestApp, testApp } from '../../server/test-helpers.ts';

type Json = Record<string, unknown>;
const sessionOf = (r: CallResult) => (r.json.data?.session ?? {}) as Json;
const ORIGIN = 'http://localhost:3000';

describe('attack: an impersonated session extending itself or minting lasting access', () => {
  let t: TestApp;
  let s: IdpSetup;
  const auth = new SoftAuthenticator();
  const wallet = ethereumWallet();

  before(async () => {
    t = await testApp();
    s = await setupIdp(t, 'imp-limits@example.com');
    // The user's own session enrols a passkey and links a wallet: the factors an impersonator steps up with.
    const start = await t.call('POST', '/sdk/v1/webauthn/register/start', {
      secret: s.session,
      origin: ORIGIN,
      body: { return_passkey_credential_options: true },
    });
    assert.equal(start.status, 200, JSON.stringify(start.json));
    const cred = auth.create(String((start.json.data as Json).public_key_credential_creation_options), ORIGIN);
    const reg = await t.call('POST', '/sdk/v1/webauthn/register', { secret: s.session, origin: ORIGIN, body: { public_key_credential: JSON.stringify(cred) } });
    assert.equal(reg.status, 200, JSON.stringify(reg.json));
    const challenge = await walletStart('secondary', s.session);
    assert.equal(challenge.status, 200, JSON.stringify(challenge.json));
    const linked = await walletAuthenticate(String(challenge.json.data?.challenge), s.session);
    assert.equal(linked.status, 200, JSON.stringify(linked.json));
  });
  after(() => t.close());

  const walletStart = (variant: 'primary' | 'secondary', secret?: string) =>
    t.call('POST', `/sdk/v1/crypto_wallets/authenticate/start/${variant}`, {
      origin: ORIGIN,
      ...(secret ? { secret } : {}),
      body: { crypto_wallet_address: wallet.address, crypto_wallet_type: wallet.type },
    });
  const walletAuthenticate = async (challenge: string, secret: string, minutes?: number) =>
    t.call('POST', '/sdk/v1/crypto_wallets/authenticate', {
      origin: ORIGIN,
      secret,
      body: {
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: wallet.type,
        signature: await wallet.sign(challenge),
        ...(minutes ? { session_duration_minutes: minutes } : {}),
      },
    });

  /** A fresh impersonated session of the user: its token and its expiry (ms). */
  async function impersonate(): Promise<{ token: string; expiresAt: number }> {
    const { token } = await mintImpersonationToken(t.services.db, t.projectId, s.userId, { adminId: 'agent-9', now: t.clock.t });
    const r = await t.call('POST', '/sdk/v1/impersonation/authenticate', { body: { impersonation_token: token } });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const expiresAt = Date.parse(String(sessionOf(r).expires_at));
    assert.equal(expiresAt, t.clock.t + IMPERSONATED_SESSION_MINUTES * 60_000);
    return { token: String(r.json.data?.session_token), expiresAt };
  }

  /** The session's stored expiry, read by sessions/authenticate without moving it. */
  async function expiryOf(token: string): Promise<number> {
    const r = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: token, body: {} });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return Date.parse(String(sessionOf(r).expires_at));
  }

  const factorTypes = (r: CallResult) => (sessionOf(r).authentication_factors as Json[]).map((f) => f.type);

  it('a passkey step-up with session_duration_minutes 600 succeeds but does not extend the session', async () => {
    const imp = await impersonate();
    t.advance(60_000);
    const start = await t.call('POST', '/sdk/v1/webauthn/authenticate/start/primary', { origin: ORIGIN, body: { return_passkey_credential_options: true } });
    assert.equal(start.status, 200, JSON.stringify(start.json));
    const cred = auth.get(String((start.json.data as Json).public_key_credential_request_options), ORIGIN, {}, auth.credentials[0]);
    const r = await t.call('POST', '/sdk/v1/webauthn/authenticate', {
      secret: imp.token,
      origin: ORIGIN,
      body: { public_key_credential: JSON.stringify(cred), session_duration_minutes: 600 },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.data?.session_token, imp.token, 'the factor joined the impersonated session');
    assert.deepEqual(factorTypes(r), ['impersonated', 'webauthn']);
    assert.equal(Date.parse(String(sessionOf(r).expires_at)), imp.expiresAt);
    assert.equal(await expiryOf(imp.token), imp.expiresAt);
  });

  it('a wallet step-up with session_duration_minutes 600 succeeds but does not extend the session', async () => {
    const imp = await impersonate();
    t.advance(60_000);
    const start = await walletStart('primary');
    assert.equal(start.status, 200, JSON.stringify(start.json));
    const r = await walletAuthenticate(String(start.json.data?.challenge), imp.token, 600);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.data?.session_token, imp.token, 'the factor joined the impersonated session');
    assert.deepEqual(factorTypes(r), ['impersonated', 'crypto']);
    assert.equal(Date.parse(String(sessionOf(r).expires_at)), imp.expiresAt);
    assert.equal(await expiryOf(imp.token), imp.expiresAt);
  });

  it('sessions/authenticate with session_duration_minutes 600 does not extend it either', async () => {
    const imp = await impersonate();
    const r = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: imp.token, body: { session_duration_minutes: 600 } });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(await expiryOf(imp.token), imp.expiresAt);
  });

  it('credentials, addresses, TOTPs, passwords: every route that would add or change one refuses it', async () => {
    const imp = await impersonate();
    const { challenge } = pkce();
    const attempts: [string, string, Json][] = [
      ['POST', '/sdk/v1/webauthn/register/start', { return_passkey_credential_options: true }],
      ['POST', '/sdk/v1/webauthn/register', { public_key_credential: '{}', session_duration_minutes: 600 }],
      ['POST', '/sdk/v1/crypto_wallets/authenticate/start/secondary', { crypto_wallet_address: ethereumWallet().address, crypto_wallet_type: 'ethereum' }],
      ['POST', '/sdk/v1/totps', {}],
      ['POST', '/sdk/v1/totps/recovery_codes', {}],
      ['POST', '/sdk/v1/otps/email/send/secondary', { email: 'impersonator@example.com' }],
      ['POST', '/sdk/v1/otps/sms/send/secondary', { phone_number: '+14155550123' }],
      ['POST', '/sdk/v1/magic_links/email/send/secondary', { email: 'impersonator@example.com' }],
      ['POST', '/sdk/v1/passwords/session/reset', { password: 'a fresh and long passphrase 7', session_duration_minutes: 600 }],
      [
        'POST',
        '/sdk/v1/idp/oauth/authorize/submit',
        {
          client_id: s.firstPartyId,
          redirect_uri: 'https://own.example/cb',
          scopes: ['openid', 'offline_access'],
          code_challenge: challenge,
          consent_granted: true,
        },
      ],
    ];
    for (const [method, path, body] of attempts) {
      const r = await t.call(method, path, { secret: imp.token, origin: ORIGIN, body });
      assert.equal(r.status, 403, `${path}: ${JSON.stringify(r.json)}`);
      assert.equal(r.json.error_type, 'unauthorized_action', path);
    }
    // Nothing was left behind: no new address, passkey, wallet, TOTP or password; no grant; the session is as it was.
    const me = await t.call('GET', '/sdk/v1/users/me', { secret: imp.token });
    assert.equal(me.status, 200);
    const user = me.json.data as Json;
    assert.deepEqual(
      (user.emails as Json[]).map((e) => e.email),
      ['imp-limits@example.com'],
    );
    assert.deepEqual(user.phone_numbers, []);
    assert.equal((user.webauthn_registrations as Json[]).length, 1);
    assert.equal((user.crypto_wallets as Json[]).length, 1);
    assert.deepEqual(user.totps, []);
    const grants = await t.services.db.kysely.selectFrom('idp_grants').select('grant_id').where('user_id', '=', s.userId).execute();
    assert.deepEqual(grants, []);
    const sessions = await t.services.db.kysely
      .selectFrom('sessions')
      .select('session_id')
      .where('user_id', '=', s.userId)
      .where('revoked_at', 'is', null)
      .execute();
    const before = sessions.length;
    assert.equal(await expiryOf(imp.token), imp.expiresAt);
    const after = await t.services.db.kysely
      .selectFrom('sessions')
      .select('session_id')
      .where('user_id', '=', s.userId)
      .where('revoked_at', 'is', null)
      .execute();
    assert.equal(after.length, before, 'no session was started');
  });

  it('removing a factor (passkey, wallet, email) is refused too, and every factor stays', async () => {
    const imp = await impersonate();
    const me = await t.call('GET', '/sdk/v1/users/me', { secret: imp.token });
    const user = me.json.data as Json;
    const ids: [string, string][] = [
      ['webauthn_registrations', String((user.webauthn_registrations as Json[])[0]?.webauthn_registration_id)],
      ['crypto_wallets', String((user.crypto_wallets as Json[])[0]?.crypto_wallet_id)],
      ['emails', String((user.emails as Json[])[0]?.email_id)],
    ];
    for (const [kind, id] of ids) {
      const r = await t.call('DELETE', `/sdk/v1/users/${kind}/${id}`, { secret: imp.token, origin: ORIGIN });
      assert.equal(r.status, 403, `${kind}: ${JSON.stringify(r.json)}`);
      assert.equal(r.json.error_type, 'unauthorized_action', kind);
    }
    const still = (await t.call('GET', '/sdk/v1/users/me', { secret: s.session })).json.data as Json;
    assert.equal((still.webauthn_registrations as Json[]).length, 1);
    assert.equal((still.crypto_wallets as Json[]).length, 1);
    assert.equal((still.emails as Json[]).length, 1);
  });

  it('the user’s own session may still do all of it (the guard is about impersonation only)', async () => {
    const { challenge } = pkce();
    const submit = await t.call('POST', '/sdk/v1/idp/oauth/authorize/submit', {
      secret: s.session,
      origin: ORIGIN,
      body: {
        client_id: s.firstPartyId,
        redirect_uri: 'https://own.example/cb',
        scopes: ['openid', 'offline_access'],
        code_challenge: challenge,
        consent_granted: true,
      },
    });
    assert.equal(submit.status, 200, JSON.stringify(submit.json));
    assert.match(String(submit.json.data?.redirect_uri), /[?&]code=/);
    const totp = await t.call('POST', '/sdk/v1/totps', { secret: s.session, origin: ORIGIN, body: {} });
    assert.equal(totp.status, 200, JSON.stringify(totp.json));
  });
});
