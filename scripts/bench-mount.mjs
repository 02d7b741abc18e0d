#!/usr/bin/env node
// `npm run bench:mount` (issue 16, item 4): how fast <auth-login> becomes usable on a page, in real
// Chromium over the built bundle. A plain page with only an email-passcode <auth-login>
// (scripts/bench-mount/index.html) is served gzip-compressed, uncached, by a small static server of
// its own, against the real reference server (SQLite in a temp folder) in this process. Each run
// gets a fresh browser context, the cache disabled, the CPU throttled 4x and the network at 10 Mbps
// with 40 ms RTT (CDP), and records, from navigation start: first paint and first contentful paint,
// the enabled email field, React mounted (scripts/bench-mount/probe.js says how each is seen), and
// the JS bytes transferred before the field and in all. Prints a row per run and the medians; one
// more, untimed run types into the field as soon as it is enabled and checks the text survives.
//
// Env: RUNS (default 9), NO_THROTTLE=1 (no CPU or network throttling), DIST=folder (time that build
// instead of dist/), JSON_OUT=file (write the results; scripts/bench-mount-baseline.json was written so; NOTE=text
// is kept in it). Compares with that baseline when present.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../server/start.ts';
import { chromiumLaunchOptions, FULL_CHROMIUM } from '../test/chromium.mjs';
import { compare, formatTable, medians, newestSourceMtime, startStaticServer } from './bench-mount/lib.ts';
import { CPU_RATE, NETWORK, openProbedPage } from './bench-mount/page.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const here = join(root, 'scripts', 'bench-mount');
const RUNS = Math.max(1, Number(process.env.RUNS ?? 9) || 9);
const THROTTLE = process.env.NO_THROTTLE !== '1';
const RUN_TIMEOUT_MS = 60_000;
const MARK = 'auth-elements:react-mounted';
const BASELINE = join(root, 'scripts', 'bench-mount-baseline.json');
/** When the fallback poll of a run starts (the binding reports long before). */
const POLL_AFTER_MS = 20_000;

// The whole bench is bounded: a hung browser or server must not keep the process (or the CPU) for ever.
const watchdog = setTimeout(
  () => {
    console.error('bench:mount: gave up after the overall time limit');
    setTimeout(() => process.exit(2), 15_000).unref(); // should the shutdown itself hang
    shutdown().finally(() => process.exit(2));
  },
  (RUNS + 2) * (RUN_TIMEOUT_MS + 20_000) + 120_000,
);
watchdog.unref();

// 1. A current build: dist/ newer than every source the bundle is made of, else `npm run build`.
// DIST=folder times another build as it is (e.g. a copy of an earlier dist/), without that check.
const distDir = process.env.DIST ? resolvePath(process.env.DIST) : join(root, 'dist');
if (process.env.DIST) {
  console.log(`timing ${distDir} as it is (DIST)`);
} else {
  const distEntry = join(distDir, 'auth-elements.js');
  const newest = newestSourceMtime(root, ['src', 'elements', 'react-internals', 'sdk-core', 'rollup.config.mjs']);
  const distMtime = existsSync(distEntry) ? statSync(distEntry).mtimeMs : 0;
  if (distMtime === 0 || distMtime < newest.mtimeMs) {
    console.log(
      distMtime === 0
        ? 'dist/auth-elements.js is missing: running npm run build'
        : `dist/ is older than ${newest.file?.slice(root.length)}: running npm run build`,
    );
    const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    if (r.status !== 0) {
      console.error('bench:mount: the build failed');
      process.exit(1);
    }
  } else {
    console.log(`dist/ is current (built ${new Date(distMtime).toISOString()}, newer than the sources)`);
  }
}
if (!existsSync(join(distDir, 'auth-elements.js'))) {
  console.error(`bench:mount: no auth-elements.js in ${distDir}`);
  process.exit(1);
}

// Does the bundle set the React-mounted mark? Then it is the marker; otherwise the host's data-screen
// (set from React today). Read from the built files, so no kit internals are assumed.
const expectMark = readdirSync(distDir, { recursive: true })
  .filter((f) => f.endsWith('.js') && !f.startsWith('types'))
  .some((f) => readFileSync(join(distDir, f), 'utf8').includes(MARK));

const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
const dataDir = mkdtempSync(join(tmpdir(), 'auth-elements-bench-mount-'));
let api;
let site;
let browser;
let closing;
let warnedMark = false;
/** Closes the browser and both servers and removes the temp folder; every caller waits for the one shutdown. */
function shutdown() {
  closing ??= (async () => {
    await browser?.close().catch(() => undefined);
    await site?.close().catch(() => undefined);
    await api?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  })();
  return closing;
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, () => {
    console.error(`bench:mount: ${sig}, shutting down`);
    shutdown().finally(() => process.exit(130));
  });
}

/** A fresh context and page, throttled as configured, with the probe installed. */
async function openPage({ focusField = false } = {}) {
  let signalField;
  const field = new Promise((resolve) => {
    signalField = resolve;
  });
  const { context, page, done } = await openProbedPage(browser, {
    expectMark,
    focusField,
    throttle: THROTTLE,
    onField: focusField ? () => signalField() : undefined,
  });
  // The binding, or (should it be missing) a slow poll, started only after POLL_AFTER_MS: Playwright's
  // first waitForFunction injects its page-side script (~330 KB, 50 to 70 ms of the throttled main
  // thread, seen in a trace), which must not land in the timed part of a run.
  let pollTimer;
  const finished = Promise.race([
    done.finally(() => clearTimeout(pollTimer)),
    new Promise((resolve) => {
      pollTimer = setTimeout(resolve, POLL_AFTER_MS);
    }).then(() =>
      page
        .waitForFunction(() => window.__benchMount?.done === true, undefined, { polling: 1000, timeout: 0 })
        // Rejects when the context closes: by then the race is over; never let it settle the race.
        .catch(() => new Promise(() => undefined)),
    ),
  ]);
  return { context, page, finished, field };
}

/** Waits for `promise` at most `ms`, failing with `what`. */
function within(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms))),
  ]).finally(() => clearTimeout(timer));
}

/** Everything the page knows once settled: the probe's times, paint entries, JS resources. */
function collect(page) {
  return page.evaluate(() => {
    const p = window.__benchMount;
    const paint = (name) => performance.getEntriesByName(name, 'paint')[0]?.startTime ?? null;
    const js = performance.getEntriesByType('resource').filter((e) => /\.m?js$/.test(new URL(e.name).pathname));
    const nav = performance.getEntriesByType('navigation')[0];
    return {
      probe: { field: p.field, fieldVia: p.fieldVia, screenAttr: p.screenAttr, mark: p.mark, usable: p.usable },
      firstPaint: paint('first-paint'),
      firstContentfulPaint: paint('first-contentful-paint'),
      js: js.map((e) => ({ url: new URL(e.name).pathname, bytes: e.encodedBodySize, responseEnd: e.responseEnd })),
      // Chromium's emulated latency shows in the response's end (the body waits), not its first byte.
      documentResponseEnd: nav ? nav.responseEnd : null,
    };
  });
}

/**
 * Waits (at most 15 s) until the page has painted and fetched nothing new for 1.5 s, so lazy chunks
 * loaded right after mounting count in the total. Polled from here after the timed part is over;
 * Playwright's 'networkidle' does not do: it may have fired already while the scripts were parsing.
 */
async function settle(page) {
  const end = Date.now() + 15_000;
  let last = -1;
  let quietSince = Date.now();
  while (Date.now() < end) {
    const { count, painted } = await page.evaluate(() => ({
      count: performance.getEntriesByType('resource').length,
      painted: performance.getEntriesByType('paint').length > 0,
    }));
    if (count !== last) {
      last = count;
      quietSince = Date.now();
    } else if (painted && Date.now() - quietSince >= 1500) {
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function timedRun(pageUrl) {
  const { context, page, finished } = await openPage();
  try {
    await page.goto(pageUrl, { waitUntil: 'commit', timeout: RUN_TIMEOUT_MS });
    try {
      await within(finished, RUN_TIMEOUT_MS, 'the enabled email field and React mounted');
    } catch (e) {
      const seen = await page.evaluate(() => JSON.stringify({ ...window.__benchMount, fieldEl: undefined })).catch(() => '(page gone)');
      throw new Error(`${e.message}; seen so far: ${seen}`);
    }
    await settle(page);
    const c = await collect(page);
    if (!expectMark && c.probe.mark !== null && !warnedMark) {
      warnedMark = true;
      console.log(`note: the page set ${MARK} although no built file names it; React mounted = that mark`);
    }
    const field = c.probe.field;
    const sum = (list) => list.reduce((n, e) => n + e.bytes, 0);
    return {
      run: {
        firstPaint: c.firstPaint,
        firstContentfulPaint: c.firstContentfulPaint,
        field,
        // The mark when there is one (also if the bundle hid its name from the check above), else data-screen.
        reactMounted: c.probe.mark ?? (expectMark ? null : c.probe.screenAttr),
        jsBytesBeforeField: sum(c.js.filter((e) => field !== null && e.responseEnd <= field)),
        jsBytesTotal: sum(c.js),
        scripts: c.js.length,
      },
      detail: c,
    };
  } finally {
    await context.close();
  }
}

/** The untimed run: type as soon as the field is enabled, then check the text is still there after React mounted. */
async function typingRun(pageUrl) {
  const text = 'bench-typing@example.com';
  // The probe focuses the field the moment it finds it and tells us: typing starts as early as a user could.
  const { context, page, finished, field } = await openPage({ focusField: true });
  try {
    await page.goto(pageUrl, { waitUntil: 'commit', timeout: RUN_TIMEOUT_MS });
    await within(field, RUN_TIMEOUT_MS, 'the enabled email field');
    await page.keyboard.type(text);
    const typedAt = await page.evaluate(() => performance.now());
    await within(finished, RUN_TIMEOUT_MS, 'React mounted');
    await settle(page);
    const after = await page.evaluate(() => {
      const host = document.querySelector('auth-login');
      const roots = [host.shadowRoot, host].filter(Boolean);
      const inputs = roots.flatMap((r) => [...r.querySelectorAll('input[type="email"]')]).filter((i) => i.isConnected && !i.matches(':disabled'));
      const input = inputs[0];
      return {
        value: input?.value ?? null,
        focused: input ? (host.shadowRoot?.activeElement ?? document.activeElement) === input : false,
        usable: window.__benchMount.usable,
        field: window.__benchMount.field,
        reactMounted: window.__benchMount.mark ?? window.__benchMount.screenAttr,
      };
    });
    return { ...after, typedAt, text, ok: after.value === text };
  } finally {
    await context.close();
  }
}

let exitCode = 0;
try {
  api = await startServer({ port: 0, dataDir, logger: () => undefined });
  const page = readFileSync(join(here, 'index.html'), 'utf8').replaceAll('%API_BASE_URL%', api.url).replaceAll('%PUBLIC_TOKEN%', api.publicToken);
  site = await startStaticServer({ page, distDir });
  // Our SIGINT/SIGTERM handler closes everything; Playwright's own would exit before the temp folder is gone.
  browser = await chromium.launch({
    ...chromiumLaunchOptions,
    executablePath: process.env.CHROMIUM_PATH ?? FULL_CHROMIUM,
    handleSIGINT: false,
    handleSIGTERM: false,
  });
  console.log(
    `Chromium ${browser.version()}, commit ${commit}, ${RUNS} run(s), ${
      THROTTLE ? `CPU ${CPU_RATE}x slower, network 10 Mbps / 40 ms RTT` : 'no throttling'
    }, page ${site.url}/ (gzip, no-store), API ${api.url}`,
  );
  console.log(`${cpus().length} CPU(s), load average ${loadavg()[0].toFixed(2)}: other work on the machine stretches every figure`);
  console.log(`React mounted = ${expectMark ? `the performance mark ${MARK}` : "the host's first data-screen attribute (the bundle sets no mark)"}`);

  const runs = [];
  const details = [];
  for (let i = 0; i < RUNS; i++) {
    const { run, detail } = await timedRun(`${site.url}/`);
    runs.push(run);
    details.push(detail);
    process.stdout.write(`run ${i + 1}/${RUNS}: field ${run.field?.toFixed(1)} ms (seen by ${detail.probe.fieldVia})\n`);
  }
  const m = medians(runs);
  console.log(`\nms since navigation start; JS bytes as transferred (gzip)\n${formatTable(runs)}`);
  console.log(
    `\nmedians: navigation -> first paint ${m.firstPaint?.toFixed(1)} ms -> enabled email field ${m.field?.toFixed(1)} ms -> React mounted ${m.reactMounted?.toFixed(1)} ms; JS ${m.jsBytesBeforeField} B before the field, ${m.jsBytesTotal} B in all`,
  );
  // The scripts of the run whose field time is the median (the lower middle one for an even count).
  const order = runs.map((r, i) => [r.field ?? Number.POSITIVE_INFINITY, i]).sort((a, b) => a[0] - b[0]);
  const mid = order[Math.floor((order.length - 1) / 2)][1];
  console.log(`\nscripts of run ${mid + 1} (its field at ${runs[mid].field?.toFixed(1)} ms), in order of arrival:`);
  for (const e of [...details[mid].js].sort((a, b) => a.responseEnd - b.responseEnd)) {
    const when = runs[mid].field !== null && e.responseEnd <= runs[mid].field ? 'before the field' : 'after the field';
    console.log(`  ${String(e.bytes).padStart(7)} B  arrived ${e.responseEnd.toFixed(1).padStart(7)} ms  ${when}  ${e.url}`);
  }
  const docEnd = details.map((d) => d.documentResponseEnd).filter((v) => v !== null);
  if (docEnd.length)
    console.log(`the page's HTML arrived (responseEnd) ${Math.min(...docEnd).toFixed(1)} to ${Math.max(...docEnd).toFixed(1)} ms after navigation start`);

  const typing = await typingRun(`${site.url}/`);
  console.log(
    `\ntyping run (untimed): field at ${typing.field?.toFixed(1)} ms, first keystroke taken at ${typing.usable?.toFixed(1) ?? '-'} ms (${
      typing.usable !== null && typing.reactMounted !== null && typing.usable < typing.reactMounted ? 'before' : 'after'
    } React mounted at ${typing.reactMounted?.toFixed(1)} ms), typing done at ${typing.typedAt.toFixed(1)} ms; afterwards the field holds ${JSON.stringify(typing.value)}${
      typing.focused ? ', focused' : ', NOT focused'
    }: ${typing.ok ? 'ok' : 'LOST'}`,
  );
  if (!typing.ok) exitCode = 1;

  const base = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, 'utf8')) : null;
  if (base && base.throttled !== THROTTLE) {
    console.log(`\n(no comparison: the baseline was measured ${base.throttled ? 'throttled' : 'unthrottled'})`);
  } else if (base) {
    console.log(`\nagainst the baseline (${base.commit}, ${base.date}, ${base.throttled ? 'throttled' : 'unthrottled'}):`);
    for (const [key, label] of [
      ['firstPaint', 'first paint ms'],
      ['field', 'enabled email field ms'],
      ['reactMounted', 'React mounted ms'],
      ['jsBytesBeforeField', 'JS B before the field'],
      ['jsBytesTotal', 'JS B in all'],
    ]) {
      console.log(`  ${compare(label, base.medians?.[key], m[key], key.startsWith('js'))}`);
    }
  }
  if (process.env.JSON_OUT) {
    const out = {
      date: new Date().toISOString(),
      commit,
      chromium: browser.version(),
      // Context for reading the figures: a busy machine stretches every one of them.
      machine: { cpus: cpus().length, loadAverageAtEnd: loadavg().map((l) => Math.round(l * 100) / 100), note: process.env.NOTE ?? null },
      throttled: THROTTLE,
      settings: THROTTLE ? { cpuThrottlingRate: CPU_RATE, network: NETWORK } : null,
      reactMountedMarker: expectMark ? MARK : 'data-screen',
      medians: m,
      runs,
      typing,
    };
    // ms to 0.1, like the table (timer resolution is 0.1 ms anyway).
    writeFileSync(
      process.env.JSON_OUT,
      `${JSON.stringify(out, (_k, v) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 10) / 10 : v), 2)}\n`,
    );
    console.log(`\nwrote ${process.env.JSON_OUT}`);
  }
} catch (e) {
  console.error(`bench:mount failed: ${e instanceof Error ? e.stack : e}`);
  exitCode = 1;
} finally {
  await shutdown();
  clearTimeout(watchdog);
}
process.exit(exitCode);
