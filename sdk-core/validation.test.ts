/**
 * docs/reference/sdk.md#validation-rules argument checks on every method of the call table: each bad argument is refused before
 * any request with a UsageError 'Invalid call to {method}' naming the field.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { type AuthClient, createClient } from './client.ts';
import { UsageError } from './errors.ts';
import { MemoryCookieJar, MemoryStore } from './storage.ts';

let requests = 0;
const sent: { url: string; body: unknown }[] = [];
const warn = console.warn;
console.warn = () => undefined;
const client: AuthClient = createClient('public-token-test-validation', {
  apiBaseUrl: 'http://127.0.0.1:1',
  fetch: async (url, init) => {
    if (!url.endsWith('/events')) {
      requests++; // telemetry flushes on its own timer
      sent.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    }
    throw new Error('no request should be sent');
  },
  cookies: new MemoryCookieJar(),
  storage: new MemoryStore(),
  disableSessionRefresh: true,
});
console.warn = warn;
after(() => client.destroy());

// biome-ignore lint/suspicious/noExplicitAny: the point is to pass wrongly typed arguments
type Loose = any;
const c: Loose = client;
const cases: [string, string, () => Promise<unknown>][] = [
  ['otps.email.loginOrCreate', 'email', () => c.otps.email.loginOrCreate(1)],
  ['otps.sms.loginOrCreate', 'phone_number', () => c.otps.sms.loginOrCreate(null)],
  ['otps.whatsapp.send', 'phone_number', () => c.otps.whatsapp.send({})],
  ['otps.email.loginOrCreate', 'expiration_minutes', () => c.otps.email.loginOrCreate('a@b.co', { expiration_minutes: '5' })],
  ['otps.authenticate', 'code', () => c.otps.authenticate(123456, 'm', { session_duration_minutes: 5 })],
  ['otps.authenticate', 'session_duration_minutes', () => c.otps.authenticate('123456', 'm', {})],
  ['magicLinks.email.loginOrCreate', 'email', () => c.magicLinks.email.loginOrCreate(undefined)],
  ['magicLinks.authenticate', 'token', () => c.magicLinks.authenticate(5, { session_duration_minutes: 5 })],
  ['magicLinks.authenticate', 'session_duration_minutes', () => c.magicLinks.authenticate('t', {})],
  ['passwords.create', 'password', () => c.passwords.create({ email: 'a@b.co', password: 1, session_duration_minutes: 5 })],
  ['passwords.authenticate', 'session_duration_minutes', () => c.passwords.authenticate({ email: 'a@b.co', password: 'x' })],
  ['passwords.resetByEmail', 'token', () => c.passwords.resetByEmail({ password: 'x', session_duration_minutes: 5 })],
  [
    'passwords.resetByExistingPassword',
    'existing_password',
    () => c.passwords.resetByExistingPassword({ email: 'a@b.co', new_password: 'y', session_duration_minutes: 5 }),
  ],
  [
    'passwords.resetByExistingPassword',
    'new_password',
    () => c.passwords.resetByExistingPassword({ email: 'a@b.co', existing_password: 'x', new_password: 2, session_duration_minutes: 5 }),
  ],
  ['passwords.strengthCheck', 'password', () => c.passwords.strengthCheck({ email: 'a@b.co' })],
  ['webauthn.registerStart', 'is_passkey', () => c.webauthn.registerStart({ is_passkey: 'yes' })],
  ['webauthn.register', 'session_duration_minutes', () => c.webauthn.register({ public_key_credential: '{}' })],
  ['webauthn.authenticate', 'session_duration_minutes', () => c.webauthn.authenticate({ public_key_credential: '{}', session_duration_minutes: '30' })],
  [
    'webauthn.authenticate',
    'conditional_mediation',
    () => c.webauthn.authenticate({ public_key_credential: '{}', session_duration_minutes: 30, conditional_mediation: 1 }),
  ],
  ['webauthn.update', 'name', () => c.webauthn.update({ webauthn_registration_id: 'w' })],
  ['cryptoWallets.authenticateStart', 'crypto_wallet_address', () => c.cryptoWallets.authenticateStart({ crypto_wallet_type: 'ethereum' })],
  [
    'cryptoWallets.authenticate',
    'signature',
    () => c.cryptoWallets.authenticate({ crypto_wallet_address: '0x1', crypto_wallet_type: 'ethereum', session_duration_minutes: 5 }),
  ],
  [
    'cryptoWallets.authenticate',
    'crypto_wallet_type',
    () => c.cryptoWallets.authenticate({ crypto_wallet_address: '0x1', signature: 's', session_duration_minutes: 5 }),
  ],
  ['oauth.startUrl', 'custom_scopes', () => c.oauth.startUrl('google', { custom_scopes: 'email' })],
  ['oauth.startUrl', 'provider_params', () => c.oauth.startUrl('google', { provider_params: 'x' })],
  ['oauth.authenticate', 'session_duration_minutes', () => c.oauth.authenticate('t', {})],
  ['totps.create', 'expiration_minutes', () => c.totps.create({})],
  ['totps.authenticate', 'totp_code', () => c.totps.authenticate({ totp_code: 123456, session_duration_minutes: 5 })],
  ['totps.authenticate', 'session_duration_minutes', () => c.totps.authenticate({ totp_code: '123456' })],
  ['totps.recover', 'recovery_code', () => c.totps.recover({ session_duration_minutes: 5 })],
  ['impersonation.authenticate', 'impersonation_token', () => c.impersonation.authenticate({ impersonation_token: 7 })],
  ['session.exchangeAccessToken', 'access_token', () => c.session.exchangeAccessToken({ session_duration_minutes: 5 })],
  ['session.exchangeAccessToken', 'session_duration_minutes', () => c.session.exchangeAccessToken({ access_token: 'a' })],
  ['session.attest', 'profile_id', () => c.session.attest({ token: 't' })],
  ['session.attest', 'token', () => c.session.attest({ profile_id: 'p' })],
  ['session.authenticate', 'session_duration_minutes', () => c.session.authenticate({ session_duration_minutes: '5' })],
  ['user.update', 'untrusted_metadata', () => c.user.update({ untrusted_metadata: 'x' })],
  ['user.update', 'name', () => c.user.update({ name: 'Ada' })],
  ['user.update', 'first_name', () => c.user.update({ name: { first_name: 1 } })],
  ['user.deleteFactor', 'kind', () => c.user.deleteFactor('passport', 'id')],
  ['user.makePrimary', 'kind', () => c.user.makePrimary('totp', 'id')],
  ['user.makePrimary', 'id', () => c.user.makePrimary('email', 3)],
  ['idp.authorizeStart', 'client_id', () => c.idp.authorizeStart({ redirect_uri: 'https://a', response_type: 'code', scopes: [] })],
  ['idp.logoutStart', 'post_logout_redirect_uri', () => c.idp.logoutStart({ client_id: 'c' })],
  ['b2b.searchMember', 'organization_id', () => c.b2b.searchMember({ email_address: 'a@b.co' })],
  ['magicLinks.email.send', 'email', () => c.magicLinks.email.send(['a@b.co'])],
  ['magicLinks.email.send', 'login_expiration_minutes', () => c.magicLinks.email.send('a@b.co', { login_expiration_minutes: '30' })],
  ['magicLinks.email.send', 'create_user_as_pending', () => c.magicLinks.email.send('a@b.co', { create_user_as_pending: 'yes' })],
  ['magicLinks.email.loginOrCreate', 'create_user_as_pending', () => c.magicLinks.email.loginOrCreate('a@b.co', { create_user_as_pending: 1 })],
  ['passwords.resetByEmailStart', 'email', () => c.passwords.resetByEmailStart({ login_redirect_url: 'https://a' })],
  [
    'passwords.resetByEmailStart',
    'reset_password_expiration_minutes',
    () => c.passwords.resetByEmailStart({ email: 'a@b.co', reset_password_expiration_minutes: '10' }),
  ],
  ['passwords.resetBySession', 'password', () => c.passwords.resetBySession({ session_duration_minutes: 5 })],
  ['passwords.resetBySession', 'session_duration_minutes', () => c.passwords.resetBySession({ password: 'x' })],
  ['session.revokeSession', 'session_id', () => c.session.revokeSession(5)],
  ['session.revoke', 'forceClear', () => c.session.revoke({ forceClear: 'true' })],
  ['session.revoke', 'profile_id', () => c.session.revoke({ forceClear: true, trustedAuthToken: { token: 't' } })],
  ['user.search', 'email', () => c.user.search({ email: 'a@b.co' })],
  ['user.revokeConnectedApp', 'connected_app_id', () => c.user.revokeConnectedApp(42)],
  ['webauthn.authenticateStart', 'domain', () => c.webauthn.authenticateStart({ domain: 7 })],
  ['webauthn.authenticateStart', 'is_passkey', () => c.webauthn.authenticateStart({ is_passkey: 'true' })],
  ['idp.authorizeSubmit', 'consent_granted', () => c.idp.authorizeSubmit({ client_id: 'c', redirect_uri: 'https://a', scopes: [], consent_granted: 'yes' })],
  ['idp.authorizeSubmit', 'consent_granted', () => c.idp.authorizeSubmit({ client_id: 'c', redirect_uri: 'https://a', scopes: [] })],
  [
    'idp.authorizeSubmit',
    'response_type',
    () => c.idp.authorizeSubmit({ client_id: 'c', redirect_uri: 'https://a', response_type: 1, scopes: [], consent_granted: true }),
  ],
  ['otps.sms.send', 'phone_number', () => c.otps.sms.send(15551234567)],
  ['otps.sms.send', 'locale', () => c.otps.sms.send('+15551234567', { locale: 1 })],
  ['otps.whatsapp.loginOrCreate', 'phone_number', () => c.otps.whatsapp.loginOrCreate(undefined)],
  ['otps.whatsapp.loginOrCreate', 'expiration_minutes', () => c.otps.whatsapp.loginOrCreate('+15551234567', { expiration_minutes: null })],
];

describe('SDK argument checks (docs/reference/sdk.md#validation-rules)', () => {
  for (const [method, field, call] of cases) {
    it(`${method} refuses a bad ${field}`, async () => {
      const before = requests;
      const err = await call().then(
        () => null,
        (e: unknown) => e,
      );
      assert.ok(err instanceof UsageError, `${method} threw ${String(err)}`);
      assert.equal(err.method, method);
      assert.equal(err.field, field);
      assert.ok(err.message.startsWith(`Invalid call to ${method}\n${field} `), err.message);
      assert.equal(requests, before, 'no request sent');
    });
  }
});

describe('authorize defaults (docs/reference/methods/idp.md#data)', () => {
  it("sends response_type 'code' when the caller names none", async () => {
    // The reference server has no IdP endpoints; the request this client tries is what is checked.
    const before = sent.length;
    await c.idp.authorizeStart({ client_id: 'c', redirect_uri: 'https://a.example/cb', scopes: ['openid'] }).catch(() => undefined);
    await c.idp.authorizeSubmit({ client_id: 'c', redirect_uri: 'https://a.example/cb', scopes: ['openid'], consent_granted: false }).catch(() => undefined);
    const bodies = sent.slice(before).map((r) => r.body as { response_type?: string; consent_granted?: boolean });
    assert.deepEqual(
      bodies.map((b) => b.response_type),
      ['code', 'code'],
    );
    assert.equal(bodies[1]!.consent_granted, false);
  });
});
