import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { issueAccessToken } from './account.ts';
import { login, seedVerifiedPhone, type TestApp, testApp } from '../test-helpers.ts';

type Json = Record<string, unknown>;
const dataOf = (r: { json: Json }) => r.json.data as Json & { user: Json & { emails: Json[]; untrusted_metadata: Json } };

describe('account: users/me, factors, connected apps, token exchange, attest', () => {
  let t: TestApp;
  let signingKey: CryptoKey;
  before(async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    signingKey = pair.privateKey;
    t = await testApp({
      trustedAuthTokenProfiles: [
        { profile_id: 'profile-host-idp', issuer: 'https://idp.example.com', audience: 'auth-elements', public_key_pem: await exportSPKI(pair.publicKey) },
      ],
    });
  });
  after(() => t.close());

  it('PUT /users/me replaces untrusted_metadata and refuses non-objects and oversize values', async () => {
    const { token } = await login(t, 'meta@example.com');
    const r = await t.call('PUT', '/sdk/v1/users/me', { secret: token, body: { untrusted_metadata: { theme: 'dark', n: 1 } } });
    assert.equal(r.status, 200);
    assert.deepEqual(dataOf(r).user.untrusted_metadata, { theme: 'dark', n: 1 });
    const me = await t.call('GET', '/sdk/v1/users/me', { secret: token });
    assert.deepEqual((me.json.data as Json).untrusted_metadata, { theme: 'dark', n: 1 });

    for (const bad of [{ untrusted_metadata: 'x' }, { untrusted_metadata: [1] }, { untrusted_metadata: { big: 'x'.repeat(5000) } }]) {
      const b = await t.call('PUT', '/sdk/v1/users/me', { secret: token, body: bad });
      assert.equal(b.status, 400);
      assert.equal(b.json.error_type, 'invalid_request_body');
    }
    const anon = await t.call('PUT', '/sdk/v1/users/me', { body: { untrusted_metadata: {} } });
    assert.equal(anon.status, 401);
    assert.equal(anon.json.error_type, 'user_unauthenticated');
  });

  it("deletes only the signed-in user's own factors", async () => {
    const a = await login(t, 'factor-a@example.com');
    const b = await login(t, 'factor-b@example.com');
    const bEmailId = ((b.data.user as Json).emails as Json[])[0]!.email_id as string;
    const notMine = await t.call('DELETE', `/sdk/v1/users/emails/${bEmailId}`, { secret: a.token });
    assert.equal(notMine.status, 404);
    assert.equal(notMine.json.error_type, 'email_not_found');
    await seedVerifiedPhone(t, String(b.data.user_id));
    const mine = await t.call('DELETE', `/sdk/v1/users/emails/${bEmailId}`, { secret: b.token });
    assert.equal(mine.status, 200);
    assert.deepEqual(dataOf(mine).user.emails, []);
    for (const [kind, type] of [
      ['phone_numbers', 'phone_number_not_found'],
      ['totps', 'totp_not_found'],
      ['crypto_wallets', 'crypto_wallet_not_found'],
      ['oauth', 'oauth_user_registration_not_found'],
      ['biometric_registrations', 'biometric_registration_not_found'],
    ]) {
      const r = await t.call('DELETE', `/sdk/v1/users/${kind}/some-id`, { secret: a.token });
      assert.equal(r.status, 404, kind);
      assert.equal(r.json.error_type, type);
    }
    assert.equal((await t.call('DELETE', '/sdk/v1/users/emails/x')).json.error_type, 'user_unauthenticated');
  });

  it("lists and revokes connected apps; a revoked app's access token no longer exchanges", async () => {
    const { token, data } = await login(t, 'apps@example.com');
    const userId = data.user_id as string;
    await issueAccessToken(t.services, {
      userId,
      app: { connected_app_id: 'connected-app-test-1', name: 'Notes', scopes: 'openid email' },
      token: 'access-token-secret-1',
      ttlMs: 3_600_000,
    });
    const list = await t.call('GET', '/sdk/v1/users/connected_apps', { secret: token });
    assert.deepEqual((list.json.data as Json).connected_apps, [
      { connected_app_id: 'connected-app-test-1', name: 'Notes', description: '', logo_url: null, scopes_granted: 'openid email' },
    ]);

    const exchanged = await t.call('POST', '/sdk/v1/sessions/exchange_access_token', {
      body: { access_token: 'access-token-secret-1', session_duration_minutes: 60 },
    });
    assert.equal(exchanged.status, 200);
    assert.equal(dataOf(exchanged).user_id, userId);
    assert.match(dataOf(exchanged).session_token as string, /\S{20,}/);

    assert.equal((await t.call('POST', '/sdk/v1/users/connected_apps/connected-app-test-1/revoke', { secret: token, body: {} })).status, 200);
    assert.deepEqual(((await t.call('GET', '/sdk/v1/users/connected_apps', { secret: token })).json.data as Json).connected_apps, []);
    const again = await t.call('POST', '/sdk/v1/users/connected_apps/connected-app-test-1/revoke', { secret: token, body: {} });
    assert.equal(again.json.error_type, 'connected_app_not_found');
    const dead = await t.call('POST', '/sdk/v1/sessions/exchange_access_token', {
      body: { access_token: 'access-token-secret-1', session_duration_minutes: 60 },
    });
    assert.equal(dead.status, 401);
    assert.equal(dead.json.error_type, 'invalid_access_token');
  });

  it('an expired access token does not exchange', async () => {
    const { data } = await login(t, 'expired-at@example.com');
    await issueAccessToken(t.services, {
      userId: data.user_id as string,
      app: { connected_app_id: 'connected-app-test-2', name: 'Old', scopes: 'openid' },
      token: 'access-token-secret-2',
      ttlMs: 1000,
    });
    t.advance(1001);
    const r = await t.call('POST', '/sdk/v1/sessions/exchange_access_token', { body: { access_token: 'access-token-secret-2' } });
    assert.equal(r.json.error_type, 'invalid_access_token');
  });

  it('attests a trusted auth token of a configured profile into a session', async () => {
    const jwt = (claims: Json, o: { iss?: string; aud?: string; key?: CryptoKey } = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256' })
        .setIssuer(o.iss ?? 'https://idp.example.com')
        .setAudience(o.aud ?? 'auth-elements')
        .setIssuedAt(Math.floor(t.clock.t / 1000))
        .setExpirationTime(Math.floor(t.clock.t / 1000) + 300)
        .sign(o.key ?? signingKey);
    // exp is checked against the app's injected clock (2030), not the real one.
    const good = await jwt({ email: 'Trusted@Example.com' });
    const r = await t.call('POST', '/sdk/v1/sessions/attest', { body: { profile_id: 'profile-host-idp', token: good, session_duration_minutes: 30 } });
    assert.equal(r.status, 200);
    assert.equal(dataOf(r).user.emails[0]!.email, 'trusted@example.com');

    const other = await generateKeyPair('ES256');
    const cases: [Json, string][] = [
      [{ profile_id: 'profile-host-idp', token: await jwt({ email: 'a@b.co' }, { key: other.privateKey }) }, 'invalid_trusted_auth_token'],
      [{ profile_id: 'profile-host-idp', token: await jwt({ email: 'a@b.co' }, { iss: 'https://evil.example.com' }) }, 'invalid_trusted_auth_token'],
      [{ profile_id: 'profile-host-idp', token: await jwt({ email: 'a@b.co' }, { aud: 'someone-else' }) }, 'invalid_trusted_auth_token'],
      [{ profile_id: 'profile-host-idp', token: await jwt({ sub: 'no-email' }) }, 'invalid_trusted_auth_token'],
      [{ profile_id: 'profile-host-idp', token: 'not-a-jwt' }, 'invalid_trusted_auth_token'],
      [{ profile_id: 'profile-unknown', token: good }, 'trusted_auth_token_profile_not_found'],
    ];
    for (const [body, type] of cases) {
      const bad = await t.call('POST', '/sdk/v1/sessions/attest', { body });
      assert.ok(bad.status >= 400 && bad.status < 500);
      assert.equal(bad.json.error_type, type);
    }
    const missing = await t.call('POST', '/sdk/v1/sessions/attest', { body: { token: good } });
    assert.equal(missing.json.error_type, 'invalid_request_body');
  });
});
