/**
 * `auth-elements/server` in a real Next.js app (demo/hosts/next), built once (`next build`) and started
 * (`next start`) against the packed kit as a host installs it, with the reference server running: a
 * user signs in through the kit's client, then a route handler, a server component (cookies() and
 * headers()) and a proxy-protected path (Next 16's middleware) are called with and without the session.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createClient } from '../../sdk-core/client.ts';
import { MemoryCookieJar, MemoryStore } from '../../sdk-core/storage.ts';
import { signInByEmail } from '../../sdk-core/test-support.ts';
import { freePort } from '../../server/test-helpers.ts';
import { type RunningServer, startServer } from '../../server/start.ts';
import { eventually } from '../../test/time.ts';
import { packedKit, repo } from '../../test/package/packed.ts';

const source = join(repo, 'demo', 'hosts', 'next');
const work = mkdtempSync(join(tmpdir(), 'auth-elements-next-'));
const app = join(work, 'app');
let server: RunningServer;
let next: ChildProcess | undefined;
let nextUrl: string;
let jwt: string;
let userId: string;
let output = '';

/** Runs `next <args>` in the app; resolves when it exits 0 (its output kept for the failure message). */
function runNext(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [join(app, 'node_modules', 'next', 'dist', 'bin', 'next'), ...args], {
    cwd: app,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  return child;
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

before(async () => {
  const dataDir = join(work, 'data');
  server = await startServer({ port: 0, dataDir });
  const project = (await (await fetch(`${server.url}/dev/project.json`)).json()) as { project_id: string };

  // The app as a host has it: its files, the packed kit, and Next.js and React 19 from the workspace.
  cpSync(source, app, { recursive: true, filter: (p) => !p.includes(`${join(source, 'node_modules')}`) && !p.includes(join(source, '.next')) });
  const modules = join(app, 'node_modules');
  mkdirSync(modules, { recursive: true });
  cpSync(join((await packedKit()).app, 'node_modules', 'auth-elements'), join(modules, 'auth-elements'), { recursive: true });
  symlinkSync(join(repo, 'node_modules', 'next'), join(modules, 'next'), 'dir');
  for (const pkg of ['react', 'react-dom']) symlinkSync(join(source, 'node_modules', pkg), join(modules, pkg), 'dir');

  // webpack: Turbopack (Next 16's default) compiles nothing outside the app's root, and this app's next
  // and react are links into the workspace's install.
  const build = runNext(['build', '--webpack'], {});
  const code = await exited(build);
  assert.equal(code, 0, `next build failed:\n${output}`);

  const port = await freePort();
  nextUrl = `http://127.0.0.1:${port}`;
  next = runNext(['start', '-p', String(port), '-H', '127.0.0.1'], { AUTH_SERVER_URL: server.url, AUTH_PROJECT_ID: project.project_id });
  await eventually(
    () =>
      fetch(`${nextUrl}/`).then(
        (r) => r.status === 200,
        () => false,
      ),
    'next start',
    60_000,
    200,
  );

  const cookies = new MemoryCookieJar();
  const client = createClient(server.publicToken, {
    apiBaseUrl: server.url,
    fetch: (u, i) => fetch(u, i),
    cookies,
    storage: new MemoryStore(),
    disableSessionRefresh: true,
  });
  await signInByEmail(client, server.url, 'next-host@example.com');
  jwt = cookies.get('stytch_session_jwt') ?? '';
  userId = client.session.getSync()?.user_id ?? '';
  client.destroy();
  assert.ok(jwt && userId);
});

after(async () => {
  if (next && next.exitCode === null) {
    next.kill('SIGTERM');
    await exited(next);
  }
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

const withSession = () => ({ headers: { cookie: `stytch_session_jwt=${jwt}` } });

describe('Next.js host (auth-elements/server)', () => {
  it('a route handler answers the user with the session cookie or a Bearer header, 401 without', async () => {
    const ok = await fetch(`${nextUrl}/api/me`, withSession());
    assert.equal(ok.status, 200);
    assert.deepEqual(((await ok.json()) as { user_id: string; roles: string[] }).user_id, userId);
    const bearer = await fetch(`${nextUrl}/api/me`, { headers: { authorization: `Bearer ${jwt}` } });
    assert.equal(bearer.status, 200);
    const none = await fetch(`${nextUrl}/api/me`);
    assert.equal(none.status, 401);
    assert.deepEqual(await none.json(), { error: 'missing' });
    const forged = await fetch(`${nextUrl}/api/me`, { headers: { cookie: `stytch_session_jwt=${jwt.slice(0, -4)}AAAA` } });
    assert.equal(forged.status, 401);
    assert.deepEqual(await forged.json(), { error: 'invalid' });
  });

  it('a server component reads the session from cookies() and headers()', async () => {
    const page = await (await fetch(`${nextUrl}/dashboard`, withSession())).text();
    assert.match(page, new RegExp(`<span id="user-id">${userId}</span>`));
    const anonymous = await (await fetch(`${nextUrl}/dashboard`)).text();
    assert.match(anonymous, /Not signed in/);
  });

  it('the proxy (middleware) lets a session through to /admin and sends anyone else to /login?next=', async () => {
    const ok = await fetch(`${nextUrl}/admin`, { ...withSession(), redirect: 'manual' });
    assert.equal(ok.status, 200);
    assert.match(await ok.text(), /Admin area/);
    const none = await fetch(`${nextUrl}/admin?tab=1`, { redirect: 'manual' });
    assert.equal(none.status, 307);
    const to = new URL(none.headers.get('location') ?? '', nextUrl);
    assert.equal(to.pathname, '/login');
    assert.equal(to.searchParams.get('next'), '/admin?tab=1');
  });
});
