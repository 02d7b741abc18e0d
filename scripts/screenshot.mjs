#!/usr/bin/env node
// Regenerates docs/login.png (README): the demo's <auth-login> on its main screen and on the
// passcode screen; and the README's "Languages" pictures: French, German and Arabic (right to left),
// each on the passcode screen (docs/login-fr.png, docs/login-de.png, docs/login-ar.png). Needs dist/ (npm run build). Usage: node --import tsx scripts/screenshot.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../server/start.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'auth-elements-shot-'));
const server = await startServer({
  port: 0,
  dataDir,
  staticDirs: [
    { urlPrefix: '/dist/', dir: 'dist' },
    { urlPrefix: '/', dir: 'demo/public' },
  ],
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: 480, height: 520 }, deviceScaleFactor: 1 });
  await page.goto(`${server.url}/`);
  const login = page.locator('auth-login');
  await login.locator('input[type="email"]').waitFor();
  await login.screenshot({ path: 'docs/login.png' });
  await login.locator('input[type="email"]').fill('ada@example.com');
  await page.keyboard.press('Enter');
  await login.locator('input[autocomplete="one-time-code"]').waitFor();
  await login.screenshot({ path: 'docs/login-passcode.png' });
  console.log('wrote docs/login.png and docs/login-passcode.png');
  for (const lang of ['fr', 'de', 'ar']) {
    await page.goto(`${server.url}/?lang=${lang}`);
    const widget = page.locator('auth-login');
    await widget.locator(`.ae-root[lang="${lang}"] input[type="email"]`).waitFor();
    await widget.locator('input[type="email"]').fill(`${lang}@example.com`);
    await page.keyboard.press('Enter');
    await widget.locator('input[autocomplete="one-time-code"]').waitFor();
    await widget.screenshot({ path: `docs/login-${lang}.png` });
    console.log(`wrote docs/login-${lang}.png`);
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
