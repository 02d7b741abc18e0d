/**
 * sessions/authenticate's shortcuts over a real socket (node-server; `app.request` never takes them):
 * headers are read from the raw header list with Fetch's semantics (a repeated field is joined, as
 * `Headers.get` joins it), and the Host check's remembered verdicts never let a foreign Host through,
 * whatever came before it on the same app. SQLite, and Postgres with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { login, type TestApp, testApp } from './test-helpers.ts';

/** POSTs `{}` with raw header lines (repeats allowed, any Host); resolves to status and JSON body. */
function post(base: string, path: string, headers: [string, string][]): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method: 'POST',
        // Raw header lines: Node adds no Host of its own then, so the URL's unless the test gives one.
        setHost: false,
        headers: [
          ...(headers.some(([k]) => k === 'host') ? [] : ['host', new URL(base).host]),
          ...headers.flat(),
          'content-type',
          'application/json',
          'content-length',
          '2',
        ],
      },
      (res) => {
        const body: Buffer[] = [];
        res.on('data', (d: Buffer) => body.push(d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(body).toString('utf8') || '{}') as Record<string, unknown> }),
        );
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

const basic = (publicToken: string, secret: string) => `Basic ${Buffer.from(`${publicToken}:${secret}`).toString('base64')}`;

describe('sessions/authenticate over a real socket', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  before(async () => {
    t = await testApp();
    base = await t.listen();
    ({ token } = await login(t, 'socket@example.com'));
  });
  after(() => t.close());

  it('answers a session over the socket; a foreign Host is refused every time, between allowed ones', async () => {
    const auth: [string, string] = ['authorization', basic(t.publicToken, token)];
    for (let i = 0; i < 3; i++) {
      const okHost = await post(base, '/sdk/v1/sessions/authenticate', [['host', `localhost:${new URL(base).port}`], auth]);
      assert.equal(okHost.status, 200);
      assert.equal((okHost.json.data as { session_token: string }).session_token, token);
      for (const host of ['evil.example', `evil.example:${new URL(base).port}`, 'localhost.', '127.0.0.1.nip.io']) {
        const foreign = await post(base, '/sdk/v1/sessions/authenticate', [['host', host], auth]);
        assert.equal(foreign.status, 421, host);
        assert.equal(foreign.json.error_type, 'invalid_host');
      }
    }
  });

  it('two Authorization fields read as Fetch joins them (one malformed value), not as the first alone', async () => {
    const r = await post(base, '/sdk/v1/sessions/authenticate', [
      ['authorization', basic(t.publicToken, token)],
      ['authorization', basic(t.publicToken, token)],
    ]);
    assert.equal(r.status, 401, JSON.stringify(r.json));
    assert.equal(r.json.error_type, 'unauthorized_credentials');
  });

  it('a revoked session fails at once over the socket', async () => {
    const { token: other } = await login(t, 'socket-revoked@example.com');
    const auth: [string, string] = ['authorization', basic(t.publicToken, other)];
    assert.equal((await post(base, '/sdk/v1/sessions/authenticate', [auth])).status, 200);
    assert.equal((await post(base, '/sdk/v1/sessions/revoke', [auth])).status, 200);
    const after = await post(base, '/sdk/v1/sessions/authenticate', [auth]);
    assert.equal(after.status, 404);
    assert.equal(after.json.error_type, 'session_not_found');
  });
});
