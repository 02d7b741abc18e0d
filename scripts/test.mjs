#!/usr/bin/env node
// The one test command (README, CI): typecheck, lint, Node tests, build, browser tests, size budget.
// Each stage's counts are added up into a closing line `total: N passed, N failed`.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, ensureDependencies } from './ensure.mjs';

if (!ensureDependencies()) process.exit(1);
const haveChromium = ensureChromium();

const totals = { passed: 0, failed: 0 };
const stages = [];

/** Runs a command, mirroring its output, and resolves to { code, output }. */
function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const take = (stream, sink) =>
      stream.on('data', (d) => {
        output += d;
        sink.write(d);
      });
    take(child.stdout, process.stdout);
    take(child.stderr, process.stderr);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

function findTests(dir, keep) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...findTests(p, keep));
    else if (keep(p)) out.push(p);
  }
  return out;
}

function record(name, passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
  stages.push(`${name}: ${passed} passed, ${failed} failed`);
}

/** A stage that is one check: passes when the command exits 0. */
async function check(name, cmd, args) {
  console.log(`\n=== ${name}`);
  const { code } = await run(cmd, args);
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  return code === 0;
}

const bin = (n) => join('node_modules', '.bin', n);

await check('typecheck', bin('tsc'), ['-p', 'tsconfig.json']);
await check('lint', bin('biome'), ['lint', '.']);

console.log('\n=== node tests');
const nodeTests = [...findTests('server', (p) => p.endsWith('.test.ts')),
  ...findTests('sdk-core', (p) => p.endsWith('.test.ts') && !p.endsWith('.browser.test.ts'))];
{
  const { code, output } = await run(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...nodeTests]);
  const pass = Number(/ℹ pass (\d+)/.exec(output)?.[1] ?? 0);
  const fail = Number(/ℹ fail (\d+)/.exec(output)?.[1] ?? 0);
  // a crash with no summary still counts as a failure
  record('node tests', pass, fail === 0 && code !== 0 ? 1 : fail);
}

const built = await check('build', bin('rollup'), ['-c']);

console.log('\n=== browser tests');
if (!haveChromium) record('browser tests', 0, 1);
else {
  const { code, output } = await run(bin('wtr'), []);
  const m = /wtr: (\d+) passed, (\d+) failed/.exec(output);
  const pass = Number(m?.[1] ?? 0);
  const fail = Number(m?.[2] ?? 0);
  record('browser tests', pass, fail === 0 && code !== 0 ? 1 : fail);
}

if (built) await check('size budget', process.execPath, ['scripts/size.mjs', '--check']);
else record('size budget', 0, 1);

console.log('\n=== summary');
for (const s of stages) console.log(`  ${s}`);
console.log(`total: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
