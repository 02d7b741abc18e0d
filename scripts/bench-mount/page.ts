/**
 * The page every mount bench opens (scripts/bench-mount.mjs, bench-mount-ab.mjs, bench-mount-trace.mjs):
 * a fresh browser context with the probe (probe.js) installed, the cache off, and issue 16's conditions.
 */
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/** Issue 16's CPU throttling: 4x slower. */
export const CPU_RATE = 4;
/** Issue 16's network: 10 Mbps both ways, 40 ms round trip. */
export const NETWORK = { offline: false, latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 10e6 / 8 };

const PROBE = fileURLToPath(new URL('probe.js', import.meta.url));

/** A probed page: `done` settles when the probe has seen both the field and React mounted. */
export interface ProbedPage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  done: Promise<void>;
}

/**
 * Opens a fresh context and page with the probe, the cache disabled and (unless `throttle` is false)
 * the CPU and network throttled. `expectMark`: the build sets the react-mounted mark; `focusField`:
 * the probe focuses the field once found and calls `onField`. Navigating is the caller's.
 */
export async function openProbedPage(
  browser: Browser,
  opts: { expectMark: boolean; focusField?: boolean; throttle?: boolean; onField?: () => void },
): Promise<ProbedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let signalDone: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    signalDone = resolve;
  });
  await context.exposeBinding('__benchMountDone', () => signalDone());
  if (opts.onField) await context.exposeBinding('__benchMountField', () => opts.onField?.());
  await context.addInitScript({
    content: `window.__benchMountOptions = ${JSON.stringify({ expectMark: opts.expectMark, focusField: opts.focusField ?? false })};`,
  });
  await context.addInitScript({ path: PROBE });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (opts.throttle !== false) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
  }
  return { context, page, cdp, done };
}
