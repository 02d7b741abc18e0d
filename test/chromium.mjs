// The Chromium every browser test runs in: Debian's headless shell (`chromium-headless-shell`, the
// browser without its desktop layers; no browser download), with the sandbox, GPU and background
// network features off. Shared by web-test-runner.config.mjs and the Node-run end-to-end tests
// (test/e2e-harness.ts), which launch it through playwright-core. The full browser (`chromium`) ran
// the same tests for about twice the CPU: measured on react-internals/oauth/oauth.e2e.test.ts, 96 CPU s
// against 55, and it was the largest consumer of CPU in `npm test`. The mount benchmarks keep the full
// browser (FULL_CHROMIUM), which is what their recorded baselines were measured in.
import { existsSync } from 'node:fs';

/** Debian's full Chromium (the `chromium` package). */
export const FULL_CHROMIUM = '/usr/bin/chromium';
/** Debian's headless shell (the `chromium-headless-shell` package). */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** The browser the tests drive: CHROMIUM_PATH, else the headless shell, else the full browser. */
export const TEST_CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

/** playwright-core / web-test-runner launch options of the tests' browser. */
export const chromiumLaunchOptions = {
  executablePath: TEST_CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
