// The one way the test scripts (test.mjs, stress.mjs) run a command and keep what it printed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** GNU time, when the machine has it: it reports the CPU a command and every process it waited for used. */
const TIME = '/usr/bin/time';
const haveTime = existsSync(TIME);
const NICE = '/usr/bin/nice';
const haveNice = existsSync(NICE);

/**
 * Runs a command and resolves to { code, output, cpu }: `cpu` is the seconds of CPU (user + system) the
 * command and the processes it waited for used, or null when the machine has no GNU time. `niceness`
 * above 0 runs it at that lower scheduling priority. With `live`
 * its output is mirrored as it comes; otherwise it is only kept (the caller prints it whole when it ends).
 */
export function run(cmd, args, { env = {}, live = true, niceness = 0 } = {}) {
  return new Promise((resolve) => {
    const dir = haveTime ? mkdtempSync(join(tmpdir(), 'auth-elements-cpu-')) : null;
    const cpuFile = dir ? join(dir, 'cpu') : null;
    // A lower priority (coreutils' nice) for work nobody waits on, so what is waited on runs first.
    const [c0, a0] = niceness > 0 && haveNice ? [NICE, ['-n', String(niceness), cmd, ...args]] : [cmd, args];
    const [file, argv] = cpuFile ? [TIME, ['-q', '-f', '%U %S', '-o', cpuFile, c0, ...a0]] : [c0, a0];
    const child = spawn(file, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const take = (stream, sink) =>
      stream.on('data', (d) => {
        output += d;
        if (live) sink.write(d);
      });
    take(child.stdout, process.stdout);
    take(child.stderr, process.stderr);
    child.on('close', (code) => {
      let cpu = null;
      if (dir) {
        try {
          // The last line: `-q` leaves out the exit-status line, but a signal still adds one before it.
          const [user, sys] = readFileSync(cpuFile, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
          if (Number.isFinite(user) && Number.isFinite(sys)) cpu = user + sys;
        } catch {
          // no figure (the command could not start): leave it out
        }
        rmSync(dir, { recursive: true, force: true });
      }
      resolve({ code: code ?? 1, output, cpu });
    });
  });
}
