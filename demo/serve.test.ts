/**
 * `npm start`'s server (demo/serve.ts) honours LOG_LEVEL as server/main.ts does: one JSON line per request
 * by default, none with `warn` or `error` (issue 12).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../server/test-helpers.ts';

const serve = fileURLToPath(new URL('./serve.ts', import.meta.url));

/** Runs demo/serve.ts on a free port with `env`, makes one API request, stops it; resolves to what it wrote to stderr. */
async function requestLogOf(env: Record<string, string>): Promise<string> {
  const data = tempDir();
  const child = spawn(process.execPath, ['--import', 'tsx', serve], {
    env: { ...process.env, PORT: '0', DATA_DIR: data.dir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise((r) => child.once('exit', r));
  try {
    let base: string | undefined;
    // Bounded wait for the printed address (the server prints it once it listens): generous, since a
    // start compiles the server and the machine may be busy; the bound only ends a hung start.
    for (const deadline = Date.now() + 180_000; !base && Date.now() < deadline; ) {
      base = /Dev inbox:\s+(http:\/\/\S+)\/dev\/inbox/.exec(out)?.[1];
      if (!base) {
        if (child.exitCode !== null) throw new Error(`demo/serve.ts exited: ${err}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    assert.ok(base, 'demo/serve.ts printed its address');
    const r = await fetch(`${base}/dev/project.json`);
    assert.equal(r.status, 200);
    await r.arrayBuffer();
    // The log line is written once the answer is done, and before the process exits: stop it and wait
    // for the exit rather than for a moment that may be too short on a busy machine.
    child.kill('SIGTERM');
    await exited;
    return err;
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    data.cleanup();
  }
}

describe('demo/serve.ts LOG_LEVEL', () => {
  it('logs each request by default', async () => {
    const log = await requestLogOf({ LOG_LEVEL: '' });
    const line = log.split('\n').find((l) => l.includes('/dev/project.json'));
    assert.ok(line, log);
    assert.equal((JSON.parse(line) as { status: number }).status, 200);
  });

  for (const level of ['warn', 'error']) {
    it(`LOG_LEVEL=${level} turns the request log off`, async () => {
      const log = await requestLogOf({ LOG_LEVEL: level });
      assert.ok(!log.includes('/dev/project.json'), log);
    });
  }
});
