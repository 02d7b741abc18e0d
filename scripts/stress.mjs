#!/usr/bin/env node
// `npm run test:stress [-- --runs N]`: the browser and end-to-end stages of `npm test`, N times in a
// row (default 5), while two busy processes keep the machine's cores loaded, so a test that reads a
// state which exists only for a moment, or races a timer, shows up here rather than on a busy CI
// machine. `--skip-build` packs the dist/ already there instead of building first. The load is
// bounded: each busy process ends by itself after --hog-minutes (default 120) and is killed when
// this script ends or is interrupted. Prints the counts of every run and a closing line
// `N passed, N failed`; exits 1 when any test failed.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, ensureDependencies } from './ensure.mjs';
import { findTests } from './test-files.mjs';
import { run } from './run-command.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  const n = i < 0 ? fallback : Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`${name} takes a whole number above 0`);
    process.exit(2);
  }
  return n;
};
const runs = arg('--runs', 5);
const hogMinutes = arg('--hog-minutes', 120);

if (!ensureDependencies() || !ensureChromium()) process.exit(1);

// The CPU hog: two processes that spin until their own deadline, so an interrupted or killed script
// never leaves them burning for long; the ones still running are killed on the way out.
const hogs = [];
function startHogs() {
  const deadline = Date.now() + hogMinutes * 60_000;
  for (let i = 0; i < 2; i++) {
    const hog = spawn(process.execPath, ['-e', `const end = ${deadline}; while (Date.now() < end) {}`], { stdio: 'ignore' });
    hogs.push(hog);
  }
  console.log(`CPU hog: 2 busy processes (pids ${hogs.map((h) => h.pid).join(', ')}), at most ${hogMinutes} min`);
}
function stopHogs() {
  for (const hog of hogs) if (hog.exitCode === null && hog.signalCode === null) hog.kill('SIGKILL');
}
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopHogs();
    process.exit(130);
  });
}

const NODE_COUNTS = { passed: /^ℹ pass (\d+)$/gm, failed: /^ℹ fail (\d+)$/gm };
const WTR_COUNTS = { passed: /^wtr: (\d+) passed/gm, failed: /^wtr: \d+ passed, (\d+) failed/gm };
const sum = (output, re) => [...output.matchAll(re)].reduce((n, m) => n + Number(m[1]), 0);

/** Counts of one stage run; a crash with no counts is one failure. Failed test names are kept. */
async function counted(cmd, args, pattern, env = {}) {
  const { code, output } = await run(cmd, args, { env });
  const passed = sum(output, pattern.passed);
  const f = sum(output, pattern.failed);
  const failed = f === 0 && code !== 0 ? 1 : f;
  const names = [...output.matchAll(/^wtr failed: (.*)$/gm), ...output.matchAll(/^\s*✖ (.*?)(?: \([\d.]+m?s\))?$/gm)].map((m) => m[1]);
  return { passed, failed, names: [...new Set(names)].filter((n) => n !== 'failing tests:') };
}

// The kit once, as `npm test` builds and packs it (the end-to-end tests build the host apps against the tarball).
console.log('=== build and pack (once, before the load)');
const skipBuild = process.argv.includes('--skip-build') && existsSync('dist');
if (!skipBuild && (await run(process.execPath, ['scripts/build.mjs'])).code !== 0) process.exit(1);
const packedRun = await run(process.execPath, ['scripts/pack-app.mjs', '--reuse-dist'], { live: false });
const packedLine = packedRun.output.trim().split('\n').at(-1) ?? '';
if (packedRun.code !== 0 || !packedLine.startsWith('{')) {
  console.error(packedRun.output);
  process.exit(1);
}
const packed = JSON.parse(packedLine);
const packInfo = join(packed.root, 'pack-info.json');
writeFileSync(packInfo, JSON.stringify(packed));

startHogs();
const e2eFiles = findTests('.', (p) => p.endsWith('.e2e.test.ts'));
const lines = [];
const total = { passed: 0, failed: 0 };
const flaky = new Map();
for (let i = 1; i <= runs; i++) {
  const t0 = performance.now();
  console.log(`\n=== run ${i} of ${runs}: end-to-end tests`);
  // Two files at a time, as npm test's pool runs them at least: the load is the point here.
  const e2e = await counted(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...e2eFiles], NODE_COUNTS, {
    AE_PACK_INFO: packInfo,
  });
  console.log(`\n=== run ${i} of ${runs}: browser tests`);
  const wtr = await counted(join('node_modules', '.bin', 'wtr'), [], WTR_COUNTS);
  for (const [stage, r] of [
    ['end-to-end', e2e],
    ['browser', wtr],
  ]) {
    total.passed += r.passed;
    total.failed += r.failed;
    for (const n of r.names) flaky.set(`${stage}: ${n}`, [...(flaky.get(`${stage}: ${n}`) ?? []), i]);
  }
  const line = `run ${i}: end-to-end ${e2e.passed} passed, ${e2e.failed} failed; browser ${wtr.passed} passed, ${wtr.failed} failed (${((performance.now() - t0) / 1000).toFixed(1)} s)`;
  lines.push(line);
  console.log(line);
}
stopHogs();

console.log('\n=== stress summary (2 busy processes beside every run)');
for (const l of lines) console.log(`  ${l}`);
if (flaky.size > 0) {
  console.log('failed (in runs):');
  for (const [n, at] of flaky) console.log(`  ${n} (${at.join(', ')})`);
}
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed === 0 ? 0 : 1);
