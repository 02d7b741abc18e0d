// The Chromium every browser test runs in: Debian's (no browser download), headless, with the
// sandbox, GPU and background network features off. Shared by web-test-runner.config.mjs and the
// Node-run end-to-end tests (test/e2e-harness.ts), which launch it through playwright-core.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
