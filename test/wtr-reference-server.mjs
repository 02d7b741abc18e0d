// Starts the real reference server (SQLite in a temp folder) for the browser tests and tells the
// test pages where it is, through a JSON document served at /__auth_test_env.json.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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

async function waitFor(url, child, ms = 60_000) {
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

/** WTR plugin: reference server lifecycle plus the test environment document. */
export function referenceServerPlugin() {
  let child;
  let dataDir;
  let env;
  return {
    name: 'auth-reference-server',
    async serverStart() {
      const port = await freePort();
      dataDir = mkdtempSync(join(tmpdir(), 'auth-elements-wtr-'));
      child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        // The browser tests' numbers are all 415-555-XXXX, one number prefix, over one run of the shared
        // server: the per-prefix SMS limit (an SMS-pumping guard, tested in test/attacks/) is not theirs to meet.
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_SMS_PREFIX: '1000' },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      const apiBaseUrl = `http://localhost:${port}`;
      const project = await waitFor(`${apiBaseUrl}/dev/project.json`, child);
      env = { apiBaseUrl, publicToken: project.public_token };
    },
    async serverStop() {
      if (child && child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    serve(context) {
      if (context.path === '/__auth_test_env.json') return { body: JSON.stringify(env), type: 'json' };
    },
  };
}
