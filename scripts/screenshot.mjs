#!/usr/bin/env node
// Regenerates the README's pictures: the demo's <auth-login> on its main screen and on the
// passcode screen, each theme of the theming gallery (demo/public/themes.html), 320 px wide, and
// the "Languages" pictures: French, German and Arabic (right to left) on the passcode screen, and the
// OAuth row at 320 px (French; dark theme), and the demo's account page (<auth-user-profile>). Needs dist/
// (npm run build). Usage: node --import tsx scripts/screenshot.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { darkTheme } from '../react-internals/theme.ts';
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
  // The theming gallery (README "Theming"): each theme's widget, and the default at 320 px.
  const gallery = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  await gallery.goto(`${server.url}/themes.html`);
  for (const id of ['default', 'dark', 'brand']) {
    const figure = gallery.locator(`#${id}`);
    await figure.locator('auth-login input[type="email"]').waitFor();
    await figure.screenshot({ path: `docs/theme-${id}.png` });
  }
  const narrow = await browser.newPage({ viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 });
  await narrow.goto(`${server.url}/?methods=phone`);
  await narrow.locator('auth-login input[type="tel"]').waitFor();
  await narrow.locator('auth-login').screenshot({ path: 'docs/login-320.png' });
  // The OAuth row at 320 px: French (the longest labels), and the dark theme (its dark brand marks).
  await narrow.goto(`${server.url}/?methods=oauth&lang=fr`);
  await narrow.locator('auth-login .ae-root[lang="fr"] .ae-oauth-button').first().waitFor();
  await narrow.locator('auth-login').screenshot({ path: 'docs/login-oauth-fr-320.png' });
  await narrow.goto(`${server.url}/?methods=oauth`);
  await narrow.locator('auth-login .ae-oauth-button').first().waitFor();
  await narrow.evaluate((styles) => {
    const el = document.querySelector('auth-login');
    el.styles = styles;
    document.body.style.background = '#0B151B';
  }, darkTheme);
  await narrow.locator('auth-login .ae-oauth-button').first().waitFor();
  await narrow.locator('auth-login').screenshot({ path: 'docs/login-oauth-dark-320.png' });
  console.log('wrote docs/login-oauth-fr-320.png, docs/login-oauth-dark-320.png');
  console.log('wrote docs/login.png, docs/login-passcode.png, docs/theme-{default,dark,brand}.png, docs/login-320.png');
  // <auth-user-profile> (README "<auth-user-profile>"): the demo's account page, signed in by passcode.
  const account = await browser.newPage({ viewport: { width: 720, height: 900 }, deviceScaleFactor: 1 });
  await account.goto(`${server.url}/account.html`);
  await account.locator('auth-login input[type="email"]').fill('ada.lovelace@example.com');
  await account.keyboard.press('Enter');
  const code = account.locator('auth-login input[autocomplete="one-time-code"]');
  await code.waitFor();
  let passcode = '';
  while (!passcode) {
    const inbox = await (await fetch(`${server.url}/dev/inbox.json?to=ada.lovelace%40example.com`)).json();
    passcode = inbox.messages[0]?.code ?? '';
    if (!passcode) await new Promise((r) => setTimeout(r, 100));
  }
  await code.fill(passcode);
  const profile = account.locator('auth-user-profile');
  await profile.locator('[data-section="sessions"] [data-session]').first().waitFor();
  await profile.screenshot({ path: 'docs/profile.png' });
  console.log('wrote docs/profile.png');
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
