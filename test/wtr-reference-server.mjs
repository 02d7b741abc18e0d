// Starts the real reference server (SQLite in a temp folder) for the browser tests and tells the
// test pages where it is, through a JSON document served at /__auth_test_env.json.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

// Generous, as server/test-helpers.ts startServerProcess: a start under a CPU hog (npm run test:stress)
// took over 60 s; the bound only ends a start that hangs.
async function waitFor(url, child, ms = 180_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`reference server exited with code ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.ok) return r.json();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`reference server did not answer ${url} within ${ms} ms`);
}

/** Starts one reference server process on a free port with `extraEnv`; resolves to its env entry and a stop. */
async function startReferenceServer(extraEnv, dataDir = mkdtempSync(join(tmpdir(), 'auth-elements-wtr-'))) {
  const port = await freePort();
  // Under `npm test`, the run's server bundle (AE_SERVER_BUNDLE, server/test-helpers.ts serverCommand).
  const bundle = process.env.AE_SERVER_BUNDLE ? join(process.env.AE_SERVER_BUNDLE, 'main.mjs') : null;
  const child = spawn(process.execPath, bundle && existsSync(bundle) ? [bundle] : ['--import', 'tsx', 'server/main.ts'], {
    // The browser tests' numbers are all 415-555-XXXX, one number prefix, over one run of the shared
    // server: the per-prefix SMS limit (an SMS-pumping guard, tested in test/attacks/) is not theirs to meet.
    // Likewise all of them send from 127.0.0.1: past 100 passcodes in 10 minutes (the default per-IP limit, tested
    // in the server's suite) the run's later sign-ins were refused 429. Each test's own recipient limit stays.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SMS_PREFIX: '1000',
      RATE_LIMIT_OTP_IP: '2000',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const apiBaseUrl = `http://localhost:${port}`;
  const project = await waitFor(`${apiBaseUrl}/dev/project.json`, child);
  return {
    env: { apiBaseUrl, publicToken: project.public_token },
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * test/idp-provider.ts kept running for `dataDir` (`--serve`): `call(payload)` sends one request line
 * and resolves with its answer; `stop()` ends it. Started early, so tsx's start is paid beside the tests.
 */
function idpProvider(dataDir) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/idp-provider.ts', dataDir, '--serve'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = new Map();
  let nextId = 1;
  let buffered = '';
  child.stdout.on('data', (d) => {
    buffered += d;
    for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
      const { id, result, error } = JSON.parse(buffered.slice(0, nl));
      buffered = buffered.slice(nl + 1);
      const w = waiting.get(id);
      waiting.delete(id);
      if (error) w?.reject(new Error(`idp:create-client failed: ${error}`));
      else w?.resolve(result);
    }
  });
  child.on('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`idp:create-client: test/idp-provider.ts exited with ${code}`));
    waiting.clear();
  });
  return {
    call(payload) {
      if (child.exitCode !== null) return Promise.reject(new Error(`idp:create-client: test/idp-provider.ts exited with ${child.exitCode}`));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.stdin.write(`${JSON.stringify({ id, payload })}\n`);
      });
    },
    stop() {
      child.stdin.end();
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}

/**
 * WTR plugin: reference server lifecycle plus the test environment document. Two servers: the
 * default project (new projects require PKCE for magic links and resets), and one that opted out
 * (`withoutPkce`), for the flows a project without PKCE has (the one-click confirmation step).
 */
export function referenceServerPlugin() {
  let servers = [];
  let env;
  let idp;
  return {
    name: 'auth-reference-server',
    async serverStart() {
      // The provider child starts beside the servers (it reads the database only when asked).
      const dataDir = mkdtempSync(join(tmpdir(), 'auth-elements-wtr-'));
      idp = idpProvider(dataDir);
      servers = await Promise.all([
        startReferenceServer({}, dataDir),
        startReferenceServer({ PKCE_REQUIRED_FOR_EMAIL_MAGIC_LINKS: '0', PKCE_REQUIRED_FOR_PASSWORD_RESETS: '0' }),
      ]);
      env = { ...servers[0].env, withoutPkce: servers[1].env };
    },
    async serverStop() {
      idp?.stop();
      await Promise.all(servers.map((s) => s.stop()));
    },
    // `executeServerCommand('idp:create-client', options)`: registers a client application of the
    // default server's OpenID provider (test/idp-provider.ts); answers { client_id, client_secret, project_id }.
    // Asynchronous: a synchronous child would stall this process (the page's file server and the
    // runner's link to the browser) for as long as tsx takes to start on a loaded machine. And served
    // by one child started with the servers (`--serve`): a child started per command took longer than
    // the runner's fixed 20 s limit for a command's answer when the machine was busy.
    async executeCommand({ command, payload }) {
      if (command !== 'idp:create-client') return undefined;
      return idp.call(payload ?? {});
    },
    serve(context) {
      if (context.path === '/__auth_test_env.json') return { body: JSON.stringify(env), type: 'json' };
    },
  };
}
