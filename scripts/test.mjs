#!/usr/bin/env node
// The one test command (README, CI): typecheck, lint, format, layer rules, build, the Node tests (server
// on SQLite and on Postgres when one can be had), pack and the checks of the tarball, the end-to-end
// tests (the host apps of demo/hosts/ among them, built against the packed kit), the browser tests and
// the size budget. Each stage's counts, wall time and CPU time are added up into a summary that closes
// with `total: N passed, N failed`.
//
// Every stage is cut into jobs (a check, a shard of Node test files, one end-to-end file, the browser
// runner), and the jobs share one pool sized to the machine: a job starts as soon as what it needs is
// done (the build for the pack and the size budget, the pack for the end-to-end and package tests) and
// a slot is free, longest first. Most jobs spend part of their time waiting (on a browser, a server,
// npm), so the pool holds a job more than the machine has cores. A job's output is printed whole when
// it ends, under its stage's name, so two jobs never interleave line by line.
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureChromium, ensureDependencies } from './ensure.mjs';
import { findTests, mustRunAlone, touchesDatabase, widgetNodeTests } from './test-files.mjs';
import { run } from './run-command.mjs';

if (!ensureDependencies()) process.exit(1);
const haveChromium = ensureChromium();
const started = performance.now();

/** The machine's CPU time so far, busy and idle, in seconds (Linux /proc/stat; null elsewhere). */
function machineCpu() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
    return { busy: (user + nice + system + irq + softirq + steal) / 100, idle: (idle + iowait) / 100 };
  } catch {
    return null;
  }
}
const machineAtStart = machineCpu();

const NODE_COUNTS = { passed: /^ℹ pass (\d+)$/gm, failed: /^ℹ fail (\d+)$/gm };
const WTR_COUNTS = { passed: /^wtr: (\d+) passed/gm, failed: /^wtr: \d+ passed, (\d+) failed/gm };
const bin = (n) => join('node_modules', '.bin', n);
const sum = (output, re) => [...output.matchAll(re)].reduce((n, m) => n + Number(m[1]), 0);

/** Failed test names in a runner's output: WTR's `wtr failed:` lines, node's spec `✖` lines. */
function failedNames(output) {
  const wtr = [...output.matchAll(/^wtr failed: (.*)$/gm)].map((m) => m[1]);
  // node's spec reporter repeats each failure under "failing tests"; suites fail with their tests
  const node = [...output.matchAll(/^\s*✖ (.*?)(?: \([\d.]+m?s\))?$/gm)].map((m) => m[1]);
  return [...new Set([...wtr, ...node])].filter((n) => n !== 'failing tests:').slice(0, 30);
}

// ---------------------------------------------------------------------------------------------------
// Stages: what the summary reports, in a fixed order, each the sum of its jobs.

/** Stage name -> { passed, failed, cpu, first start, last end, jobs left }, in summary order. */
const stages = new Map();
/** Names of failed tests per stage, repeated under the summary so the tail of a CI log says what failed. */
const failures = [];
/** Why each failed job failed (its runner's failure report, capped), printed just above the summary. */
const failureDetails = [];

/** The part of a failed job's output that says why: node's "failing tests" report, else the output's tail. */
function failureReport(output) {
  const lines = output.split('\n');
  const at = lines.findIndex((l) => /^✖ failing tests:$/.test(l));
  const report = at >= 0 ? lines.slice(at + 1) : lines.slice(-40);
  return report.slice(0, 80).join('\n').trimEnd();
}

function stageOf(name) {
  let s = stages.get(name);
  if (!s) {
    s = { passed: 0, failed: 0, cpu: 0, start: null, end: null, note: null };
    stages.set(name, s);
  }
  return s;
}

/** A stage that did not run because what it needs failed or is missing: one failure. */
function notRun(name, why) {
  const s = stageOf(name);
  s.failed += 1;
  s.note = `not run: ${why}`;
  failures.push(`${name}: not run (${why})`);
  process.stdout.write(`\n=== ${name}\nnot run: ${why}\n`);
}

// ---------------------------------------------------------------------------------------------------
// The pool.

/**
 * Slots the jobs share: two more than the cores, since most jobs wait part of the time (on a browser, a
 * server, npm). The files that start whole server processes (scripts/test-files.mjs, mustRunAlone) run
 * one at a time (`exclusive`), beside the other jobs: their waits for a start are bounded generously.
 */
const SLOTS = Math.max(4, availableParallelism() + 2);
/** End-to-end shards: enough that the longest file does not set the stage's end, few enough to share modules. */
const E2E_SHARDS = 4;
let exclusiveRunning = false;
let free = SLOTS;
/**
 * The scheduling priority of background jobs: those no other job waits on and whose tests hold no
 * browser or process-start deadline (the checks and the shards of Node test files). The build, the pack,
 * the end-to-end and browser tests and the files that start server processes keep the normal priority,
 * so the path to the last job is never held up by work that could run in the gaps.
 */
const BACKGROUND_NICENESS = 5;
const queue = [];
const running = new Set();
let wake = null;

/**
 * Queues a job: `stage` it counts toward, `label` in the log, the command, `counts` (the runner's count
 * lines; absent: the job is one check, passing when it exits 0), `exclusive` (one such job at a time),
 * `size` (how long it is expected to take, in rough seconds: larger starts first). Resolves to whether
 * it passed.
 */
function job({ stage, label, cmd, args, env = {}, counts = null, exclusive = false, size = 1, file = null, shardOf = null, background = false }) {
  stageOf(stage);
  return new Promise((resolve) => {
    queue.push({ stage, label, cmd, args, env, counts, exclusive, size, file, shardOf, background, resolve });
    pump();
  });
}

function pump() {
  // The files that run one at a time go first, so their chain runs beside everything else rather
  // than after it; then the jobs that waited on the build and the pack (end-to-end shards, package
  // tests) before the background ones, which could run at any time: queued last, the end-to-end shards
  // were ending the run alone (a run's timeline: the last shard started at +624 s of 721); then the longest.
  queue.sort((a, b) => Number(b.exclusive) - Number(a.exclusive) || Number(a.background) - Number(b.background) || b.size - a.size);
  for (let i = 0; i < queue.length && free > 0; ) {
    const j = queue[i];
    if (j.exclusive && exclusiveRunning) {
      i++;
      continue;
    }
    queue.splice(i, 1);
    start(j);
  }
  if (queue.length === 0 && running.size === 0 && wake) wake();
}

async function start(j) {
  free -= 1;
  if (j.exclusive) exclusiveRunning = true;
  running.add(j);
  const s = stageOf(j.stage);
  const t0 = performance.now();
  s.start ??= t0;
  const { code, output, cpu } = await run(j.cmd, j.args, { env: j.env, live: false, niceness: j.background ? BACKGROUND_NICENESS : 0 });
  const t1 = performance.now();
  s.end = Math.max(s.end ?? 0, t1);
  let passed;
  let failed;
  if (j.counts) {
    passed = sum(output, j.counts.passed);
    const f = sum(output, j.counts.failed);
    // A crash with no counts still counts as a failure.
    failed = f === 0 && code !== 0 ? 1 : f;
  } else {
    passed = code === 0 ? 1 : 0;
    failed = code === 0 ? 0 : 1;
  }
  s.passed += passed;
  s.failed += failed;
  // What each file took, for the next run's order: a shard's suites are its files (node-shard.mjs).
  if (j.file) measured[j.file] = Math.round((t1 - t0) / 100) / 10;
  for (const f of j.shardOf?.files ?? []) {
    const m = output.match(new RegExp(`^[✔✖] ${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(([\\d.]+)ms\\)$`, 'm'));
    if (m) measured[`${j.shardOf.db}${j.shardOf.db ? ':' : ''}${f}`] = Math.round(Number(m[1]) / 100) / 10;
  }
  s.cpu = cpu === null || s.cpu === null ? null : s.cpu + cpu;
  if (failed > 0) {
    failures.push(...(j.counts ? failedNames(output) : ['exited with an error']).map((n) => `${j.stage}: ${n}`));
    failureDetails.push(`--- ${j.stage}: ${j.label}\n${failureReport(output)}`);
  }
  // When it started (seconds into the run) shows which jobs held the end of the run.
  const timing = `from +${((t0 - started) / 1000).toFixed(0)} s: ${((t1 - t0) / 1000).toFixed(1)} s${cpu === null ? '' : `, CPU ${cpu.toFixed(1)} s`}`;
  process.stdout.write(`\n=== ${j.stage}: ${j.label} (${timing})\n${output}${output.endsWith('\n') || !output ? '' : '\n'}`);
  running.delete(j);
  free += 1;
  if (j.exclusive) exclusiveRunning = false;
  j.resolve(failed === 0);
  pump();
}

/** Resolves when every queued job has ended. */
function drained() {
  return new Promise((resolve) => {
    wake = resolve;
    pump();
  });
}

// ---------------------------------------------------------------------------------------------------
// The jobs.

const isUnit = (p) => p.endsWith('.test.ts') && !p.endsWith('.browser.test.ts') && !p.endsWith('.e2e.test.ts');
// test/attacks/*.test.ts are server-side attack probes: they run on both databases like the server suite.
// test/package/ runs against the packed tarball.
const isPackageTest = (p) => p.startsWith(join('test', 'package'));
const serverTests = [...findTests('server', isUnit), ...findTests('test', (p) => isUnit(p) && !isPackageTest(p))];
// Pure-logic tests of the widget folders (they import node:test) run in Node; the rest in Chromium.
const nodeTests = [...serverTests, ...findTests('sdk-core', isUnit), ...findTests('demo', isUnit), ...widgetNodeTests()];
// The Postgres run repeats only the files that open a database (every store query runs on both).
const postgresTests = serverTests.filter((f) => touchesDatabase(f));

// A test that never ends (a fetch with no answer, a child that never exits) fails after 10 minutes
// instead of holding the whole run: seen under heavy load in durability and rolling-restart.
const NODE = [process.execPath, '--import', 'tsx', '--test-reporter=spec', `--test-timeout=${10 * 60_000}`];
/**
 * How long each test file took in the last run on this machine (seconds, under the pool's load),
 * kept in node_modules/.cache so a clone starts from the figures committed in
 * scripts/test-durations.json; a file in neither is sized by its bytes (a KB a second). The longest
 * files start first and the shards are balanced by these figures: a wrong one costs speed, never a test.
 */
const DURATIONS_CACHE = join('node_modules', '.cache', 'auth-elements', 'test-durations.json');
const DURATIONS_SEED = join('scripts', 'test-durations.json');
const readJson = (f) => {
  try {
    return JSON.parse(readFileSync(f, 'utf8'));
  } catch {
    return {};
  }
};
const durations = { ...readJson(DURATIONS_SEED), ...readJson(DURATIONS_CACHE) };
const measured = {};
const kb = (f) => statSync(f).size / 1024;
/** The expected seconds of test file `f` on the store `db` ('' or 'pg'). */
const expected = (f, db = '') => durations[`${db}${db ? ':' : ''}${f}`] ?? durations[f] ?? kb(f);

/**
 * `files` split into `shards` processes of about equal expected time (longest files first), each
 * running its files one after another as suites of one process (scripts/node-shard.mjs).
 */
function shardJobs(stage, label, db, files, env, shards, { background = false, exclusive = false } = {}) {
  const groups = Array.from({ length: Math.min(shards, files.length) }, () => ({ files: [], seconds: 0 }));
  for (const f of [...files].sort((a, b) => expected(b, db) - expected(a, db) || a.localeCompare(b))) {
    const g = groups.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    g.files.push(f);
    g.seconds += expected(f, db);
  }
  return groups.map((g, i) =>
    job({
      stage,
      label: `${label} shard ${i + 1} of ${groups.length}, ${g.files.length} file(s) in one process`,
      cmd: NODE[0],
      args: [...NODE.slice(1), 'scripts/node-shard.mjs', ...g.files],
      env,
      counts: NODE_COUNTS,
      size: g.seconds,
      shardOf: { db, files: g.files },
      background,
      exclusive,
    }),
  );
}

/**
 * The Node test jobs of one store: the files that may share the machine split into `shards` processes,
 * each running its files one after another as suites of one process (scripts/node-shard.mjs: the
 * server's modules load once per shard, not once per file; each file has its own temp folder or
 * Postgres database and free ports); the files that start whole server processes (mustRunAlone), one
 * shard of their own that runs beside no other such job (`exclusive`), so those files still run one at
 * a time. They had a `node --test` process each, two processes per file that each loaded tsx and the
 * server's modules.
 */
function nodeJobs(stage, aloneStage, label, db, files, env, shards) {
  const alone = files.filter(mustRunAlone);
  const rest = files.filter((f) => !alone.includes(f));
  return [...shardJobs(stage, label, db, rest, env, shards, { background: true }), ...shardJobs(aloneStage, label, db, alone, env, 1, { exclusive: true })];
}

const check = (stage, cmd, args, size, background = true) => job({ stage, label: stage, cmd, args, size, background });

// The stages in summary order (a stage's line is written when it first gets a job or is not run).
const ORDER = [
  'typecheck',
  'lint',
  'format',
  'layer rules',
  'build',
  'pack',
  'node tests (server on SQLite, sdk-core, demo, widget logic)',
  'node tests (server on Postgres)',
  'node tests that start server processes, one file at a time (SQLite)',
  'node tests that start server processes, one file at a time (Postgres)',
  'publint (packed tarball)',
  'arethetypeswrong (packed tarball)',
  'package tests (packed tarball)',
  'end-to-end tests',
  'browser tests',
  'size budget',
];
for (const name of ORDER) stageOf(name);

// The server as the tests start it in child processes (server/test-helpers.ts serverCommand, the
// browser tests' reference servers): bundled once per run by server/ops/build.mjs, as the image runs
// it, instead of compiled by tsx at each of the ~60 starts. Without a bundle the starts use tsx.
const SERVER_BUNDLE = join('node_modules', '.cache', 'auth-elements', 'server-bundle');
const bundled = await run(process.execPath, ['server/ops/build.mjs', SERVER_BUNDLE], { live: false });
if (bundled.code === 0) process.env.AE_SERVER_BUNDLE = join(process.cwd(), SERVER_BUNDLE);
else console.log(`server bundle failed (server processes start through tsx):\n${bundled.output}`);

// The build first: the pack and the end-to-end tests wait on it.
const built = check('build', process.execPath, ['scripts/build.mjs'], 1000, false);
check('typecheck', bin('tsc'), ['-p', 'tsconfig.json'], 15);
check('lint', bin('biome'), ['lint', '.'], 5);
check('format', bin('biome'), ['format', '.'], 3);
check('layer rules', process.execPath, ['scripts/check-layers.mjs'], 3);

// The browser tests run the sources through esbuild: they need no build, only Chromium.
if (haveChromium) job({ stage: 'browser tests', label: 'web-test-runner', cmd: bin('wtr'), args: [], counts: WTR_COUNTS, size: 900 });
else notRun('browser tests', 'no Chromium');

// The Node tests on SQLite and the server's database files on Postgres (the store for several
// instances, DATABASE_URL).
let pgUrl = null;
if (existsSync('scripts/postgres.mjs')) {
  const { ensurePostgres } = await import('./postgres.mjs');
  pgUrl = await ensurePostgres().catch((e) => {
    console.error(`Postgres unavailable: ${e.message}`);
    return null;
  });
}
nodeJobs(
  'node tests (server on SQLite, sdk-core, demo, widget logic)',
  'node tests that start server processes, one file at a time (SQLite)',
  'SQLite:',
  '',
  nodeTests,
  {},
  4,
);
if (pgUrl) {
  console.log(
    `Postgres: ${postgresTests.length} of ${serverTests.length} server test files open a database (${serverTests.length - postgresTests.length} pure file(s) run on SQLite only)`,
  );
  nodeJobs(
    'node tests (server on Postgres)',
    'node tests that start server processes, one file at a time (Postgres)',
    'Postgres:',
    'pg',
    postgresTests,
    { TEST_DATABASE_URL: pgUrl },
    4,
  );
} else {
  notRun('node tests (server on Postgres)', 'Postgres unavailable');
}

// After the build: the size budget, and the package as a host installs it (the kit built once above,
// packed without a second build by pack-app.mjs --reuse-dist, the tarball installed alone into an empty
// project). publint and arethetypeswrong check the tarball; the package tests (SSR imports, type tests
// of consumers, what gets installed, the manifest) and the end-to-end tests (the host apps of
// demo/hosts/ are built against it) run against that project.
const packInfo = built.then(async (ok) => {
  if (!ok) {
    for (const n of [
      'size budget',
      'pack',
      'publint (packed tarball)',
      'arethetypeswrong (packed tarball)',
      'package tests (packed tarball)',
      'end-to-end tests',
    ])
      notRun(n, 'the build failed');
    return null;
  }
  check('size budget', process.execPath, ['scripts/size.mjs', '--check'], 1);
  const stage = stageOf('pack');
  const t0 = performance.now();
  stage.start = t0;
  const { code, output, cpu } = await run(process.execPath, ['scripts/pack-app.mjs', '--reuse-dist'], { live: false });
  stage.end = performance.now();
  stage.cpu = cpu;
  const last = output.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !last.startsWith('{')) {
    stage.failed += 1;
    failures.push('pack: failed');
    process.stdout.write(`\n=== pack\npack failed:\n${output}\n`);
    for (const n of ['publint (packed tarball)', 'arethetypeswrong (packed tarball)', 'package tests (packed tarball)', 'end-to-end tests'])
      notRun(n, 'nothing packed');
    return null;
  }
  stage.passed += 1;
  const packed = JSON.parse(last);
  const file = join(packed.root, 'pack-info.json');
  writeFileSync(file, JSON.stringify(packed));
  const { pack, install } = packed;
  process.stdout.write(
    `\n=== pack\npacked: ${pack.entryCount} files, ${pack.size} B (${pack.unpackedSize} B unpacked)\n` +
      `installed alone: ${install.packages.length} package(s) (${install.packages.join(', ')}), ${install.bytes} B\n`,
  );
  return file;
});

const info = await packInfo;
if (info) {
  const env = { AE_PACK_INFO: info };
  const { tarball } = JSON.parse(readFileSync(info, 'utf8'));
  check('publint (packed tarball)', bin('publint'), ['run', tarball, '--strict'], 1);
  // The kit is ESM only (custom elements run in browsers and bundlers; Node 20.19+ can require(esm)):
  // the esm-only profile leaves out node10 (no `exports` support) and CJS `require` resolutions.
  check('arethetypeswrong (packed tarball)', bin('attw'), [tarball, '--profile', 'esm-only'], 15);
  // The package tests: each file a job of its own.
  for (const f of findTests(join('test', 'package'), (p) => p.endsWith('.test.ts') && !p.endsWith('.e2e.test.ts'))) {
    job({
      stage: 'package tests (packed tarball)',
      label: f,
      cmd: NODE[0],
      args: [...NODE.slice(1), '--test', f],
      env,
      counts: NODE_COUNTS,
      size: expected(f),
      file: f,
    });
  }
  // The end-to-end tests: in shards, each a process whose files share one Chromium (test/e2e-harness.ts)
  // and load the server's modules once; each file has its own servers on free ports and its own browser
  // contexts. A process per file cost about 5 s of CPU each in module loading and browser starts.
  if (haveChromium)
    shardJobs(
      'end-to-end tests',
      'e2e:',
      '',
      findTests('.', (p) => p.endsWith('.e2e.test.ts')),
      env,
      E2E_SHARDS,
    );
  else notRun('end-to-end tests', 'no Chromium');
}

await drained();
// The packed kit's folder (tarball, installed apps: ~15 MB) is this run's only: leave no copy behind.
if (info) rmSync(dirname(info), { recursive: true, force: true });
try {
  mkdirSync(dirname(DURATIONS_CACHE), { recursive: true });
  writeFileSync(DURATIONS_CACHE, `${JSON.stringify({ ...readJson(DURATIONS_CACHE), ...measured }, null, 1)}\n`);
} catch {
  // a read-only node_modules: the next run orders by the committed figures
}

if (failureDetails.length > 0) console.log(`\n=== why they failed\n${failureDetails.slice(0, 6).join('\n')}`);
console.log('\n=== summary');
for (const [name, s] of stages) {
  if (s.start === null && s.note === null && s.passed + s.failed === 0) continue;
  const wall = s.start === null ? '' : ` (${((s.end - s.start) / 1000).toFixed(1)} s${s.cpu === null ? '' : `, CPU ${s.cpu.toFixed(1)} s`})`;
  console.log(`  ${name}: ${s.passed} passed, ${s.failed} failed${wall}`);
}
console.log(`  wall time: ${((performance.now() - started) / 1000).toFixed(1)} s`);
// How busy the machine was: near 100 %, only less CPU makes the run shorter; well below, more jobs at once could.
const machineAtEnd = machineCpu();
if (machineAtStart && machineAtEnd) {
  const busy = machineAtEnd.busy - machineAtStart.busy;
  const idle = machineAtEnd.idle - machineAtStart.idle;
  console.log(`  machine: ${busy.toFixed(0)} s of CPU busy, ${idle.toFixed(0)} s idle (${((100 * busy) / (busy + idle)).toFixed(0)} % busy)`);
}
if (failures.length > 0) {
  console.log('failed:');
  for (const f of failures) console.log(`  ${f}`);
}
const totals = [...stages.values()].reduce((t, s) => ({ passed: t.passed + s.passed, failed: t.failed + s.failed }), { passed: 0, failed: 0 });
console.log(`total: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
