#!/usr/bin/env node
// The one test command (README, CI): typecheck, lint, Node tests (server on SQLite, then on
// Postgres when one can be had), build, pack, end-to-end tests (the host apps of demo/hosts/ among
// them, built against the packed kit), browser tests, size budget, package checks. Each stage's
// counts and wall time are added up into a summary that closes with `total: N passed, N failed`.
//
// Stages that do not depend on each other run together: the four quick checks beside the build, the
// pack and the tarball checks beside the Node tests. A stage that runs beside another keeps its
// output and prints it whole when it ends, so two stages never interleave line by line.
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, ensureDependencies } from './ensure.mjs';
import { findTests, mustRunAlone, touchesDatabase, widgetNodeTests } from './test-files.mjs';
import { run } from './run-command.mjs';

if (!ensureDependencies()) process.exit(1);
const haveChromium = ensureChromium();

const totals = { passed: 0, failed: 0 };
/** Summary lines in the order the stages were started (stages that run together end in any order). */
const stages = [];
/** Names of failed tests per stage, repeated under the summary so the tail of a CI log says what failed. */
const failures = [];
const started = performance.now();

/**
 * One stage: its header, its body `fn(live)` resolving to { passed, failed, output? }, its wall time.
 * A stage run `alone` streams its output; otherwise the output comes whole, under its header, at the end.
 */
async function stage(name, fn, { alone = false } = {}) {
  const slot = stages.push(`${name}: (not finished)`) - 1;
  if (alone) console.log(`\n=== ${name}`);
  const t0 = performance.now();
  const { passed, failed, output = '', cpu = null } = await fn(alone);
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  if (!alone) process.stdout.write(`\n=== ${name} (ran beside other stages)\n${output}${output.endsWith('\n') || !output ? '' : '\n'}`);
  totals.passed += passed;
  totals.failed += failed;
  stages[slot] = `${name}: ${passed} passed, ${failed} failed (${seconds} s${cpu === null ? '' : `, CPU ${cpu.toFixed(1)} s`})`;
  return failed === 0;
}

/** A stage that did not run because what it needs failed or is missing: one failure. */
function skipped(name, why) {
  return stage(name, async () => ({ passed: 0, failed: 1, output: `not run: ${why}\n` }));
}

/** A stage that is one check: passes when the command exits 0. */
function check(name, cmd, args, opts = {}) {
  return stage(
    name,
    async (live) => {
      const { code, output, cpu } = await run(cmd, args, { live });
      return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, output, cpu };
    },
    opts,
  );
}

/**
 * A stage that counts what a runner reports; a crash with no counts still counts as a failure. `runs` is
 * a list of runs one after another; an entry that is itself a list is runs made at the same time.
 */
function counted(name, runs, pattern, opts = {}) {
  return stage(
    name,
    async (live) => {
      let passed = 0;
      let failed = 0;
      let all = '';
      let cpu = 0;
      const one = async ({ cmd, args, env = {}, note }) => {
        // Runs made at the same time keep their output and add it whole, so they never interleave.
        const { code, output, cpu: used } = await run(cmd, args, { env, live: live && !together });
        cpu = used === null || cpu === null ? null : cpu + used;
        const p = [...output.matchAll(pattern.passed)].reduce((n, m) => n + Number(m[1]), 0);
        const f = [...output.matchAll(pattern.failed)].reduce((n, m) => n + Number(m[1]), 0);
        passed += p;
        failed += f === 0 && code !== 0 ? 1 : f;
        if (f > 0 || code !== 0) failures.push(...failedNames(output).map((n) => `${name}: ${n}`));
        const text = `${note ? `${note}\n` : ''}${output}`;
        if (live && together) process.stdout.write(text);
        else if (live && note) console.log(note);
        all += text;
      };
      let together = false;
      for (const step of runs) {
        together = Array.isArray(step);
        if (together) await Promise.all(step.map(one));
        else await one(step);
      }
      return { passed, failed, output: all, cpu };
    },
    opts,
  );
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
const bin = (n) => join('node_modules', '.bin', n);

/**
 * The node runs of a set of test files: `together`, the files that may share the machine, split into
 * `shards` processes made at the same time, each running its files one after another as suites of one
 * process (scripts/node-shard.mjs: the server's modules load once per shard, not once per file; each
 * file has its own temp folder or Postgres database and free ports); `alone`, the files that need a
 * process of their own (scripts/test-files.mjs, mustRunAlone), one at a time.
 */
function nodeRuns(label, files, env = {}, shards = 2) {
  const alone = files.filter(mustRunAlone);
  const rest = files.filter((f) => !alone.includes(f));
  // A test that never ends (a fetch with no answer, a child that never exits) fails after 10 minutes
  // instead of holding the whole run: seen under heavy load in durability and rolling-restart.
  const base = ['--import', 'tsx', '--test-reporter=spec', `--test-timeout=${10 * 60_000}`];
  // Shards of about equal source size (larger files first), a fair stand-in for their run time.
  const groups = Array.from({ length: Math.min(shards, rest.length) }, () => ({ files: [], bytes: 0 }));
  for (const f of [...rest].sort((a, b) => statSync(b).size - statSync(a).size || a.localeCompare(b))) {
    const g = groups.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    g.files.push(f);
    g.bytes += statSync(f).size;
  }
  const together = groups.map((g, i) => ({
    cmd: process.execPath,
    args: [...base, 'scripts/node-shard.mjs', ...g.files],
    env,
    note: `${label}: shard ${i + 1} of ${groups.length}, ${g.files.length} file(s) in one process`,
  }));
  const lone = alone.map((f) => ({ cmd: process.execPath, args: [...base, '--test', f], env, note: `${label}: ${f} in a process of its own` }));
  return { together, alone: lone };
}

const isUnit = (p) => p.endsWith('.test.ts') && !p.endsWith('.browser.test.ts') && !p.endsWith('.e2e.test.ts');
// test/attacks/*.test.ts are server-side attack probes: they run on both databases like the server suite.
// test/package/ runs against the packed tarball, in its own stage at the end.
const isPackageTest = (p) => p.startsWith(join('test', 'package'));
const serverTests = [...findTests('server', isUnit), ...findTests('test', (p) => isUnit(p) && !isPackageTest(p))];
// Pure-logic tests of the widget folders (they import node:test) run in Node; the rest in Chromium.
const nodeTests = [...serverTests, ...findTests('sdk-core', isUnit), ...findTests('demo', isUnit), ...widgetNodeTests()];
// The Postgres run repeats only the files that open a database (every store query runs on both).
const postgresTests = serverTests.filter((f) => touchesDatabase(f));

// 1. The quick checks beside the build: each is small, and the build waits on rollup's single thread.
const [, , , , built] = await Promise.all([
  check('typecheck', bin('tsc'), ['-p', 'tsconfig.json']),
  check('lint', bin('biome'), ['lint', '.']),
  check('format', bin('biome'), ['format', '.']),
  check('layer rules', process.execPath, ['scripts/check-layers.mjs']),
  check('build', process.execPath, ['scripts/build.mjs']),
]);

// 2. The Node tests, with the pack and the checks of the tarball beside them (npm's install is
// mostly waiting). The package as a host installs it: the kit built once above, packed without a
// second build (pack-app.mjs, reuseDist), the tarball installed alone into an empty project. The
// end-to-end tests build the host apps (demo/hosts/) against it; publint and arethetypeswrong check
// the tarball, and the package tests (SSR imports, type tests of consumers, what gets installed, the
// manifest) run against that project.
let packed = null;
let packInfo = null;
async function packAndCheck() {
  if (!built) {
    await skipped('pack', 'the build failed');
    for (const n of ['publint (packed tarball)', 'arethetypeswrong (packed tarball)', 'package tests (packed tarball)']) await skipped(n, 'nothing packed');
    return;
  }
  await stage('pack', async () => {
    // A child process: npm's pack and install would hold this process's event loop, and with it the
    // output pipes of the Node tests running beside.
    const { code, output } = await run(process.execPath, ['scripts/pack-app.mjs', '--reuse-dist'], { live: false });
    const last = output.trim().split('\n').at(-1) ?? '';
    if (code !== 0 || !last.startsWith('{')) return { passed: 0, failed: 1, output: `pack failed:\n${output}` };
    packed = JSON.parse(last);
    const { pack, install } = packed;
    packInfo = join(packed.root, 'pack-info.json');
    writeFileSync(packInfo, JSON.stringify(packed));
    return {
      passed: 1,
      failed: 0,
      output:
        `packed: ${pack.entryCount} files, ${pack.size} B (${pack.unpackedSize} B unpacked)\n` +
        `installed alone: ${install.packages.length} package(s) (${install.packages.join(', ')}), ${install.bytes} B\n`,
    };
  });
  if (!packed) {
    for (const n of ['publint (packed tarball)', 'arethetypeswrong (packed tarball)', 'package tests (packed tarball)']) await skipped(n, 'nothing packed');
    return;
  }
  await check('publint (packed tarball)', bin('publint'), ['run', packed.tarball, '--strict']);
  // The kit is ESM only (custom elements run in browsers and bundlers; Node 20.19+ can require(esm)):
  // the esm-only profile leaves out node10 (no `exports` support) and CJS `require` resolutions.
  await check('arethetypeswrong (packed tarball)', bin('attw'), [packed.tarball, '--profile', 'esm-only']);
  await counted('package tests (packed tarball)', packageRuns(), NODE_COUNTS);
}

/** The package tests: each file in a process of its own, two at a time. */
function packageRuns() {
  const files = findTests(join('test', 'package'), (p) => p.endsWith('.test.ts') && !p.endsWith('.e2e.test.ts'));
  const base = ['--import', 'tsx', '--test', '--test-reporter=spec', `--test-timeout=${10 * 60_000}`, '--test-concurrency=2'];
  return [{ cmd: process.execPath, args: [...base, ...files], env: { AE_PACK_INFO: packInfo } }];
}

/**
 * The Node tests on SQLite and, at the same time, the server's database files on Postgres (the store for
 * several instances, DATABASE_URL; mostly waiting on it, so it gets more shards); then the files that
 * need a process of their own, on each store in turn.
 */
async function nodeStages() {
  const pgName = 'node tests (server on Postgres)';
  let url = null;
  if (existsSync('scripts/postgres.mjs')) {
    const { ensurePostgres } = await import('./postgres.mjs');
    url = await ensurePostgres().catch((e) => {
      console.error(`Postgres unavailable: ${e.message}`);
      return null;
    });
  }
  const sqlite = nodeRuns('SQLite', nodeTests, {}, 2);
  const pg = url ? nodeRuns('Postgres', postgresTests, { TEST_DATABASE_URL: url }, 3) : null;
  if (pg?.together[0]) {
    const skippedPure = serverTests.length - postgresTests.length;
    pg.together[0].note = `Postgres: ${postgresTests.length} of ${serverTests.length} server test files open a database (${skippedPure} pure file(s) ran on SQLite only)\n${pg.together[0].note}`;
  }
  await Promise.all([
    counted('node tests (server on SQLite, sdk-core, demo, widget logic)', [sqlite.together], NODE_COUNTS),
    pg ? counted(pgName, [pg.together], NODE_COUNTS) : skipped(pgName, 'Postgres unavailable'),
  ]);
  await counted('node tests in a process of their own (SQLite)', sqlite.alone, NODE_COUNTS);
  if (pg) await counted('node tests in a process of their own (Postgres)', pg.alone, NODE_COUNTS);
}

await Promise.all([nodeStages(), packAndCheck()]);

// 3. The browser-driven stages, one after the other.
if (packed && haveChromium) {
  const e2e = findTests('.', (p) => p.endsWith('.e2e.test.ts'));
  // Two files at a time: each drives its own Chromium against its own servers on free ports, and
  // most of a file's time is a page waiting for a server or a browser.
  const base = [process.execPath, '--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2'];
  await counted('end-to-end tests', [{ cmd: base[0], args: [...base.slice(1), ...e2e], env: { AE_PACK_INFO: packInfo } }], NODE_COUNTS, { alone: true });
} else await skipped('end-to-end tests', haveChromium ? 'nothing packed' : 'no Chromium');

if (haveChromium) await counted('browser tests', [{ cmd: bin('wtr'), args: [] }], WTR_COUNTS, { alone: true });
else await skipped('browser tests', 'no Chromium');

if (built) await check('size budget', process.execPath, ['scripts/size.mjs', '--check'], { alone: true });
else await skipped('size budget', 'the build failed');

console.log('\n=== summary');
for (const s of stages) console.log(`  ${s}`);
console.log(`  wall time: ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (failures.length > 0) {
  console.log('failed:');
  for (const f of failures) console.log(`  ${f}`);
}
console.log(`total: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
