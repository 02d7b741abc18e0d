#!/usr/bin/env node
// `node --import tsx scripts/bench-mount-trace.mjs`: where the time of `npm run bench:mount` goes.
// One run of the bench's page (scripts/bench-mount/index.html) under the same throttling (CPU 4x,
// 10 Mbps, 40 ms RTT, gzip, no cache), recorded as a Chromium performance trace, then summed up from
// navigation start: each request (sent, first byte, done), each script's compile and evaluation, the
// main thread's tasks by kind (script, style, layout, paint, parse), and the probe's field and React
// mounted times (scripts/bench-mount/probe.js). Env: DIST=folder (another build), TRACE_OUT=file (keep
// the raw trace, to open in DevTools' Performance panel), NO_THROTTLE=1.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../server/start.ts';
import { chromiumLaunchOptions, FULL_CHROMIUM } from '../test/chromium.mjs';
import { startStaticServer } from './bench-mount/lib.ts';
import { openProbedPage } from './bench-mount/page.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const here = join(root, 'scripts', 'bench-mount');
const distDir = process.env.DIST ? resolvePath(process.env.DIST) : join(root, 'dist');
const THROTTLE = process.env.NO_THROTTLE !== '1';
const dataDir = mkdtempSync(join(tmpdir(), 'auth-elements-bench-trace-'));
const api = await startServer({ port: 0, dataDir, logger: () => undefined });
const page0 = readFileSync(join(here, 'index.html'), 'utf8').replaceAll('%API_BASE_URL%', api.url).replaceAll('%PUBLIC_TOKEN%', api.publicToken);
const site = await startStaticServer({ page: page0, distDir });
const browser = await chromium.launch({ ...chromiumLaunchOptions, executablePath: process.env.CHROMIUM_PATH ?? FULL_CHROMIUM });
try {
  const { context, page, cdp, done } = await openProbedPage(browser, { expectMark: true, throttle: THROTTLE });
  // The JS CPU profile (sampled every 100 us) of the same run: self time per function, by file.
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const tracePath = process.env.TRACE_OUT ?? join(dataDir, 'trace.json');
  await browser.startTracing(page, {
    path: tracePath,
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8',
      'v8.execute',
      'blink.user_timing',
      'loading',
      'netlog',
      'toplevel',
      'blink',
    ],
  });
  await page.goto(`${site.url}/`, { waitUntil: 'commit' });
  // The binding, not a waitForFunction poll: Playwright's page-side script would land in the trace.
  await done;
  await new Promise((r) => setTimeout(r, 1500));
  const probe = await page.evaluate(() => ({ field: window.__benchMount.field, mark: window.__benchMount.mark }));
  const paints = await page.evaluate(() => performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]));
  await browser.stopTracing();
  const { profile } = await cdp.send('Profiler.stop');
  await context.close();

  const { traceEvents } = JSON.parse(readFileSync(tracePath, 'utf8'));
  // Navigation start: the renderer's navigationStart mark of the main frame's document.
  const nav = traceEvents.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args?.data?.documentLoaderURL?.startsWith('http'));
  const t0 = nav.ts;
  const ms = (ts) => ((ts - t0) / 1000).toFixed(1).padStart(7);
  const short = (url) => (url ? url.replace(site.url, '').replace(api.url, 'API') : '?');
  console.log(`probe: field ${probe.field?.toFixed(1)} ms, React mounted ${probe.mark?.toFixed(1)} ms; paints ${JSON.stringify(paints)}`);

  // Requests.
  const reqs = new Map();
  for (const e of traceEvents) {
    const d = e.args?.data;
    if (!d?.requestId) continue;
    const r = reqs.get(d.requestId) ?? { id: d.requestId };
    if (e.name === 'ResourceSendRequest') Object.assign(r, { url: d.url, sent: e.ts, priority: d.priority });
    if (e.name === 'ResourceReceiveResponse') r.response = e.ts;
    if (e.name === 'ResourceFinish') Object.assign(r, { done: e.ts, bytes: d.encodedDataLength });
    reqs.set(d.requestId, r);
  }
  console.log('\nrequests (ms since navigation start): sent, response, done, bytes');
  for (const r of [...reqs.values()].filter((r) => r.sent).sort((a, b) => a.sent - b.sent)) {
    console.log(
      `  ${ms(r.sent)} ${r.response ? ms(r.response) : '      -'} ${r.done ? ms(r.done) : '      -'} ${String(r.bytes ?? '-').padStart(7)}  ${short(r.url)}`,
    );
  }

  // Main thread: the renderer's main thread of the page (the one with the most top-level tasks).
  const mainTid = (() => {
    const tnames = traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    let best = null;
    let bestCount = -1;
    for (const t of tnames) {
      const count = traceEvents.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ph === 'X' && e.ts >= t0).length;
      if (count > bestCount) {
        best = t;
        bestCount = count;
      }
    }
    return best;
  })();
  const onMain = traceEvents.filter((e) => e.pid === mainTid.pid && e.tid === mainTid.tid && e.ts >= t0 && (e.ph === 'X' || e.ph === 'B' || e.ph === 'E'));
  const complete = onMain.filter((e) => e.ph === 'X');
  const until = probe.mark ?? probe.field;
  const limit = t0 + (until + 300) * 1000;
  const interesting = new Set([
    'EvaluateScript',
    'v8.compile',
    'v8.compileModule',
    'v8.evaluateModule',
    'v8.produceModuleCache',
    'FunctionCall',
    'EventDispatch',
    'TimerFire',
    'FireAnimationFrame',
    'RunMicrotasks',
    'ParseHTML',
    'UpdateLayoutTree',
    'Layout',
    'Paint',
    'PrePaint',
    'Layerize',
    'Commit',
    'ScheduleStyleRecalculation',
    'ParseAuthorStyleSheet',
    'v8.parseOnBackground',
    'V8.GCScavenger',
    'MinorGC',
    'MajorGC',
    'ResourceFetcher::requestResource',
    'HTMLDocumentParser::didReceiveParsedChunkFromBackgroundParser',
  ]);
  console.log(`\nmain thread (${complete.length} complete events), top-level tasks and notable events until ${until?.toFixed(0)} + 300 ms:`);
  const tasks = complete.filter((e) => e.name === 'RunTask' && e.ts < limit && e.dur > 1000);
  for (const task of tasks) {
    const inside = complete.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && interesting.has(e.name));
    const parts = inside
      .filter((e) => (e.dur ?? 0) >= 500)
      .map((e) => {
        const d = e.args?.data ?? e.args ?? {};
        const url = d.url ?? d.fileName ?? d.stackTrace?.[0]?.url ?? '';
        return `${e.name}${url ? `(${short(url).replace(/^\/dist\//, '')})` : ''} ${(e.dur / 1000).toFixed(1)}`;
      });
    console.log(`  ${ms(task.ts)} +${(task.dur / 1000).toFixed(1).padStart(6)} ms: ${parts.slice(0, 12).join(', ')}`);
  }
  // Totals by kind until the field and until React.
  const sum = (end, names) => {
    const out = {};
    for (const e of complete) {
      if (e.ts > t0 + end * 1000 || !names.includes(e.name)) continue;
      out[e.name] = (out[e.name] ?? 0) + e.dur / 1000;
    }
    return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, Math.round(v * 10) / 10]));
  };
  const kinds = [
    'RunTask',
    'v8.compile',
    'v8.compileModule',
    'v8.evaluateModule',
    'EvaluateScript',
    'FunctionCall',
    'RunMicrotasks',
    'UpdateLayoutTree',
    'Layout',
    'Paint',
    'PrePaint',
    'ParseHTML',
    'ParseAuthorStyleSheet',
    'MinorGC',
    'MajorGC',
  ];
  console.log(`\nmain-thread time by kind (ms, nested kinds overlap) until the field (${probe.field?.toFixed(0)}):`, sum(probe.field, kinds));
  console.log(`until React mounted (${probe.mark?.toFixed(0)}):`, sum(probe.mark ?? probe.field, kinds));
  // Self time per function until the field, from the samples.
  {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));

    const self = new Map();
    const byFile = new Map();
    let t = profile.startTime;
    const fieldTs = t0 + (probe.field ?? 0) * 1000;
    for (let i = 0; i < profile.samples.length; i++) {
      t += profile.timeDeltas[i];
      if (t > fieldTs) break;
      const n = byId.get(profile.samples[i]);
      const cf = n.callFrame;
      if (cf.functionName === '(idle)' || cf.functionName === '(program)') continue;
      const dt = (profile.timeDeltas[i + 1] ?? 100) / 1000;
      const file = short(cf.url).replace(/^\/dist\//, '') || cf.functionName;
      const key = `${cf.functionName || '(anonymous)'} ${file}:${cf.lineNumber}:${cf.columnNumber}`;
      self.set(key, (self.get(key) ?? 0) + dt);
      byFile.set(file, (byFile.get(file) ?? 0) + dt);
    }

    console.log('\nJS self time until the field, by file (ms):');
    for (const [k, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${v.toFixed(1).padStart(7)}  ${k}`);
    // The callers of the heaviest functions (three frames up), to tell e.g. which append() it was.
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const stacks = new Map();
    t = profile.startTime;
    for (let i = 0; i < profile.samples.length; i++) {
      t += profile.timeDeltas[i];
      if (t > fieldTs) break;
      const chain = [];
      for (let id = profile.samples[i]; id !== undefined && chain.length < 5; id = parent.get(id)) {
        const cf = byId.get(id).callFrame;
        chain.push(`${cf.functionName || '(anon)'}@${cf.columnNumber}`);
      }
      if (chain[0].startsWith('(idle)') || chain[0].startsWith('(program)')) continue;
      const key = chain.join(' < ');
      stacks.set(key, (stacks.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 100) / 1000);
    }
    console.log('heaviest stacks:');
    for (const [k, v] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${v.toFixed(1).padStart(7)}  ${k}`);
    console.log('by function (top 30):');
    for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${v.toFixed(1).padStart(7)}  ${k}`);
  }
  if (process.env.TRACE_OUT) console.log(`\ntrace kept in ${tracePath}`);
  if (process.env.EVENTS_OUT)
    writeFileSync(process.env.EVENTS_OUT, JSON.stringify(onMain.filter((e) => e.ts < limit).map((e) => ({ ...e, t: (e.ts - t0) / 1000 }))));
} finally {
  await browser.close();
  await site.close();
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
}
