// The one way the test scripts (test.mjs, stress.mjs) run a command and keep what it printed.
import { spawn } from 'node:child_process';

/**
 * Runs a command and resolves to { code, output }. With `live` its output is mirrored as it comes;
 * otherwise it is only kept (the caller prints it whole when it ends).
 */
export function run(cmd, args, { env = {}, live = true } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const take = (stream, sink) =>
      stream.on('data', (d) => {
        output += d;
        if (live) sink.write(d);
      });
    take(child.stdout, process.stdout);
    take(child.stderr, process.stderr);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
