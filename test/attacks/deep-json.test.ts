/**
 * Attack (issue 10, item 8): bodies nested 30,000 deep answered 500 on `/sdk/v1/events` and
 * `PUT /users/me` (the recursive walks after parsing ran out of stack). The body reader now refuses
 * JSON nested deeper than 32 levels on every route (400 json_too_deep), before parsing, and free-form
 * fields are capped by size (untrusted_metadata 4 KB, telemetry details 2 KB: 400 invalid_request_body
 * naming the field).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UNTRUSTED_METADATA_MAX_BYTES } from '../../sdk-core/schemas/index.ts';
import { MAX_JSON_DEPTH } from '../../server/body.ts';
import { basic, createBackendSecret, login, type TestApp, testApp } from '../../server/test-helpers.ts';

type Json = Record<string, unknown>;
const WEBHOOK_SECRET = 'deep-json-webhook-secret';

const deepArray = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
/** A value nested `n` levels deep (n >= 1), as an object. */
const nested = (n: number): Json => (n <= 1 ? { leaf: true } : { a: nested(n - 1) });

/** Routes that never read a body: a deep one is ignored, so they answer as without it. */
const BODYLESS = new Set([
  'DELETE /sdk/v1/users/emails/:id',
  'DELETE /sdk/v1/users/phone_numbers/:id',
  'DELETE /sdk/v1/users/totps/:id',
  'DELETE /sdk/v1/users/crypto_wallets/:id',
  'DELETE /sdk/v1/users/oauth/:id',
  'DELETE /sdk/v1/users/biometric_registrations/:id',
  'DELETE /sdk/v1/users/webauthn_registrations/:id',
  'DELETE /dev/inbox.json',
  'DELETE /sdk/v1/users/me/trusted_devices/:device_id',
  'POST /sdk/v1/users/connected_apps/:id/revoke',
  // Rotating a webhook's secret reads no body.
  'POST /v1/webhooks/:webhook_id/rotate_secret',
  // Revoking a project secret and rotating an IdP client's secret read none either (the admin console's calls).
  'POST /v1/secrets/:secret_id/revoke',
  'POST /v1/idp_clients/:client_id/rotate_secret',
]);

/**
 * Routes whose body is a form (OAuth callbacks in form_post mode, the dev provider's form and token endpoint,
 * the OpenID provider's protocol endpoints): no JSON, no depth; only never a 5xx.
 */
const FORM_BODIES = new Set([
  'POST /v1/public/oauth/callback/:provider',
  'POST /dev/oauth/authorize',
  'POST /dev/oauth/token',
  'POST /v1/public/:project_id/oauth2/authorize',
  'POST /v1/public/:project_id/oauth2/token',
  'POST /v1/public/:project_id/oauth2/userinfo',
  'POST /v1/public/:project_id/oauth2/end_session',
]);

/** The `/v1` backend API (a project secret, not the public token, authenticates it); `/v1/public/` is the OpenID provider's. */
const isBackend = (path: string) => path.startsWith('/v1/') && !path.startsWith('/v1/public/');

describe('attack: deeply nested JSON bodies', () => {
  let t: TestApp;
  let session: string;
  let secret: string;
  let userId: string;
  before(async () => {
    // A 1 MB body cap, so the depth cap is shown to hold on its own, not thanks to the 64 KB one.
    t = await testApp({ maxBodyBytes: 1024 * 1024, smsWebhookSecret: WEBHOOK_SECRET });
    const signedIn = await login(t, 'deep@example.com');
    session = signedIn.token;
    userId = String(signedIn.data.user_id);
    secret = await createBackendSecret(t);
  });
  after(() => t.close());

  const authorization = (path: string): Record<string, string> =>
    path.startsWith('/webhooks/') ? { authorization: `Bearer ${WEBHOOK_SECRET}` } : isBackend(path) ? { authorization: basic(t.projectId, secret) } : {};
  const send = (method: string, path: string, raw: string) =>
    t.call(method, path, { raw, secret: session, headers: { 'content-type': 'application/json', ...authorization(path) } });

  it('every route that takes a body refuses 30,000-deep arrays and objects with 400 json_too_deep; none answers 5xx', async () => {
    const withBody = t.routes.filter((r) => r.method !== 'GET');
    assert.ok(withBody.length >= 30, `${withBody.length} routes`);
    for (const r of withBody) {
      // The backend API's deletes read no body (like the SDK's above); its other calls get a real user,
      // so they get as far as their body.
      const backendDelete = isBackend(r.path) && r.method === 'DELETE';
      const path = (backendDelete ? r.path : r.path.replace(':user_id', userId)).replace(/:[a-z_]+/g, 'x');
      for (const [what, raw] of [
        ['array', deepArray(30_000)],
        ['object', deepObject(30_000)],
        // Inside a free-form field: parsing and validation pass, the JSON.stringify on storage overflowed.
        ['array in a free-form field', `{"email":"a@b.co","untrusted_metadata":{"x":${deepArray(30_000)}}}`],
        ['array in telemetry details', `[{"event":{"public_token":"${t.publicToken}","event_name":"x","details":{"x":${deepArray(30_000)}}}}]`],
      ] as const) {
        const res = await send(r.method, path, raw);
        const label = `${r.method} ${r.path} (${what})`;
        assert.ok(res.status < 500, `${label}: ${res.status} ${JSON.stringify(res.json)}`);
        if (backendDelete || BODYLESS.has(`${r.method} ${r.path}`) || FORM_BODIES.has(`${r.method} ${r.path}`)) continue;
        assert.equal(res.status, 400, `${label}: ${JSON.stringify(res.json)}`);
        assert.equal(res.json.error_type, 'json_too_deep', label);
        assert.equal(res.json.error_message, `The JSON is nested deeper than ${MAX_JSON_DEPTH} levels.`);
      }
    }
  });

  it(`the cap is ${MAX_JSON_DEPTH} levels: metadata ${MAX_JSON_DEPTH - 1} deep (the body ${MAX_JSON_DEPTH}) is stored, one more is refused`, async () => {
    const ok = await t.call('PUT', '/sdk/v1/users/me', { secret: session, body: { untrusted_metadata: nested(MAX_JSON_DEPTH - 1) } });
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    assert.deepEqual(((ok.json.data as Json).user as Json).untrusted_metadata, nested(MAX_JSON_DEPTH - 1));
    const deep = await t.call('PUT', '/sdk/v1/users/me', { secret: session, body: { untrusted_metadata: nested(MAX_JSON_DEPTH) } });
    assert.equal(deep.status, 400);
    assert.equal(deep.json.error_type, 'json_too_deep');
  });

  it('brackets inside strings (escaped quotes included) are text, not nesting', async () => {
    const tricky = { note: `\\"${'['.repeat(2000)}`, other: '"{{{{' };
    const r = await t.call('PUT', '/sdk/v1/users/me', { secret: session, body: { untrusted_metadata: tricky } });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.deepEqual(((r.json.data as Json).user as Json).untrusted_metadata, tricky);
  });

  it('a legit nested telemetry batch is stored', async () => {
    const details = { screen: { name: 'main', methods: [{ type: 'otp', channels: ['sms', 'email'] }] } };
    const r = await t.call('POST', '/sdk/v1/events', {
      auth: false,
      body: [{ telemetry: { app: { identifier: 'localhost' } }, event: { public_token: t.publicToken, event_name: 'render_login_screen', details } }],
    });
    assert.equal(r.status, 200);
    const row = await t.services.db.kysely.selectFrom('events').select('details').executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(row.details), details);
  });

  it('a WebAuthn credential (JSON inside the JSON body) nested too deep is a malformed credential', async () => {
    const r = await t.call('POST', '/sdk/v1/webauthn/authenticate', { body: { public_key_credential: deepArray(10_000) } });
    assert.equal(r.status, 400);
    assert.equal(r.json.error_type, 'invalid_public_key_credential');
  });

  it('free-form fields are capped by size, naming the field: untrusted_metadata 4 KB', async () => {
    const pad = (bytes: number) => ({ pad: 'x'.repeat(bytes - '{"pad":""}'.length) });
    const exact = await t.call('PUT', '/sdk/v1/users/me', { secret: session, body: { untrusted_metadata: pad(UNTRUSTED_METADATA_MAX_BYTES) } });
    assert.equal(exact.status, 200);
    const over = await t.call('PUT', '/sdk/v1/users/me', { secret: session, body: { untrusted_metadata: pad(UNTRUSTED_METADATA_MAX_BYTES + 1) } });
    assert.equal(over.status, 400);
    assert.equal(over.json.error_type, 'invalid_request_body');
    assert.equal(over.json.error_message, `untrusted_metadata exceeds ${UNTRUSTED_METADATA_MAX_BYTES} bytes.`);
    assert.deepEqual(over.json.body, [{ dataPath: '.untrusted_metadata', message: `must be at most ${UNTRUSTED_METADATA_MAX_BYTES} bytes as JSON` }]);
    // Multi-byte characters count as the bytes they are.
    const emoji = await t.call('PUT', '/sdk/v1/users/me', { secret: session, body: { untrusted_metadata: { e: '😀'.repeat(1100) } } });
    assert.equal(emoji.json.error_type, 'invalid_request_body');
  });
});
