#!/usr/bin/env node
// Regenerates docs/admin.png, the README's picture of the admin console (issue 31): a server of its own
// (SQLite in a temp folder) with a few users signed in by password through /v1 (and a few wrong
// passwords, so the failures chart has something), an operator granted the admin role, signed in by
// email passcode from the dev inbox, on the overview. Needs dist/admin (node scripts/build.mjs).
// Usage: node --import tsx scripts/screenshot-admin.ts
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../server/start.ts';
import { chromiumLaunchOptions } from '../test/chromium.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'auth-elements-admin-shot-'));
const server = await startServer({ port: 0, dataDir, staticDirs: [] });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const dev = (await (await fetch(`${server.url}/dev/project.json`)).json()) as { project_id: string; secret: string };
  const auth = `Basic ${Buffer.from(`${dev.project_id}:${dev.secret}`).toString('base64')}`;
  const v1 = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  for (let i = 0; i < 6; i++) {
    const email = `user${i}@example.com`;
    await v1('/v1/passwords', { email, password: `correct horse battery ${i} staple`, session_duration_minutes: 60 });
    if (i % 2 === 0) await v1('/v1/passwords/authenticate', { email, password: 'wrong password', session_duration_minutes: 60 });
  }
  const operator = 'ops@example.com';
  // The README's way: the CLI beside the server, on its database.
  const grant = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'admin', 'grant', operator], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (grant.status !== 0) throw new Error(`admin grant failed: ${grant.stderr}`);
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 }, deviceScaleFactor: 1 });
  await page.goto(`${server.url}/admin`);
  await page.locator('auth-login input[type="email"]').fill(operator);
  await page.keyboard.press('Enter');
  const otp = page.locator('auth-login input[autocomplete="one-time-code"]');
  await otp.waitFor();
  const inbox = (await (await fetch(`${server.url}/dev/inbox.json?to=${encodeURIComponent(operator)}`)).json()) as { messages: { code?: string }[] };
  await otp.pressSequentially(inbox.messages[0]?.code ?? '');
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  await page.locator('canvas').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: 'docs/admin.png' });
  console.log('wrote docs/admin.png');
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
