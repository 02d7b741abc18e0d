/**
 * Attack (issue 10, item 11): DNS rebinding. With `Host: evil.example` (the attacker's name, re-pointed
 * at 127.0.0.1) the server served `/dev/inbox.json` with everyone's codes, and echoed
 * `Access-Control-Allow-Origin` for `Origin: http://evil.com` when Host said evil.com (it took the
 * Host for its own origin). The Host is now checked before anything else: 421 invalid_host.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { hostAllowed } from '../../server/hosts.ts';
import { type RunningServer, startServer } from '../../server/start.ts';
import { type CallResult, tempDir, type TestApp, testApp, testDatabase } from '../../server/test-helpers.ts';

const EVIL_HOSTS = [
  'evil.example',
  'evil.example:8787',
  'EVIL.example',
  'localhost.',
  'localhost.:8787',
  'localhost.evil.example',
  '127.0.0.1.nip.io',
  'localhost:8787:1',
  'user@localhost',
  'localhost/x',
  'localhost:',
  '0.0.0.0:8787',
  '[::ffff:127.0.0.1]',
  '',
];

function assertRefused(r: CallResult, what: string): void {
  assert.equal(r.status, 421, `${what}: ${JSON.stringify(r.json)}`);
  assert.equal(r.json.error_type, 'invalid_host', what);
  assert.equal(r.headers.get('access-control-allow-origin'), null, `${what}: no CORS echo`);
  assert.equal(r.json.messages, undefined, `${what}: no inbox`);
}

describe('attack: DNS rebinding (foreign Host header)', () => {
  describe('test project (in process)', () => {
    let t: TestApp;
    before(async () => {
      t = await testApp();
      await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'rebind-victim@example.com' } });
    });
    after(() => t.close());

    it('/dev/inbox.json, /dev/inbox, /dev/project.json and API routes refuse a foreign Host', async () => {
      for (const host of EVIL_HOSTS) {
        assertRefused(await t.call('GET', '/dev/inbox.json', { headers: { host } }), `inbox.json ${host}`);
      }
      assertRefused(await t.call('GET', '/dev/inbox', { headers: { host: 'evil.example' } }), 'inbox page');
      assertRefused(await t.call('GET', '/dev/project.json', { headers: { host: 'evil.example' } }), 'project.json');
      assertRefused(await t.call('GET', '/.well-known/jwks.json', { headers: { host: 'evil.example' } }), 'jwks');
      assertRefused(await t.call('GET', '/sdk/v1/nope', { headers: { host: 'evil.example' } }), 'unknown route');
      const send = await t.call('POST', '/sdk/v1/otps/email/login_or_create', {
        body: { email: 'rebind-sent@example.com' },
        headers: { host: 'evil.example' },
      });
      assertRefused(send, 'API send');
      const inbox = await t.call('GET', '/dev/inbox.json?to=rebind-sent%40example.com');
      assert.deepEqual(inbox.json.messages, [], 'the refused send sent nothing');
    });

    it('the CORS echo for a rebound origin is gone: preflights and requests alike', async () => {
      for (const [host, origin] of [
        ['evil.com', 'http://evil.com'],
        ['evil.com:8787', 'http://evil.com:8787'],
      ] as const) {
        const pre = await t.call('OPTIONS', '/sdk/v1/otps/email/login_or_create', {
          auth: false,
          origin,
          headers: { host, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
        });
        assertRefused(pre, `preflight ${host}`);
        assertRefused(await t.call('GET', `/sdk/v1/projects/bootstrap/${t.publicToken}`, { origin, headers: { host } }), `bootstrap ${host}`);
      }
    });

    it('loopback names pass: localhost and 127.0.0.1 and [::1], any port, any case', async () => {
      for (const host of ['localhost', 'localhost:1234', 'LOCALHOST:8787', 'LocalHost', '127.0.0.1', '127.0.0.1:8787', '[::1]', '[::1]:8787']) {
        const r = await t.call('GET', '/dev/inbox.json?to=rebind-victim%40example.com', { headers: { host } });
        assert.equal(r.status, 200, `${host}: ${JSON.stringify(r.json)}`);
        assert.equal((r.json.messages as unknown[]).length, 1, host);
      }
      // The server's own origin (Host localhost:1234) still counts as allowed for CORS.
      const own = await t.call('GET', `/sdk/v1/projects/bootstrap/${t.publicToken}`, { origin: 'http://localhost:1234', headers: { host: 'localhost:1234' } });
      assert.equal(own.status, 200);
      assert.equal(own.headers.get('access-control-allow-origin'), 'http://localhost:1234');
    });

    it('hostAllowed: entries are names (any port) or name:port (that port), case-insensitive; loopback always', () => {
      const allowed = ['auth.acme.example', 'API.acme.example:8443'];
      assert.ok(hostAllowed('auth.acme.example', allowed));
      assert.ok(hostAllowed('AUTH.acme.example:443', allowed));
      assert.ok(hostAllowed('api.acme.example:8443', allowed));
      assert.ok(!hostAllowed('api.acme.example', allowed));
      assert.ok(!hostAllowed('api.acme.example:443', allowed));
      assert.ok(!hostAllowed('auth.acme.example.', allowed));
      assert.ok(!hostAllowed('x.auth.acme.example', allowed));
      assert.ok(hostAllowed('localhost:3000', allowed));
      assert.ok(!hostAllowed(`${'a'.repeat(400)}.example`, [`${'a'.repeat(400)}.example`]));
    });
  });

  describe('live project', () => {
    const live = (allowed_hosts?: string[]) => ({
      public_token: 'public-token-live-rebinding-test',
      project_name: 'Acme',
      allowed_origins: ['https://app.acme.example'],
      ...(allowed_hosts ? { allowed_hosts } : {}),
    });

    it('answers its allowed_hosts (and ALLOWED_HOSTS) plus loopback, nothing else', async () => {
      const t = await testApp({ liveProject: live(['auth.acme.example']), allowedHosts: ['api.acme.example:8443'] });
      try {
        const boot = (host: string) => t.call('GET', `/sdk/v1/projects/bootstrap/${t.publicToken}`, { headers: { host } });
        for (const host of ['auth.acme.example', 'auth.acme.example:443', 'api.acme.example:8443', 'localhost:8787']) {
          assert.equal((await boot(host)).status, 200, host);
        }
        for (const host of ['evil.example', 'api.acme.example', 'acme.example']) assertRefused(await boot(host), host);
      } finally {
        await t.close();
      }
    });

    it('without ALLOWED_HOSTS: loopback only, with a warning at start', async () => {
      const lines: string[] = [];
      const t = await testApp({ liveProject: live(), logger: (l) => lines.push(l) });
      try {
        assert.ok(
          lines.some((l) => l.includes('ALLOWED_HOSTS') && l.includes('only loopback')),
          lines.join('\n'),
        );
        assertRefused(await t.call('GET', `/sdk/v1/projects/bootstrap/${t.publicToken}`, { headers: { host: 'auth.acme.example' } }), 'unlisted');
        assert.equal((await t.call('GET', `/sdk/v1/projects/bootstrap/${t.publicToken}`)).status, 200, 'localhost');
      } finally {
        await t.close();
      }
    });
  });

  describe('over a real socket (static files too)', () => {
    const dir = tempDir();
    let srv: RunningServer;
    let db: Awaited<ReturnType<typeof testDatabase>>;
    before(async () => {
      const pub = join(dir.dir, 'public');
      mkdirSync(pub);
      writeFileSync(join(pub, 'index.html'), '<!doctype html><title>demo</title>');
      db = await testDatabase();
      srv = await startServer({
        port: 0,
        dataDir: dir.dir,
        ...(db.databaseUrl ? { databaseUrl: db.databaseUrl } : {}),
        logger: () => undefined,
        staticDirs: [{ urlPrefix: '/', dir: pub }],
      });
    });
    after(async () => {
      await srv.close();
      await db.cleanup();
      dir.cleanup();
    });

    /** A raw request with a Host header of our choosing (fetch would send the URL's own). */
    const raw = (path: string, host: string, method = 'GET', headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: srv.port, path, method, headers: { ...headers, host } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => {
            body += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        });
        req.on('error', reject);
        req.end();
      });

    it('static files, the dev inbox and preflights refuse a foreign Host; localhost and 127.0.0.1 pass', async () => {
      for (const path of ['/', '/index.html', '/dev/inbox.json', '/dev/inbox']) {
        const r = await raw(path, 'evil.example');
        assert.equal(r.status, 421, path);
        assert.equal((JSON.parse(r.body) as { error_type: string }).error_type, 'invalid_host', path);
      }
      const pre = await raw('/sdk/v1/otps/authenticate', `evil.example:${srv.port}`, 'OPTIONS', {
        origin: `http://evil.example:${srv.port}`,
        'access-control-request-method': 'POST',
      });
      assert.equal(pre.status, 421);
      assert.equal(pre.headers['access-control-allow-origin'], undefined);
      for (const host of [`localhost:${srv.port}`, `127.0.0.1:${srv.port}`]) {
        const page = await raw('/', host);
        assert.equal(page.status, 200, host);
        assert.match(page.body, /<title>demo<\/title>/);
        assert.equal((await raw('/dev/inbox.json', host)).status, 200, host);
      }
    });

    it('an absolute-form request target naming a foreign host is refused even with Host: localhost', async () => {
      const r = await raw('http://evil.example/dev/inbox.json', `localhost:${srv.port}`);
      assert.equal(r.status, 421);
    });
  });
});
