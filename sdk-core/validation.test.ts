/**
 * SPEC §5 argument checks on every method of the call table: each bad argument is refused before
 * any request with a UsageError 'Invalid call to {method}' naming the field.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { type AuthClient, createClient } from './client.ts';
import { UsageError } from './errors.ts';
import { MemoryCookieJar, MemoryStore } from './storage.ts';

let requests = 0;
const warn = console.warn;
console.warn = () => undefined;
const client: AuthClient = createClient('public-token-test-validation', {
  apiBaseUrl: 'http://127.0.0.1:1',
  fetch: async (url) => {
    if (!url.endsWith('/events')) requests++; // telemetry flushes on its own timer
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
  ['passwords.resetByExistingPassword', 'existing_password', () => c.passwords.resetByExistingPassword({ email: 'a@b.co', new_password: 'y', session_duration_minutes: 5 })],
  ['passwords.resetByExistingPassword', 'new_password', () => c.passwords.resetByExistingPassword({ email: 'a@b.co', existing_password: 'x', new_password: 2, session_duration_minutes: 5 })],
  ['passwords.strengthCheck', 'password', () => c.passwords.strengthCheck({ email: 'a@b.co' })],
  ['webauthn.registerStart', 'is_passkey', () => c.webauthn.registerStart({ is_passkey: 'yes' })],
  ['webauthn.register', 'session_duration_minutes', () => c.webauthn.register({ public_key_credential: '{}' })],
  ['webauthn.authenticate', 'session_duration_minutes', () => c.webauthn.authenticate({ public_key_credential: '{}', session_duration_minutes: '30' })],
  ['webauthn.authenticate', 'conditional_mediation', () => c.webauthn.authenticate({ public_key_credential: '{}', session_duration_minutes: 30, conditional_mediation: 1 })],
  ['webauthn.update', 'name', () => c.webauthn.update({ webauthn_registration_id: 'w' })],
  ['cryptoWallets.authenticateStart', 'crypto_wallet_address', () => c.cryptoWallets.authenticateStart({ crypto_wallet_type: 'ethereum' })],
  ['cryptoWallets.authenticate', 'signature', () => c.cryptoWallets.authenticate({ crypto_wallet_address: '0x1', crypto_wallet_type: 'ethereum', session_duration_minutes: 5 })],
  ['cryptoWallets.authenticate', 'crypto_wallet_type', () => c.cryptoWallets.authenticate({ crypto_wallet_address: '0x1', signature: 's', session_duration_minutes: 5 })],
  ['oauth.start', 'custom_scopes', () => c.oauth.startUrl('google', { custom_scopes: 'email' })],
  ['oauth.start', 'provider_params', () => c.oauth.startUrl('google', { provider_params: 'x' })],
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
  ['user.deleteFactor', 'kind', () => c.user.deleteFactor('passport', 'id')],
  ['idp.authorizeStart', 'client_id', () => c.idp.authorizeStart({ redirect_uri: 'https://a', response_type: 'code', scopes: [] })],
  ['idp.logoutStart', 'post_logout_redirect_uri', () => c.idp.logoutStart({ client_id: 'c' })],
  ['b2b.searchMember', 'organization_id', () => c.b2b.searchMember({ email_address: 'a@b.co' })],
];

describe('SDK argument checks (SPEC §5)', () => {
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
