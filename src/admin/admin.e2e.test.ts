/**
 * The admin console (issue 31) in real Chromium against the real server (test/e2e-harness.ts): `/admin`
 * served with its headers (CSP, no framing), an operator granted the admin role (the CLI's `admin grant`)
 * signs in by email passcode, finds a user, revokes their session (their next call fails), grants a role,
 * rotates the signing key (an old JWT still verifies), creates a secret (it works against /v1), replays a
 * webhook delivery (the receiver gets it again); a signed-in user without the role sees "no access" and
 * every /v1 call fails; a session that ends returns to the sign-in; axe clean in light and dark; the users
 * search by keyboard alone; usable at 320 px. No CSP violation, no page error.
 * Needs the built console (dist/admin/: node scripts/build.mjs).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { adminCommand } from '../../server/admin/cli.ts';
import { type Receiver, startReceiver } from '../../server/webhooks/test-receiver.ts';
import { axeViolations, e2eHarness, type PageWatch, uniqueEmail, watchPages } from '../../test/e2e-harness.ts';

const e2e = e2eHarness({
  name: 'admin',
  page: '<!doctype html><html lang="en"><head><title>Host</title></head><body><main><h1>Host</h1></main></body></html>',
  // A policy with one role the operator can give.
  app: { bootstrap: { rbac_policy: { roles: [{ role_id: 'support', description: 'Support desk', permissions: [] }], resources: [], scopes: [] } } },
});

type Json = Record<string, unknown>;

/** The dev project's ids and secret (a test project's /dev/project.json). */
let project: { project_id: string; secret: string };

/** A /v1 call with the project secret (what a host's backend does). */
async function v1(method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const resp = await fetch(`${e2e.base}${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${project.project_id}:${project.secret}`).toString('base64')}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: resp.status, json: (await resp.json()) as Json };
}

/** A /v1 call with a session as Bearer, from the server's own origin (as the console makes it). */
async function asSession(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const resp = await fetch(`${e2e.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, origin: e2e.base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: resp.status, json: (await resp.json()) as Json };
}

/** `auth-elements-server admin grant <email>` on the test server's database. */
async function grantAdmin(email: string): Promise<void> {
  const out: string[] = [];
  await adminCommand(
    e2e.instance.services.db,
    'grant',
    email,
    { project: e2e.instance.project.project_id },
    { out: (s) => out.push(s), err: (s) => out.push(s), now: () => Date.now() },
    {},
    'e2e',
  );
}

/** Opens /admin in a new context (light or dark), watching CSP violations and page errors. */
async function openConsole(opts: { dark?: boolean; width?: number } = {}): Promise<{ context: BrowserContext; page: Page; watch: PageWatch }> {
  const context = await e2e.browser.newContext({
    colorScheme: opts.dark ? 'dark' : 'light',
    viewport: { width: opts.width ?? 1200, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const watch = await watchPages(context);
  const page = await context.newPage();
  await page.goto(`${e2e.base}/admin`);
  return { context, page, watch };
}

/** Signs in on the console's `<auth-login>` by email passcode from the dev inbox. */
async function signIn(page: Page, email: string): Promise<void> {
  await page.locator('auth-login input[type="email"]').fill(email);
  await page.keyboard.press('Enter');
  const otp = page.locator('auth-login input[autocomplete="one-time-code"]');
  await otp.waitFor();
  await otp.pressSequentially(await e2e.latestCode(email));
}

/** The session token of the context's signed-in page (the kit's session cookie). */
async function sessionToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'stytch_session');
  assert.ok(cookie, 'a session cookie');
  return cookie.value;
}

/** The page's h1 once it reads `name`, and that it has focus (focus moves to the heading on navigation). */
async function heading(page: Page, name: string | RegExp): Promise<void> {
  const h1 = page.getByRole('heading', { level: 1, name });
  await h1.waitFor();
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
}

/** A user signed in elsewhere (their own console tab: no admin role), with their session token. */
async function signedInUser(email: string): Promise<{ context: BrowserContext; page: Page; token: string; userId: string }> {
  const { context, page } = await openConsole();
  await signIn(page, email);
  await heading(page, "You don't have access to the console");
  const token = await sessionToken(context);
  const found = await v1('POST', '/v1/users/search', { query: { operator: 'AND', operands: [{ filter_name: 'email_address', filter_value: [email] }] } });
  const userId = String((found.json['results'] as Json[])[0]?.['user_id']);
  return { context, page, token, userId };
}

let rx: Receiver;

describe('admin console', () => {
  before(async () => {
    project = (await (await fetch(`${e2e.base}/dev/project.json`)).json()) as typeof project;
    rx = await startReceiver();
  });
  after(async () => {
    if (rx) await rx.close();
  });

  it('is served with a strict CSP and cannot be framed', async () => {
    for (const path of ['/admin', '/admin/users/x']) {
      const resp = await fetch(`${e2e.base}${path}`);
      assert.equal(resp.status, 200, path);
      const csp = resp.headers.get('content-security-policy') ?? '';
      assert.match(csp, /frame-ancestors 'none'/);
      assert.match(csp, /script-src 'self'(;|$)/);
      assert.match(csp, /style-src 'self'(;|$)/);
      assert.equal(resp.headers.get('x-frame-options'), 'DENY');
      assert.equal(resp.headers.get('cache-control'), 'no-store');
      assert.match(await resp.text(), /<script type="module" src="\/admin\/admin\.js"><\/script>/);
    }
    // The console's config names the project's public token, and nothing secret.
    const config = await fetch(`${e2e.base}/admin/config.json`);
    assert.equal(config.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await config.json(), { public_token: e2e.instance.publicToken });
    // A page of another origin framing the console gets nothing drawn (the browser refuses the frame).
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors|Refused to display/i.test(m.text())) blocked.push(m.text());
    });
    await page.setContent(`<iframe src="${e2e.base}/admin" title="console"></iframe>`);
    await page.waitForFunction(() => true);
    await assertEventually(() => blocked.length > 0, 'the frame was refused');
    await context.close();
  });

  it('a signed-in user without the admin role sees "no access", and every /v1 call fails', async () => {
    const email = uniqueEmail('not-admin');
    const requested: string[] = [];
    const { context, page, watch } = await openConsole();
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    // Loaded again with the listener in place, so the page's first requests are seen too.
    await page.reload();
    await heading(page, 'Sign in to the admin console');
    await signIn(page, email);
    await heading(page, "You don't have access to the console");
    assert.equal(await page.locator('nav').count(), 0, 'no console navigation');
    assert.ok(requested.includes('/admin/config.json'), 'the project named by the console config');
    assert.deepEqual(
      requested.filter((p) => p.startsWith('/dev/')),
      [],
      'the console never fetches the dev project file (it holds a secret)',
    );
    const token = await sessionToken(context);
    for (const [method, path] of [
      ['POST', '/v1/users/search'],
      ['GET', `/v1/sessions?user_id=x`],
      ['GET', '/v1/audit_logs'],
      ['GET', '/v1/webhooks'],
    ] as const) {
      const r = await asSession(token, method, path, method === 'POST' ? {} : undefined);
      assert.equal(r.status, 403, `${method} ${path}`);
      assert.equal(r.json['error_type'], 'admin_role_required');
    }
    assert.deepEqual(await axeViolations(page), []);
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await heading(page, 'Sign in to the admin console');
    assert.deepEqual(watch.cspViolations, []);
    assert.deepEqual(watch.pageErrors, []);
    await context.close();
  });

  it('an operator finds a user, revokes their session, grants a role, and the session ending returns to sign-in', async () => {
    const target = await signedInUser(uniqueEmail('target'));
    const opEmail = uniqueEmail('operator');
    await grantAdmin(opEmail);
    const { context, page, watch } = await openConsole();
    await signIn(page, opEmail);
    await heading(page, 'Overview');

    // Users, by keyboard alone: the skip link, the nav, the search form, the result.
    await page.getByRole('link', { name: 'Users' }).click();
    await heading(page, 'Users');
    await tabTo(page, page.getByLabel('Search by email, phone, user id or name'));
    await page.keyboard.type(target.userId);
    await page.keyboard.press('Enter');
    const link = page.getByRole('link', { name: target.userId });
    await link.waitFor();
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await heading(page, /^User /);

    // Revoke the target's session: their next call fails (401, not 403).
    const beforeRevoke = await asSession(target.token, 'POST', '/v1/users/search', {});
    assert.equal(beforeRevoke.status, 403);
    const sessions = page.getByRole('region', { name: 'Sessions' });
    await sessions
      .getByRole('button', { name: /^Revoke this session/ })
      .first()
      .click();
    await sessions.getByText('No active session.').waitFor();
    const afterRevoke = await asSession(target.token, 'POST', '/v1/users/search', {});
    assert.equal(afterRevoke.status, 401);
    await target.page.reload();
    await target.page.getByRole('heading', { level: 1, name: 'Sign in to the admin console' }).waitFor();
    await target.context.close();

    // Grant a role.
    const roles = page.getByRole('region', { name: 'Roles' });
    await roles.getByLabel('Role').selectOption('support');
    await roles.getByRole('button', { name: 'Grant role' }).click();
    await roles.getByRole('button', { name: 'Remove role support' }).waitFor();
    const given = await v1('GET', `/v1/users/${target.userId}/roles`);
    assert.deepEqual(given.json['given_roles'], ['support']);

    // Metadata: a parse error is shown inline, naming the field.
    const meta = page.getByRole('region', { name: 'Metadata' });
    await meta.getByLabel('Trusted metadata (JSON)', { exact: true }).fill('{ "plan": ');
    await meta.getByRole('button', { name: 'Save metadata' }).click();
    await meta.getByText(/^trusted_metadata: not valid JSON/).waitFor();

    // The operator's session ends (revoked from the backend): the next call returns to the sign-in.
    const mine = await sessionToken(context);
    assert.equal((await v1('POST', '/v1/sessions/revoke', { session_token: mine })).status, 200);
    await page.getByRole('link', { name: 'Audit log' }).click();
    await heading(page, 'Sign in to the admin console');
    await page.getByText('Your session ended. Sign in again to continue.').waitFor();
    assert.deepEqual(watch.cspViolations, []);
    assert.deepEqual(watch.pageErrors, []);
    await context.close();
  });

  it('an operator rotates the signing key (an old JWT still verifies), creates a secret that works, replays a webhook delivery', async () => {
    const opEmail = uniqueEmail('keys-operator');
    await grantAdmin(opEmail);
    const { context, page, watch } = await openConsole();
    await signIn(page, opEmail);
    await heading(page, 'Overview');
    const oldJwt = (await context.cookies()).find((c) => c.name === 'stytch_session_jwt')?.value ?? '';
    assert.ok(oldJwt, 'a session JWT');

    await page.getByRole('link', { name: 'Keys and clients' }).click();
    await heading(page, 'Keys and clients');
    const signing = page.getByRole('region', { name: 'Signing keys' });
    const keysBefore = await signing.locator('tbody tr').count();
    await signing.getByRole('button', { name: 'Rotate the signing key' }).click();
    await signing.getByRole('button', { name: 'Confirm' }).click();
    await assertEventually(async () => (await signing.locator('tbody tr').count()) > keysBefore, 'a new key listed');
    // The old JWT still verifies: /v1/sessions/authenticate takes it.
    const verified = await v1('POST', '/v1/sessions/authenticate', { session_jwt: oldJwt });
    assert.equal(verified.status, 200, JSON.stringify(verified.json));

    // A secret: shown once, and it opens /v1.
    const secrets = page.getByRole('region', { name: 'Project secrets' });
    await secrets.getByRole('button', { name: 'Create a secret' }).click();
    const shown = secrets.locator('output[data-secret]');
    await shown.waitFor();
    const secret = (await shown.textContent()) ?? '';
    const withNew = await fetch(`${e2e.base}/v1/users/search`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${project.project_id}:${secret}`).toString('base64')}`, 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(withNew.status, 200);

    // A webhook delivery replayed from the console reaches the receiver again.
    const hook = await v1('POST', '/v1/webhooks', { url: rx.url });
    assert.equal(hook.status, 200, JSON.stringify(hook.json));
    const webhookId = String((hook.json['webhook'] as Json)['webhook_id']);
    assert.equal((await v1('POST', '/v1/users', { email: uniqueEmail('event-maker') })).status, 200);
    await assertEventually(() => rx.received.length > 0, 'a first delivery');
    const firstId = rx.received[0]?.headers['webhook-id'];
    const count = rx.received.length;
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await heading(page, 'Webhooks');
    await page.getByRole('button', { name: 'Deliveries' }).click();
    const deliveries = page.getByRole('region', { name: `Deliveries of ${webhookId}` });
    await deliveries
      .getByRole('button', { name: /^Replay / })
      .first()
      .click();
    await page.getByText('Delivery queued again.').waitFor();
    await assertEventually(() => rx.received.length > count, 'the replayed delivery');
    await assertEventually(() => rx.received.slice(count).some((r) => r.headers['webhook-id'] === firstId), 'the same event again');
    assert.deepEqual(watch.cspViolations, []);
    assert.deepEqual(watch.pageErrors, []);
    await context.close();
  });

  it('an operator edits the project settings through a diff, previews a template, suspends, impersonates and deletes a user', async () => {
    const targetEmail = uniqueEmail('lifecycle');
    const created = await v1('POST', '/v1/users', { email: targetEmail });
    const userId = String(created.json['user_id']);
    const opEmail = uniqueEmail('settings-operator');
    await grantAdmin(opEmail);
    const { context, page, watch } = await openConsole();
    await signIn(page, opEmail);
    await heading(page, 'Overview');

    // Settings: a bad origin is refused by the server, the message shown at the field it names.
    await page.getByRole('link', { name: 'Project settings' }).click();
    await heading(page, 'Project settings');
    const origins = page.getByLabel('Allowed origins (one per line)');
    const before = (await origins.inputValue()).trim();
    await origins.fill(`${before}\nnot an origin`.trim());
    await page.getByRole('button', { name: 'Review changes' }).click();
    const diff = page.getByRole('region', { name: 'Changes to save' });
    await diff.getByRole('rowheader', { name: 'Allowed origins (one per line)' }).waitFor();
    await diff.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /allowed_origins/ })
      .first()
      .waitFor();
    assert.equal(await origins.getAttribute('aria-invalid'), 'true');
    // Then a good one: saved, and the server has it.
    await origins.fill(`${before}\nhttps://console-e2e.example.com`.trim());
    await page.getByRole('button', { name: 'Review changes' }).click();
    await diff.getByRole('cell', { name: /console-e2e\.example\.com/ }).waitFor();
    await diff.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const settings = (await v1('GET', '/v1/project')).json['settings'] as Json;
    assert.ok((settings['allowed_origins'] as string[]).includes('https://console-e2e.example.com'));
    assert.deepEqual(await axeViolations(page), [], 'settings');

    // Templates: the preview is a sandboxed srcdoc frame (no script can run in it).
    await page.getByRole('link', { name: 'Message templates' }).click();
    await heading(page, 'Message templates');
    const frame = page.locator('iframe[title="Rendered message preview"]');
    await frame.waitFor();
    assert.equal(await frame.getAttribute('sandbox'), '');
    assert.ok(((await frame.getAttribute('srcdoc')) ?? '').length > 0);
    await page.getByText(/^Subject: /).waitFor();
    assert.deepEqual(await axeViolations(page), [], 'templates');

    // The user: suspend and restore, impersonate, delete with a typed confirmation.
    await page.goto(`${e2e.base}/admin#/users/${encodeURIComponent(userId)}`);
    await heading(page, /^User /);
    const status = page.getByRole('region', { name: 'Status' });
    await status.getByRole('button', { name: 'Suspend' }).click();
    await status.getByRole('button', { name: 'Confirm' }).click();
    await page.locator('[data-status="suspended"]').waitFor();
    assert.equal((await v1('GET', `/v1/users/${userId}`)).json['status'], 'suspended');
    await status.getByRole('button', { name: 'Restore' }).click();
    await page.locator('[data-status="active"]').waitFor();

    const imp = page.getByRole('region', { name: 'Impersonate' });
    await imp.getByLabel('Reason (written to the audit log)').fill('support ticket 42');
    await imp.getByRole('button', { name: 'Create a one-time link' }).click();
    const shown = imp.locator('output[data-secret]');
    await shown.waitFor();
    assert.ok(((await shown.textContent()) ?? '').length > 10);
    assert.deepEqual(await axeViolations(page), [], 'user page');

    const del = page.getByRole('region', { name: 'Delete the user' });
    const button = del.getByRole('button', { name: 'Delete permanently' });
    assert.equal(await button.isDisabled(), true, 'not before the address is typed');
    await del.getByLabel(`Type ${targetEmail} to confirm`).fill(targetEmail);
    await button.click();
    await heading(page, 'The user was deleted.');
    assert.equal((await v1('GET', `/v1/users/${userId}`)).status, 404);

    // The audit log, filtered by the target: the console's actions name the admin as actor.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await heading(page, 'Audit log');
    await page.getByLabel('Target').fill(userId);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.locator('tbody tr').filter({ hasText: userId }).first().waitFor();
    // The user was created with the project secret (its row names the secret); the console's changes name the admin.
    const actors = await page.locator('tbody tr td:nth-child(3)').allTextContents();
    assert.ok(actors.filter((a) => /^admin user-/.test(a)).length >= 3, `suspend, restore, delete by the admin: ${actors.join(', ')}`);
    assert.deepEqual(
      actors.filter((a) => !/^admin user-/.test(a)),
      ['backend_secret dev'],
    );
    assert.deepEqual(watch.cspViolations, []);
    assert.deepEqual(watch.pageErrors, []);
    await context.close();
  });

  it('is axe clean in light and dark, and usable at 320 px', async () => {
    const opEmail = uniqueEmail('a11y-operator');
    await grantAdmin(opEmail);
    for (const dark of [false, true]) {
      const { context, page, watch } = await openConsole({ dark, width: dark ? 320 : 1200 });
      await heading(page, 'Sign in to the admin console');
      assert.deepEqual(await axeViolations(page), [], `sign-in ${dark ? 'dark' : 'light'}`);
      await signIn(page, opEmail);
      await heading(page, 'Overview');
      for (const [link, title] of [
        ['Users', 'Users'],
        ['Keys and clients', 'Keys and clients'],
        ['Audit log', 'Audit log'],
        ['Overview', 'Overview'],
      ] as const) {
        await page.getByRole('link', { name: link }).click();
        await heading(page, title);
        await page.waitForLoadState('networkidle');
        assert.deepEqual(await axeViolations(page), [], `${title} ${dark ? 'dark' : 'light'}`);
        if (dark) {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          assert.ok(overflow <= 0, `${title}: no horizontal scroll at 320 px (${overflow} px)`);
        }
      }
      assert.deepEqual(watch.cspViolations, []);
      assert.deepEqual(watch.pageErrors, []);
      await context.close();
    }
  });
});

/** Presses Tab until `target` has focus (at most 40 presses): the way a keyboard user gets there. */
async function tabTo(page: Page, target: import('playwright-core').Locator): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail('Tab never reached the target');
}

/** Waits until `check` holds (a state the user would see), up to 30 s. */
async function assertEventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 30_000;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`timed out waiting for: ${what}`);
}
