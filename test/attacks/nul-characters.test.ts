/**
 * Found by the fuzzer (test/attacks/fuzz.ts) on Postgres: a NUL character (U+0000) in a path
 * parameter (`DELETE /sdk/v1/users/phone_numbers/%00`), a query value or a body string reached a query,
 * and Postgres, whose text type cannot hold NUL, failed it: a 500. SQLite stored it. No field of this API
 * has a use for NUL, so it is refused before any query: 404 not_found in a path, 400
 * invalid_request_body in a query or a body (naming the field), invalid_public_key_credential inside
 * a WebAuthn credential.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type CallResult, login, type TestApp, testApp } from '../../server/test-helpers.ts';

const b64u = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('attack: NUL characters in paths, queries and bodies', () => {
  let t: TestApp;
  let session: string;
  before(async () => {
    t = await testApp();
    session = (await login(t, 'nul@example.com')).token;
  });
  after(() => t.close());

  const notServerError = (r: CallResult, what: string) => assert.ok(r.status < 500, `${what}: ${r.status} ${JSON.stringify(r.json)}`);

  it('every route with a path parameter answers 404 not_found for %00 in it', async () => {
    const withParams = t.routes.filter((r) => r.path.includes('/:'));
    assert.ok(withParams.length >= 10);
    for (const r of withParams) {
      for (const value of ['%00', 'abc%00', '%00%00x']) {
        const res = await t.call(r.method, r.path.replace(/:[a-z_]+/g, value), { secret: session, ...(r.method === 'GET' ? {} : { body: {} }) });
        notServerError(res, `${r.method} ${r.path} ${value}`);
        assert.equal(res.status, 404, `${r.method} ${r.path}`);
        assert.equal(res.json.error_type, 'not_found');
      }
    }
  });

  it('a NUL in a query value is a 400', async () => {
    for (const path of ['/dev/inbox.json?to=%00', '/dev/inbox?to=a%00b', '/dev/bounce?email=x%00@example.com']) {
      const r = await t.call(path.startsWith('/dev/bounce') ? 'DELETE' : 'GET', path);
      notServerError(r, path);
      assert.equal(r.status, 400, path);
      assert.equal(r.json.error_type, 'invalid_request_body');
    }
  });

  it('a NUL in any body string or key is a 400 naming the field, JSON or form', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', '/sdk/v1/otps/email/login_or_create', { email: 'a\u0000@example.com' }, '.email'],
      ['POST', '/sdk/v1/otps/sms/login_or_create', { phone_number: '+1415555\u00000123' }, '.phone_number'],
      ['POST', '/sdk/v1/otps/authenticate', { token: '123456', method_id: 'email-\u0000' }, '.method_id'],
      ['POST', '/sdk/v1/magic_links/authenticate', { token: 'x\u0000' }, '.token'],
      ['POST', '/sdk/v1/passwords/authenticate', { email: 'nul@example.com', password: 'pass\u0000word-long' }, '.password'],
      ['PUT', '/sdk/v1/webauthn/update/webauthn-registration-test-x', { name: 'my\u0000key' }, '.name'],
      ['PUT', '/sdk/v1/users/me', { untrusted_metadata: { ['k\u0000']: 1 } }, '.untrusted_metadata.k\u0000'],
      ['POST', '/sdk/v1/events', [{ event: { public_token: t.publicToken, event_name: 'x', details: { a: ['\u0000'] } } }], '[0].event.details.a[0]'],
      ['POST', '/dev/bounce', { email: 'x\u0000@example.com' }, '.email'],
    ];
    for (const [method, path, body, dataPath] of cases) {
      const r = await t.call(method, path, { body, secret: session, ...(path === '/sdk/v1/events' ? { auth: false } : {}) });
      notServerError(r, path);
      assert.equal(r.status, 400, `${path}: ${JSON.stringify(r.json)}`);
      assert.equal(r.json.error_type, 'invalid_request_body', path);
      assert.deepEqual(r.json.body, [{ dataPath, message: 'must not contain the NUL character (U+0000)' }], path);
    }
    const form = await t.call('POST', '/dev/inbound', {
      raw: 'channel=sms&from=%2B14155550123&text=STOP%00',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(form.status, 400);
    assert.equal(form.json.error_type, 'invalid_request_body');
  });

  it('a NUL inside a WebAuthn credential (its client data challenge is looked up) is a malformed credential', async () => {
    const clientDataJSON = b64u({ type: 'webauthn.get', challenge: 'abc\u0000', origin: 'http://localhost:5173' });
    const credential = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON, authenticatorData: 'AAAA', signature: 'AAAA' } };
    const r = await t.call('POST', '/sdk/v1/webauthn/authenticate', { body: { public_key_credential: JSON.stringify(credential) } });
    notServerError(r, 'webauthn');
    assert.equal(r.status, 400);
    assert.equal(r.json.error_type, 'invalid_public_key_credential');
  });

  it('metadata keeps every other control character', async () => {
    const r = await t.call('PUT', '/sdk/v1/users/me', { secret: session, body: { untrusted_metadata: { bell: '\u0007', tab: '\t', esc: '\u001b' } } });
    assert.equal(r.status, 200);
    assert.deepEqual((r.json.data as { user: { untrusted_metadata: unknown } }).user.untrusted_metadata, { bell: '\u0007', tab: '\t', esc: '\u001b' });
  });
});
