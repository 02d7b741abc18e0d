import assert from 'node:assert/strict';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import type { InboxResponse } from '../sdk-core/schemas/index.ts';
import { SESSION_CLAIM } from './keys.ts';
import { type RunningServer, startServer } from './start.ts';
import { basic, tempDir, testDatabase } from './test-helpers.ts';

describe('startServer (real socket, SQLite file)', () => {
  const tmp = tempDir();
  const staticDir = join(tmp.dir, 'public');
  let srv: RunningServer;
  let pgDb: Awaited<ReturnType<typeof testDatabase>>;
  const post = (path: string, body: unknown, secret?: string) =>
    fetch(`${srv.url}${path}`, {
      method: 'POST',
      headers: { authorization: basic(srv.publicToken, secret ?? srv.publicToken), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  before(async () => {
    mkdirSync(join(staticDir, 'sub'), { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>demo</title>');
    writeFileSync(join(staticDir, 'sub', 'app.js'), 'export const x = 1;');
    writeFileSync(join(tmp.dir, 'secret.txt'), 'top secret');
    pgDb = await testDatabase();
    srv = await startServer({
      port: 0,
      dataDir: join(tmp.dir, 'data'),
      ...(pgDb.databaseUrl ? { databaseUrl: pgDb.databaseUrl } : {}),
      staticDirs: [{ urlPrefix: '/', dir: staticDir }],
      logger: () => undefined,
    });
  });
  after(async () => {
    await srv.close();
    await pgDb.cleanup();
    tmp.cleanup();
  });

  it('listens on a random port with a localhost URL and exposes the test project', async () => {
    assert.ok(srv.port > 0);
    assert.equal(srv.url, `http://localhost:${srv.port}`);
    const info = (await (await fetch(`${srv.url}/dev/project.json`)).json()) as { public_token: string; api_base_url: string };
    assert.equal(info.public_token, srv.publicToken);
  });

  it('100 parallel redemptions of one code -> exactly one session', async () => {
    const email = 'parallel@example.com';
    const send = (await (await post('/sdk/v1/otps/email/login_or_create', { email })).json()) as { data: { method_id: string } };
    const inbox = (await (await fetch(`${srv.url}/dev/inbox.json?to=${email}`)).json()) as InboxResponse;
    const code = inbox.messages[0]!.code!;
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        post('/sdk/v1/otps/authenticate', { token: code, method_id: send.data.method_id }).then(async (r) => ({
          status: r.status,
          body: (await r.json()) as { error_type?: string },
        })),
      ),
    );
    assert.equal(results.filter((r) => r.status === 200).length, 1);
    const failures = results.filter((r) => r.status !== 200);
    assert.equal(failures.length, 99);
    assert.ok(failures.every((r) => r.status === 404 && r.body.error_type === 'otp_code_not_found'));
    // The losers were not guessing: the user is not locked out by a double submit.
    const again = (await (await post('/sdk/v1/otps/email/login_or_create', { email })).json()) as { data: { method_id: string } };
    const code2 = ((await (await fetch(`${srv.url}/dev/inbox.json?to=${email}`)).json()) as InboxResponse).messages[0]!.code!;
    assert.equal((await post('/sdk/v1/otps/authenticate', { token: code2, method_id: again.data.method_id })).status, 200);
  });

  it('the session JWT verifies against /.well-known/jwks.json (ES256, kid, 5 min, sub/aud/session claim)', async () => {
    const email = 'jwt@example.com';
    const send = (await (await post('/sdk/v1/otps/email/login_or_create', { email })).json()) as { data: { method_id: string } };
    const code = ((await (await fetch(`${srv.url}/dev/inbox.json?to=${email}`)).json()) as InboxResponse).messages[0]!.code!;
    const auth = (await (await post('/sdk/v1/otps/authenticate', { token: code, method_id: send.data.method_id })).json()) as {
      data: { session_jwt: string; session_token: string; user_id: string; session: { session_id: string } };
    };
    const project = (await (await fetch(`${srv.url}/dev/project.json`)).json()) as { project_id: string };
    const jwks = createRemoteJWKSet(new URL(`${srv.url}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(auth.data.session_jwt, jwks, {
      audience: project.project_id,
      issuer: srv.url.replace(/\/+$/, ''),
    });
    assert.equal(protectedHeader.alg, 'ES256');
    assert.ok(protectedHeader.kid);
    assert.equal(payload.sub, auth.data.user_id);
    assert.equal(payload.exp! - payload.iat!, 300);
    assert.equal((payload[SESSION_CLAIM] as { id: string }).id, auth.data.session.session_id);
    // Refreshed JWTs use the same key; the provider-style JWKS path serves the same set.
    const refreshed = (await (await post('/sdk/v1/sessions/authenticate', {}, auth.data.session_token)).json()) as { data: { session_jwt: string } };
    assert.equal(decodeProtectedHeader(refreshed.data.session_jwt).kid, protectedHeader.kid);
    const alt = (await (await fetch(`${srv.url}/v1/sessions/jwks/${project.project_id}`)).json()) as { keys: { kid: string; d?: string }[] };
    assert.equal(alt.keys[0]!.kid, protectedHeader.kid);
    assert.ok(
      alt.keys.every((k) => k.d === undefined),
      'no private key material in the JWKS',
    );
  });

  it('serves static files with content types and refuses traversal', async () => {
    const index = await fetch(`${srv.url}/`);
    assert.equal(index.status, 200);
    assert.match(index.headers.get('content-type') ?? '', /text\/html/);
    const js = await fetch(`${srv.url}/sub/app.js`);
    assert.match(js.headers.get('content-type') ?? '', /text\/javascript/);
    assert.equal(await js.text(), 'export const x = 1;');
    // Revalidation: the validator answers 304 with no body; a changed file gets a new validator and its new bytes.
    const etag = js.headers.get('etag') ?? '';
    assert.match(etag, /^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await fetch(`${srv.url}/sub/app.js`, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
    writeFileSync(join(staticDir, 'sub', 'app.js'), 'export const x = 22;');
    utimesSync(join(staticDir, 'sub', 'app.js'), new Date(), new Date(Date.now() + 5_000));
    const changed = await fetch(`${srv.url}/sub/app.js`, { headers: { 'if-none-match': etag } });
    assert.equal(changed.status, 200);
    assert.equal(await changed.text(), 'export const x = 22;');
    assert.notEqual(changed.headers.get('etag'), etag);
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/sub/..%2f..%2fsecret.txt', '/..%5csecret.txt', '/%00', '/%E0%A4%A']) {
      const r = await fetch(`${srv.url}${path}`);
      assert.equal(r.status, 404, path);
      assert.ok(!(await r.text()).includes('top secret'), path);
    }
  });

  it('a restart on the same data dir keeps the project token and signing keys', async () => {
    const dir = tempDir();
    try {
      const a = await startServer({ port: 0, dataDir: dir.dir, logger: () => undefined });
      const jwksA = await (await fetch(`${a.url}/.well-known/jwks.json`)).json();
      await a.close();
      const b = await startServer({ port: 0, dataDir: dir.dir, logger: () => undefined });
      const jwksB = await (await fetch(`${b.url}/.well-known/jwks.json`)).json();
      await b.close();
      assert.equal(a.publicToken, b.publicToken);
      assert.deepEqual(jwksA, jwksB);
    } finally {
      dir.cleanup();
    }
  });
});
