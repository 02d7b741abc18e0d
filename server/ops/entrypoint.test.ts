/**
 * The container entry script (server/ops/entrypoint.sh; the image cannot be built here: no Docker engine).
 * It refuses a bad configuration before touching the database, runs the migrations, then becomes the
 * server, which SIGTERM stops gracefully. Run both ways the script can: from the repository (tsx), and
 * over the bundle server/ops/build.mjs makes (what server/Dockerfile ships).
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort, tempDir } from '../test-helpers.ts';
import { checkEnvironment } from './config.ts';

const REPO_SCRIPT = 'server/ops/entrypoint.sh';

async function runUntilReady(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; out: () => string; port: number }> {
  const port = await freePort();
  const child = spawn('sh', [script], { env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`entry script exited ${child.exitCode}: ${out}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return { child, out: () => out, port };
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`not ready: ${out}`);
}

async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  child.kill('SIGTERM');
  return exited;
}

function checkBadConfig(script: string) {
  const tmp = tempDir();
  try {
    const r = spawnSync('sh', [script], { env: { ...process.env, DATA_DIR: tmp.dir, TRUST_PROXY: 'yes', PORT: '0' }, encoding: 'utf8', timeout: 180_000 });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /refusing to start, the configuration is invalid:\n {2}- TRUST_PROXY="yes"/);
    // Refused before the database was created or migrated.
    assert.equal(existsSync(join(tmp.dir, 'auth.db')), false);
  } finally {
    tmp.cleanup();
  }
}

describe('container entry script, from the repository', () => {
  it('refuses a bad configuration with status 2 and the message, before opening the database', () => checkBadConfig(REPO_SCRIPT));

  it('migrates a fresh database, then starts; SIGTERM stops it with status 0', async () => {
    const tmp = tempDir();
    try {
      const p = await runUntilReady(REPO_SCRIPT, { DATA_DIR: tmp.dir });
      const out = p.out();
      assert.ok(out.indexOf('configuration valid') < out.indexOf('database migrated'));
      assert.ok(out.indexOf('database migrated') < out.indexOf('listening on'));
      assert.equal(await stop(p.child), 0);
    } finally {
      tmp.cleanup();
    }
  });
});

describe('container entry script, over the bundle the Dockerfile ships', () => {
  // Beside the repository's node_modules, as /app/dist sits beside /app/node_modules in the image.
  let dir = '';
  before(async () => {
    dir = mkdtempSync(join('server', '.image-test-'));
    const r = spawnSync(process.execPath, ['server/ops/build.mjs', join(dir, 'dist')], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(r.status, 0, r.stderr);
    copyFileSync(REPO_SCRIPT, join(dir, 'entrypoint.sh'));
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a bad configuration the same way', () => checkBadConfig(join(dir, 'entrypoint.sh')));

  it('migrates, starts, signs in by passcode, and stops on SIGTERM', async () => {
    const tmp = tempDir();
    try {
      const p = await runUntilReady(join(dir, 'entrypoint.sh'), { DATA_DIR: tmp.dir });
      const base = `http://127.0.0.1:${p.port}`;
      const { public_token: token } = (await (await fetch(`${base}/dev/project.json`)).json()) as { public_token: string };
      const auth = `Basic ${Buffer.from(`${token}:${token}`).toString('base64')}`;
      const post = (path: string, body: unknown) =>
        fetch(`${base}/sdk/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: auth }, body: JSON.stringify(body) });
      const sent = (await (await post('/otps/email/login_or_create', { email: 'image@example.com' })).json()) as { data: { method_id: string } };
      const inbox = (await (await fetch(`${base}/dev/inbox.json?to=image%40example.com`)).json()) as { messages: { code: string }[] };
      const signedIn = await post('/otps/authenticate', { token: inbox.messages[0]!.code, method_id: sent.data.method_id, session_duration_minutes: 30 });
      assert.equal(signedIn.status, 200);
      assert.equal(await stop(p.child), 0);
    } finally {
      tmp.cleanup();
    }
  });
});

describe('deployment files (server/compose.yaml, server/deploy/)', () => {
  const compose = readFileSync('server/compose.yaml', 'utf8');

  it("the instances' environment passes the start-up checks (placeholders filled as env.example fills them)", () => {
    const block = compose.slice(compose.indexOf('  environment:'), compose.indexOf('  volumes:'));
    const sample: Record<string, string> = { AUTH_HOST: 'auth.example.com', POSTGRES_PASSWORD: 'pw' };
    const env: Record<string, string> = {};
    for (const m of block.matchAll(/^ {4}([A-Z_]+): "?(.*?)"?$/gm)) {
      // ${VAR:?message} and ${VAR:-default} as compose substitutes them with env.example's values.
      env[m[1]!] = m[2]!.replace(/\$\{([A-Z_]+)(?::[?-][^}]*)?\}/g, (_, name: string) => sample[name] ?? '');
    }
    assert.ok(Object.keys(env).length >= 10, Object.keys(env).join());
    assert.equal(env.TRUST_PROXY, '1');
    assert.equal(env.DATABASE_URL, 'postgres://auth:pw@postgres:5432/auth');
    // The file mounted at /config/project.json, as the example gives it.
    assert.equal(env.PROJECT_CONFIG, '/config/project.json');
    env.PROJECT_CONFIG = 'server/deploy/project.example.json';
    const { problems, warnings } = checkEnvironment(env);
    assert.deepEqual([problems, warnings], [[], []]);
  });

  it('only the proxy publishes ports; metrics stay on the private network', () => {
    assert.equal(compose.match(/^ {4}ports:/gm)?.length, 1);
    assert.ok(compose.indexOf('ports:') > compose.indexOf('  proxy:'));
    assert.ok(!/9464:9464|"9464"\s*$/m.test(compose.slice(compose.indexOf('ports:'))));
    const caddy = readFileSync('server/deploy/Caddyfile', 'utf8');
    assert.match(caddy, /respond \/metrics 404/);
    assert.match(caddy, /health_uri \/readyz/);
  });
});
