/**
 * Attack (issue 10, item 9): a registration whose CBOR attestationObject carried bytes after its item
 * was accepted, and so were assertions whose clientDataJSON said `crossOrigin: true` or carried a
 * `topOrigin` (a ceremony run inside a cross-origin iframe). WebAuthn Level 3 leaves both to the relying
 * party; this server refuses them all with invalid_public_key_credential, and honest credentials from the
 * same soft authenticator still pass.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SoftAuthenticator, type Tamper } from '../../server/test-soft-authenticator.ts';
import { login, type TestApp, testApp } from '../../server/test-helpers.ts';

type Json = Record<string, unknown>;
const ORIGIN = 'http://localhost:5173';

describe('attack: tampered WebAuthn credentials', () => {
  let t: TestApp;
  let token: string;
  const auth = new SoftAuthenticator();
  before(async () => {
    t = await testApp();
    token = (await login(t, 'webauthn-attacker@example.com')).token;
  });
  after(() => t.close());

  async function register(tamper: Tamper) {
    const start = await t.call('POST', '/sdk/v1/webauthn/register/start', { secret: token, origin: ORIGIN, body: { return_passkey_credential_options: true } });
    assert.equal(start.status, 200, JSON.stringify(start.json));
    const options = String((start.json.data as Json).public_key_credential_creation_options);
    const cred = auth.create(options, ORIGIN, tamper);
    return t.call('POST', '/sdk/v1/webauthn/register', {
      secret: token,
      origin: ORIGIN,
      body: { public_key_credential: JSON.stringify(cred), session_duration_minutes: 60 },
    });
  }

  async function authenticate(tamper: Tamper) {
    const start = await t.call('POST', '/sdk/v1/webauthn/authenticate/start/primary', { origin: ORIGIN, body: { return_passkey_credential_options: true } });
    assert.equal(start.status, 200, JSON.stringify(start.json));
    // The last credential made: the only one the server stored (the refused ones the authenticator still holds).
    const cred = auth.get(String((start.json.data as Json).public_key_credential_request_options), ORIGIN, tamper, auth.credentials.at(-1));
    return t.call('POST', '/sdk/v1/webauthn/authenticate', {
      origin: ORIGIN,
      body: { public_key_credential: JSON.stringify(cred), session_duration_minutes: 30 },
    });
  }

  const refused = (r: { status: number; json: Json }, what: string, reason: RegExp) => {
    assert.equal(r.status, 400, `${what}: ${JSON.stringify(r.json)}`);
    assert.equal(r.json.error_type, 'invalid_public_key_credential', what);
    assert.match(String((r.json.error_details as Json | undefined)?.reason), reason, what);
  };

  it('registration: trailing bytes after the attestationObject CBOR item are refused', async () => {
    for (const bytes of [[0x00], [0xf6], [0xa0], Array.from({ length: 64 }, () => 0x41)]) {
      refused(await register({ trailingBytes: new Uint8Array(bytes) }), `trailing ${bytes.length}`, /trailing bytes/);
    }
    assert.equal(auth.credentials.length, 4, 'the soft authenticator made them');
    const me = await t.call('GET', '/sdk/v1/users/me', { secret: token });
    assert.deepEqual((me.json.data as Json).webauthn_registrations, [], 'none was stored');
  });

  it('registration: clientDataJSON with crossOrigin true (or not a boolean) or any topOrigin is refused', async () => {
    for (const clientData of [{ crossOrigin: true }, { crossOrigin: 'true' }, { crossOrigin: 1 }]) {
      refused(await register({ clientData }), JSON.stringify(clientData), /crossOrigin/);
    }
    for (const clientData of [{ topOrigin: 'https://evil.example' }, { topOrigin: ORIGIN }, { crossOrigin: false, topOrigin: null }]) {
      refused(await register({ clientData }), JSON.stringify(clientData), /topOrigin/);
    }
  });

  it('the honest registration passes; its assertions pass, hostile ones do not', async () => {
    const ok = await register({});
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    // crossOrigin: false, as browsers send it for a top-level page, is fine.
    const honest = await authenticate({});
    assert.equal(honest.status, 200, JSON.stringify(honest.json));
    for (const clientData of [{ crossOrigin: true }, { crossOrigin: true, topOrigin: 'https://evil.example' }, { topOrigin: ORIGIN }]) {
      refused(await authenticate({ clientData }), JSON.stringify(clientData), /crossOrigin|topOrigin/);
    }
    // The signature was valid over the hostile client data: only the Level 3 checks refused them.
    const again = await authenticate({ clientData: { crossOrigin: false } });
    assert.equal(again.status, 200, JSON.stringify(again.json));
  });
});
