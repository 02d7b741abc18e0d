import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { BOOTSTRAP_KEYS } from '../sdk-core/schemas/index.ts';
import { basic, login, type TestApp, testApp } from './test-helpers.ts';

interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  /** A body missing a required field, and one with a mistyped field; null when no field is required. */
  missing: unknown;
  mistyped: unknown;
  needsSession?: boolean;
}

const ENDPOINTS: Endpoint[] = [
  { method: 'POST', path: '/sdk/v1/otps/email/login_or_create', missing: {}, mistyped: { email: 42 } },
  {
    method: 'POST',
    path: '/sdk/v1/otps/authenticate',
    missing: { token: '123456' },
    mistyped: { token: '123456', method_id: 'x', session_duration_minutes: 'long' },
  },
  { method: 'POST', path: '/sdk/v1/sessions/authenticate', missing: null, mistyped: { session_duration_minutes: '30' }, needsSession: true },
  { method: 'POST', path: '/sdk/v1/sessions/revoke', missing: null, mistyped: null, needsSession: true },
  { method: 'POST', path: '/sdk/v1/events', missing: [{ telemetry: {} }], mistyped: { not: 'an array' } },
];

describe('hardening: every bad input is a 4xx with a stable error_type, never 500', () => {
  let t: TestApp;
  let session: string;
  before(async () => {
    t = await testApp();
    session = (await login(t, 'hard@example.com')).token;
  });
  after(() => t.close());

  for (const ep of ENDPOINTS) {
    const secret = () => (ep.needsSession ? session : undefined);

    it(`${ep.path}: malformed JSON -> 400 invalid_json`, async () => {
      for (const raw of ['{', '{"email":', 'nul', '\u0000', '{"a":1}}']) {
        const r = await t.call(ep.method, ep.path, { raw, ...(secret() ? { secret: secret()! } : {}), headers: { 'content-type': 'application/json' } });
        assert.equal(r.status, 400, raw);
        assert.equal(r.json.error_type, 'invalid_json', raw);
        assert.equal(typeof r.json.request_id, 'string');
      }
    });

    it(`${ep.path}: missing / mistyped fields -> 400 invalid_request_body with body[{dataPath, message}]`, async () => {
      for (const body of [ep.missing, ep.mistyped, 'a string', 7, [1, 2]]) {
        if (body === null) continue;
        // sessions/revoke and sessions/authenticate accept any object; arrays and scalars are still wrong.
        const r = await t.call(ep.method, ep.path, { body, ...(secret() ? { secret: secret()! } : {}) });
        if (ep.path === '/sdk/v1/events' && Array.isArray(body) && body.every((x) => typeof x === 'number')) {
          assert.equal(r.status, 400);
          continue;
        }
        assert.equal(r.status, 400, JSON.stringify(body));
        assert.equal(r.json.error_type, 'invalid_request_body', JSON.stringify(body));
        const items = r.json.body as { dataPath: string; message: string }[];
        assert.ok(Array.isArray(items) && items.length > 0);
        for (const i of items) {
          assert.equal(typeof i.dataPath, 'string');
          assert.equal(typeof i.message, 'string');
        }
      }
    });

    it(`${ep.path}: 1 MB body -> 413 request_too_large (with and without Content-Length)`, async () => {
      const big = JSON.stringify({ email: 'x'.repeat(1024 * 1024) });
      const r = await t.call(ep.method, ep.path, { raw: big, ...(secret() ? { secret: secret()! } : {}) });
      assert.equal(r.status, 413);
      assert.equal(r.json.error_type, 'request_too_large');
      const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 64) controller.close();
          else {
            sent += 1;
            controller.enqueue(chunk);
          }
        },
      });
      const s = await t.call(ep.method, ep.path, { raw: stream, ...(secret() ? { secret: secret()! } : {}) });
      assert.equal(s.status, 413);
      assert.equal(s.json.error_type, 'request_too_large');
    });

    it(`${ep.path}: disallowed origin -> 403 invalid_origin without CORS headers`, async () => {
      for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.com:3000', 'http://localhost:3000/path']) {
        const r = await t.call(ep.method, ep.path, { body: {}, origin, ...(secret() ? { secret: secret()! } : {}) });
        assert.equal(r.status, 403, origin);
        assert.equal(r.json.error_type, 'invalid_origin');
        assert.equal(r.headers.get('access-control-allow-origin'), null);
      }
    });

    if (ep.path !== '/sdk/v1/events') {
      it(`${ep.path}: unknown public token -> 401 invalid_public_token; garbage auth -> 401 unauthorized_credentials`, async () => {
        const r = await t.call(ep.method, ep.path, { body: {}, publicToken: 'public-token-test-00000000-0000-0000-0000-000000000000' });
        assert.equal(r.status, 401);
        assert.equal(r.json.error_type, 'invalid_public_token');
        for (const authorization of ['Bearer abc', 'Basic !!!', 'Basic ', basic('', 'x'), `Basic ${Buffer.from('nocolon').toString('base64')}`]) {
          const g = await t.call(ep.method, ep.path, { body: {}, headers: { authorization } });
          assert.equal(g.status, 401, authorization);
          assert.ok(g.json.error_type === 'unauthorized_credentials' || g.json.error_type === 'invalid_public_token', authorization);
        }
      });
    }
  }

  it('users/me: unknown public token, disallowed origin', async () => {
    const r = await t.call('GET', '/sdk/v1/users/me', { publicToken: 'public-token-test-nope', secret: session });
    assert.equal(r.json.error_type, 'invalid_public_token');
    const o = await t.call('GET', '/sdk/v1/users/me', { secret: session, origin: 'https://evil.example' });
    assert.equal(o.status, 403);
    assert.equal(o.json.error_type, 'invalid_origin');
  });

  it('bootstrap: every docs/reference/wire-protocol.md#bootstrap key; unknown token -> 401 invalid_public_token', async () => {
    const r = await t.call('GET', `/sdk/v1/projects/bootstrap/${t.publicToken}`, { auth: false });
    assert.equal(r.status, 200);
    for (const key of BOOTSTRAP_KEYS) assert.ok(key in r.json.data!, key);
    assert.equal(r.json.data!.project_name, 'Auth Elements Demo');
    assert.equal(r.json.data!.disable_sdk_watermark, false);
    const bad = await t.call('GET', '/sdk/v1/projects/bootstrap/public-token-test-nope', { auth: false });
    assert.equal(bad.status, 401);
    assert.equal(bad.json.error_type, 'invalid_public_token');
    const evil = await t.call('GET', `/sdk/v1/projects/bootstrap/${t.publicToken}`, { auth: false, origin: 'https://evil.example' });
    assert.equal(evil.json.error_type, 'invalid_origin');
  });

  it('events: a batch is accepted without auth, answered in the data envelope', async () => {
    const batch = [
      {
        telemetry: { event_id: 'e1', app: { identifier: 'localhost' } },
        event: { public_token: t.publicToken, event_name: 'render_login_screen', details: { a: 1 } },
      },
      { telemetry: {}, event: { public_token: 'public-token-test-other', event_name: 'x', details: null } },
    ];
    const r = await t.call('POST', '/sdk/v1/events', { body: batch, auth: false, origin: 'http://localhost:3000' });
    assert.equal(r.status, 200);
    assert.equal(r.json.data!.status_code, 200);
    assert.equal(r.headers.get('access-control-allow-origin'), 'http://localhost:3000');
    const empty = await t.call('POST', '/sdk/v1/events', { body: [], auth: false });
    assert.equal(empty.status, 200);
  });

  it('unknown route -> 404 not_found; wrong method -> 405 method_not_allowed; all carry a request id', async () => {
    const nf = await t.call('GET', '/sdk/v1/nope');
    assert.equal(nf.status, 404);
    assert.equal(nf.json.error_type, 'not_found');
    assert.equal(nf.headers.get('x-request-id'), nf.json.request_id);
    for (const [method, path] of [
      ['GET', '/sdk/v1/otps/authenticate'],
      ['DELETE', '/sdk/v1/sessions/revoke'],
      ['POST', '/sdk/v1/users/me'],
      ['PUT', '/dev/project.json'],
    ] as const) {
      const r = await t.call(method, path);
      assert.equal(r.status, 405, `${method} ${path}`);
      assert.equal(r.json.error_type, 'method_not_allowed');
    }
    const ok = await t.call('GET', `/sdk/v1/projects/bootstrap/${t.publicToken}`);
    assert.equal(ok.headers.get('x-request-id'), ok.json.data!.request_id);
    assert.match(String(ok.json.data!.request_id), /^request-id-test-/);
    assert.equal(typeof nf.json.error_url, 'string');
    assert.equal(typeof nf.json.error_message, 'string');
  });

  it('CORS: preflight from an allowed origin echoes it with credentials; disallowed gets 403 and no headers', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:9999', 'http://localhost']) {
      const r = await t.call('OPTIONS', '/sdk/v1/otps/authenticate', {
        auth: false,
        origin,
        headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, x-sdk-client, x-sdk-parent-host' },
      });
      assert.equal(r.status, 204, origin);
      assert.equal(r.headers.get('access-control-allow-origin'), origin);
      assert.equal(r.headers.get('access-control-allow-credentials'), 'true');
      const allowHeaders = r.headers.get('access-control-allow-headers') ?? '';
      for (const h of ['authorization', 'content-type', 'x-sdk-client', 'x-sdk-parent-host']) assert.ok(allowHeaders.includes(h), h);
      assert.match(r.headers.get('access-control-allow-methods') ?? '', /GET.*POST.*PUT.*DELETE/);
    }
    const bad = await t.call('OPTIONS', '/sdk/v1/otps/authenticate', {
      auth: false,
      origin: 'https://evil.example',
      headers: { 'access-control-request-method': 'POST' },
    });
    assert.equal(bad.status, 403);
    assert.equal(bad.json.error_type, 'invalid_origin');
    assert.equal(bad.headers.get('access-control-allow-origin'), null);
    // Error answers to allowed origins carry CORS headers so the browser can read them.
    const err = await t.call('POST', '/sdk/v1/otps/authenticate', { raw: '{', origin: 'http://localhost:5173' });
    assert.equal(err.json.error_type, 'invalid_json');
    assert.equal(err.headers.get('access-control-allow-origin'), 'http://localhost:5173');
  });

  it('unexpected exceptions become 500 internal_server_error with a request id (and log)', async () => {
    const lines: string[] = [];
    const broken = await testApp({ logger: (l) => lines.push(l) });
    try {
      // Sends no longer fail a call (they leave the request path), so break what a send writes to: the
      // outbox table. An infrastructure failure like a database outage.
      await sql`drop table outbox_jobs`.execute(broken.services.db.kysely);
      const r = await broken.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'x@example.com' } });
      assert.equal(r.status, 500);
      assert.equal(r.json.error_type, 'internal_server_error');
      assert.equal(typeof r.json.request_id, 'string');
      assert.ok(!JSON.stringify(r.json).includes('outbox_jobs'), 'internals are not leaked');
      assert.ok(lines.some((l) => l.includes(String(r.json.request_id)) && l.includes('outbox_jobs')));
    } finally {
      await broken.close();
    }
  });
});
