#!/usr/bin/env node
// `node --import tsx scripts/bench-mount-ab.mjs dirA dirB [...]`: `npm run bench:mount`'s timed run
// (same page, probe, throttling: bench-mount/page.ts; gzip, no cache) over several builds,
// interleaved run by run (A, B, A, B...), so load from other work on the machine falls on every build
// alike: on a shared machine, two 9-run sets taken a minute apart differ by more than the change
// being measured. Prints each build's medians and their ratios to the first build. RUNS (default 9).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../server/start.ts';
import { chromiumLaunchOptions, FULL_CHROMIUM } from '../test/chromium.mjs';
import { median, startStaticServer } from './bench-mount/lib.ts';
import { openProbedPage } from './bench-mount/page.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const here = join(root, 'scripts', 'bench-mount');
const MARK = 'auth-elements:react-mounted';
const RUNS = Math.max(1, Number(process.env.RUNS ?? 9) || 9);
const dirs = process.argv.slice(2).map((d) => resolvePath(d));
if (dirs.length < 2) {
  console.error('usage: node --import tsx scripts/bench-mount-ab.mjs distA distB [...]');
  process.exit(2);
}
const dataDir = mkdtempSync(join(tmpdir(), 'auth-elements-bench-ab-'));
const api = await startServer({ port: 0, dataDir, logger: () => undefined });
const page0 = readFileSync(join(here, 'index.html'), 'utf8').replaceAll('%API_BASE_URL%', api.url).replaceAll('%PUBLIC_TOKEN%', api.publicToken);
const builds = [];
for (const distDir of dirs) {
  const expectMark = readdirSync(distDir, { recursive: true })
    .filter((f) => f.endsWith('.js') && !f.startsWith('types'))
    .some((f) => readFileSync(join(distDir, f), 'utf8').includes(MARK));
  builds.push({ distDir, expectMark, site: await startStaticServer({ page: page0, distDir }), runs: [] });
}
const browser = await chromium.launch({ ...chromiumLaunchOptions, executablePath: process.env.CHROMIUM_PATH ?? FULL_CHROMIUM });

/** One run of `build`: the probe's field, React mounted, and the first paint (ms since navigation start). */
async function run(build) {
  const { context, page, done } = await openProbedPage(browser, { expectMark: build.expectMark });
  try {
    await page.goto(`${build.site.url}/`, { waitUntil: 'commit' });
    let timer;
    await Promise.race([done, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('run timed out')), 60_000)))]).finally(() =>
      clearTimeout(timer),
    );
    return await page.evaluate(() => ({
      field: window.__benchMount.field,
      reactMounted: window.__benchMount.mark ?? window.__benchMount.screenAttr,
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
    }));
  } finally {
    await context.close();
  }
}

try {
  console.log(`${cpus().length} CPU(s), load average ${loadavg()[0].toFixed(2)} at the start; ${RUNS} interleaved run(s) per build`);
  for (let i = 0; i < RUNS; i++) {
    for (const build of builds) build.runs.push(await run(build));
    process.stdout.write(`round ${i + 1}/${RUNS}: ${builds.map((b) => b.runs.at(-1).field?.toFixed(0)).join(' / ')} ms (field)\n`);
  }
  const m = builds.map((b) => ({
    firstPaint: median(b.runs.map((r) => r.firstPaint)),
    field: median(b.runs.map((r) => r.field)),
    reactMounted: median(b.runs.map((r) => r.reactMounted)),
  }));
  console.log(`load average ${loadavg()[0].toFixed(2)} at the end\n\nmedians (ms since navigation start), ratio to ${dirs[0]}:`);
  for (const [i, b] of builds.entries()) {
    const r = (k) => `${m[i][k]?.toFixed(1)} (${(m[i][k] / m[0][k]).toFixed(2)}x)`;
    console.log(`  ${b.distDir}: first paint ${r('firstPaint')}, field ${r('field')}, React mounted ${r('reactMounted')}`);
  }
} finally {
  await browser.close();
  for (const b of builds) await b.site.close();
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
}
