#!/usr/bin/env node
// The one test command (README, CI): typecheck, lint, Node tests (server on SQLite, then on
// Postgres when one can be had), build, pack, end-to-end tests (the host apps of demo/hosts/ among
// them, built against the packed kit), browser tests, size budget, package checks. Each stage's
// counts are added up into a closing line `total: N passed, N failed`.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, ensureDependencies } from './ensure.mjs';

if (!ensureDependencies()) process.exit(1);
const haveChromium = ensureChromium();

const totals = { passed: 0, failed: 0 };
const stages = [];
/** Names of failed tests per stage, repeated under the summary so the tail of a CI log says what failed. */
const failures = [];

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
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
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

/** A stage that counts what a runner reports; a crash with no counts still counts as a failure. */
async function counted(name, cmd, args, pattern, env = {}) {
  console.log(`\n=== ${name}`);
  const { code, output } = await run(cmd, args, env);
  const passed = [...output.matchAll(pattern.passed)].reduce((n, m) => n + Number(m[1]), 0);
  const failed = [...output.matchAll(pattern.failed)].reduce((n, m) => n + Number(m[1]), 0);
  record(name, passed, failed === 0 && code !== 0 ? 1 : failed);
  if (failed > 0 || code !== 0) failures.push(...failedNames(output).map((n) => `${name}: ${n}`));
}

/** Failed test names in a runner's output: WTR's `wtr failed:` lines, node's spec `✖` lines. */
function failedNames(output) {
  const wtr = [...output.matchAll(/^wtr failed: (.*)$/gm)].map((m) => m[1]);
  // node's spec reporter repeats each failure under "failing tests"; suites fail with their tests
  const node = [...output.matchAll(/^\s*✖ (.*?)(?: \([\d.]+m?s\))?$/gm)].map((m) => m[1]);
  return [...new Set([...wtr, ...node])].filter((n) => n !== 'failing tests:').slice(0, 30);
}

const NODE_COUNTS = { passed: /^ℹ pass (\d+)$/gm, failed: /^ℹ fail (\d+)$/gm };
const WTR_COUNTS = { passed: /^wtr: (\d+) passed/gm, failed: /^wtr: \d+ passed, (\d+) failed/gm };
const nodeTest = (files) => [process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files]];
const bin = (n) => join('node_modules', '.bin', n);

await check('typecheck', bin('tsc'), ['-p', 'tsconfig.json']);
await check('lint', bin('biome'), ['lint', '.']);
await check('format', bin('biome'), ['format', '.']);
await check('layer rules', process.execPath, ['scripts/check-layers.mjs']);

const isUnit = (p) => p.endsWith('.test.ts') && !p.endsWith('.browser.test.ts') && !p.endsWith('.e2e.test.ts');
// test/attacks/*.test.ts are server-side attack probes: they run on both databases like the server suite.
// test/package/ runs against the packed tarball, in its own stage at the end.
const isPackageTest = (p) => p.startsWith(join('test', 'package'));
const serverTests = [...findTests('server', isUnit), ...findTests('test', (p) => isUnit(p) && !isPackageTest(p))];
await counted(
  'node tests (server on SQLite, sdk-core, demo)',
  ...nodeTest([...serverTests, ...findTests('sdk-core', isUnit), ...findTests('demo', isUnit)]),
  NODE_COUNTS,
);

// The same server suite on Postgres, the store for several instances (DATABASE_URL).
if (existsSync('scripts/postgres.mjs')) {
  const { ensurePostgres } = await import('./postgres.mjs');
  const url = await ensurePostgres().catch((e) => {
    console.error(`Postgres unavailable: ${e.message}`);
    return null;
  });
  if (url) await counted('node tests (server on Postgres)', ...nodeTest(serverTests), NODE_COUNTS, { TEST_DATABASE_URL: url });
  else record('node tests (server on Postgres)', 0, 1);
}

const built = await check('build', process.execPath, ['scripts/build.mjs']);

// The package as a host installs it: `npm pack` (prepack builds), the tarball installed alone into
// an empty project. The end-to-end tests build the host apps (demo/hosts/) against it; at the end,
// publint and arethetypeswrong check the tarball, and the package tests (SSR imports, type tests of
// consumers, what gets installed, the manifest) run against that project.
console.log('\n=== pack');
let packed = null;
let packInfo = null;
if (built) {
  const { packApp } = await import('./pack-app.mjs');
  try {
    packed = packApp();
    const { pack, install } = packed;
    console.log(`packed: ${pack.entryCount} files, ${pack.size} B (${pack.unpackedSize} B unpacked)`);
    console.log(`installed alone: ${install.packages.length} package(s) (${install.packages.join(', ')}), ${install.bytes} B`);
    packInfo = join(packed.root, 'pack-info.json');
    writeFileSync(packInfo, JSON.stringify(packed));
  } catch (e) {
    console.error(`pack failed: ${e.message}`);
  }
}
record('pack', packed ? 1 : 0, packed ? 0 : 1);

// End-to-end tests drive Chromium from Node over the built bundle (dist/) and the host apps.
if (packed && haveChromium) {
  await counted('end-to-end tests', ...nodeTest(findTests('.', (p) => p.endsWith('.e2e.test.ts'))), NODE_COUNTS, { AE_PACK_INFO: packInfo });
} else record('end-to-end tests', 0, 1);

if (haveChromium) await counted('browser tests', bin('wtr'), [], WTR_COUNTS);
else record('browser tests', 0, 1);

if (built) await check('size budget', process.execPath, ['scripts/size.mjs', '--check']);
else record('size budget', 0, 1);

if (packed) {
  await check('publint (packed tarball)', bin('publint'), ['run', packed.tarball, '--strict']);
  // The kit is ESM only (custom elements run in browsers and bundlers; Node 20.19+ can require(esm)):
  // the esm-only profile leaves out node10 (no `exports` support) and CJS `require` resolutions.
  await check('arethetypeswrong (packed tarball)', bin('attw'), [packed.tarball, '--profile', 'esm-only']);
  await counted(
    'package tests (packed tarball)',
    ...nodeTest(findTests(join('test', 'package'), (p) => p.endsWith('.test.ts') && !p.endsWith('.e2e.test.ts'))),
    NODE_COUNTS,
    { AE_PACK_INFO: packInfo },
  );
} else {
  record('publint (packed tarball)', 0, 1);
  record('arethetypeswrong (packed tarball)', 0, 1);
  record('package tests (packed tarball)', 0, 1);
}

console.log('\n=== summary');
for (const s of stages) console.log(`  ${s}`);
if (failures.length > 0) {
  console.log('failed:');
  for (const f of failures) console.log(`  ${f}`);
}
console.log(`total: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
