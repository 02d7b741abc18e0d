// Browser tests: real Debian Chromium (no browser download), React served as ESM, TS/TSX through
// esbuild, and the real reference server started for the run.
import { defaultReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromiumLaunchOptions } from './test/chromium.mjs';
import { countReporter } from './test/wtr-count-reporter.mjs';
import { emulationPlugin } from './test/wtr-emulation.mjs';
import { reactEsmPlugin } from './test/wtr-react-esm.mjs';
import { referenceServerPlugin } from './test/wtr-reference-server.mjs';
import { screenshotPlugin } from './test/wtr-screenshot.mjs';
import { webauthnPlugin } from './test/wtr-webauthn.mjs';
import { widgetNodeTests } from './scripts/test-files.mjs';

export default {
  // demo/ holds Node-run tests only; *.e2e.test.ts files drive Chromium from Node (playwright-core);
  // widget tests of pure logic import node:test and run in Node (scripts/test.mjs).
  files: [
    '{src,elements,react-internals}/**/*.test.{ts,tsx}',
    'sdk-core/**/*.browser.test.ts',
    'test/**/*.browser.test.ts',
    '!**/*.e2e.test.ts',
    ...widgetNodeTests().map((f) => `!${f}`),
  ],
  nodeResolve: { exportConditions: ['browser'] },
  // One page at a time: the tests share one server and two cores.
  concurrency: 1,
  plugins: [
    referenceServerPlugin(),
    webauthnPlugin(), // test-only: CDP virtual authenticator for passkey ceremonies
    emulationPlugin(), // test-only: forced-colors emulation over CDP
    screenshotPlugin(), // test-only: page screenshots for pixel comparisons
    reactEsmPlugin(),
    esbuildPlugin({ ts: true, tsx: true, jsx: 'automatic', tsconfig: './tsconfig.json', target: 'auto' }),
  ],
  browsers: [chromeLauncher({ launchOptions: chromiumLaunchOptions })],
  reporters: [defaultReporter(), countReporter()],
  // A test's bound, not its expected time: its waits end when the state is there; a loaded machine
  // (npm run test:stress runs these beside a CPU hog) only makes them wait longer.
  testFramework: { config: { timeout: 60_000 } },
  // test/wtr-setup.js first: it keeps a failing assertion on DOM nodes reportable (see the file).
  testRunnerHtml: (testFramework) =>
    `<html><body><script type="module" src="/test/wtr-setup.js"></script><script type="module" src="${testFramework}"></script></body></html>`,
  // The whole browser suite takes about 5 min on two cores; the limit only catches a hung run.
  testsFinishTimeout: 1200000,
};
