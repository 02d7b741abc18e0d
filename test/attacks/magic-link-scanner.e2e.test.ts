/**
 * Attack (issue 10, item 12): a mail scanner that runs JavaScript opened the emailed magic link
 * before the user did; the redirect page signed the scanner in and used up the link, and the user
 * then saw an error. Now:
 * - without PKCE (no verifier in the browser that opens the link), the demo's redirect page and
 *   `<auth-reset-password>` (stytch_token_type=login) ask for one click, naming the project, before
 *   they redeem: a page that is merely opened never calls magic_links/authenticate;
 * - with PKCE, the browser that requested the link signs in at once (no click), and any other
 *   browser gets a clear error without a call, so the link still works where it was requested
 *   (the server also refuses a redemption without the verifier, 400 pkce_mismatch, and does not
 *   consume the token).
 * Real Chromium over the built bundle and the demo pages, one reference server per project kind.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { type E2e, e2eHarness, root, screenIs, uniqueEmail, watchPages } from '../e2e-harness.ts';

const DEMO = { dir: join(root, 'demo/public') };
const PASSWORD = 'Lantern-Quiet-Orbit-4417';
const OTHER_BROWSER = 'This link only works in the browser where it was requested. Open it there, or request a new link in this browser.';

/** A call to the API as a host backend (or the widget) makes it, with the public token. */
async function api(e2e: E2e, path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const token = e2e.instance.publicToken;
  const r = await fetch(`${e2e.base}/sdk/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: e2e.base, authorization: `Basic ${btoa(`${token}:${token}`)}` },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

/** The token of a link. */
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** The `stytch_token_type=login` link of the newest reset email to `email`. */
async function loginLinkOf(e2e: E2e, email: string): Promise<string> {
  await e2e.latestLink(email);
  const text = (await e2e.messagesTo(email))[0]!.text;
  const link = text.match(/http\S+stytch_token_type=login&token=\S+/)?.[0];
  assert.ok(link, 'the reset email carries a login link');
  return link;
}

/** Records every magic_links/authenticate request the context's pages make. */
function redemptions(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('request', (r) => {
    if (r.url().endsWith('/sdk/v1/magic_links/authenticate')) seen.push(r.url());
  });
  return seen;
}

/** A fresh browser profile (no storage, no cookies), watched for CSP violations and page errors. */
async function freshBrowser(e2e: E2e) {
  const context = await e2e.browser.newContext();
  const watch = await watchPages(context);
  const calls = redemptions(context);
  const page = await context.newPage();
  return { context, page, watch, calls };
}

/** Opens a page the way a scanner does: load it, run its scripts, let the network settle, click nothing. */
async function openWithoutClicking(page: Page, link: string, shown: string): Promise<void> {
  await page.goto(link);
  await page.getByText(shown).first().waitFor();
  await page.waitForLoadState('networkidle');
}

const signedInCookie = async (context: BrowserContext) => (await context.cookies()).some((c) => c.name === 'stytch_session');

describe('attack: a mail scanner opens the magic link first, in a project without PKCE', () => {
  const e2e = e2eHarness({
    name: 'scanner-no-pkce',
    page: DEMO,
    app: { bootstrap: { pkce_required_for_email_magic_links: false, pkce_required_for_password_resets: false }, logger: () => undefined },
  });

  it('the demo redirect page opened by a scanner never redeems the link; the user then clicks once and is signed in', async () => {
    const email = uniqueEmail('scanned');
    const sent = await api(e2e, '/magic_links/email/login_or_create', {
      email,
      login_magic_link_url: `${e2e.base}/authenticate.html`,
      signup_magic_link_url: `${e2e.base}/authenticate.html`,
    });
    assert.equal(sent.status, 200);
    const link = await e2e.latestLink(email);

    const scanner = await freshBrowser(e2e);
    await openWithoutClicking(scanner.page, link, 'Continue signing in');
    assert.equal(
      await scanner.page.locator('#confirm-text').textContent(),
      `This finishes signing in to ${e2e.instance.project.project_name} in this browser.`,
    );
    assert.equal(new URL(scanner.page.url()).searchParams.get('token'), null, 'the token left the address bar');
    assert.deepEqual(scanner.calls, [], 'no magic_links/authenticate without the click');
    assert.equal(await signedInCookie(scanner.context), false);
    assert.deepEqual([...scanner.watch.cspViolations, ...scanner.watch.pageErrors], []);
    await scanner.context.close();

    const user = await freshBrowser(e2e);
    await openWithoutClicking(user.page, link, 'Continue signing in');
    assert.deepEqual(user.calls, []);
    await user.page.getByRole('button', { name: 'Continue signing in' }).click();
    await user.page.locator('#signed-in').waitFor({ state: 'visible' });
    assert.equal(await user.page.locator('#user-email').textContent(), email);
    assert.equal(user.calls.length, 1);
    assert.deepEqual([...user.watch.cspViolations, ...user.watch.pageErrors], []);
    await user.context.close();
  });

  it('<auth-reset-password> with a stytch_token_type=login link asks for the click too, then signs in', async () => {
    const email = uniqueEmail('scanned-reset');
    assert.equal((await api(e2e, '/passwords', { email, password: PASSWORD })).status, 200);
    const started = await api(e2e, '/passwords/email/reset/start', {
      email,
      reset_password_redirect_url: `${e2e.base}/reset.html`,
      login_redirect_url: `${e2e.base}/reset.html`,
    });
    assert.equal(started.status, 200);
    const link = await loginLinkOf(e2e, email);

    for (const dom of ['shadow', 'light']) {
      const opened = dom === 'light' ? `${link}&dom=light` : link;
      const scanner = await freshBrowser(e2e);
      await openWithoutClicking(scanner.page, opened, 'Continue signing in');
      const widget = scanner.page.locator('auth-reset-password');
      await widget.getByRole('heading', { name: 'Finish signing in' }).waitFor();
      await widget.getByText(`This finishes signing in to ${e2e.instance.project.project_name} in this browser.`).waitFor();
      assert.equal(new URL(scanner.page.url()).searchParams.get('token'), null, 'the token left the address bar');
      assert.deepEqual(scanner.calls, [], `${dom} DOM: no magic_links/authenticate without the click`);
      assert.deepEqual([...scanner.watch.cspViolations, ...scanner.watch.pageErrors], []);
      await scanner.context.close();
    }

    const user = await freshBrowser(e2e);
    await openWithoutClicking(user.page, link, 'Continue signing in');
    await user.page.locator('auth-reset-password').getByRole('button', { name: 'Continue signing in' }).click();
    await screenIs(user.page, 'PasswordConfirmation', 'auth-reset-password');
    assert.equal(user.calls.length, 1);
    assert.ok(await signedInCookie(user.context), 'session cookie written');
    assert.match(await user.page.locator('#event-log').innerText(), /PASSWORD_RESET_LOGIN/);
    await user.context.close();
  });
});

describe('attack: a mail scanner opens the magic link first, in a project that requires PKCE', () => {
  const e2e = e2eHarness({
    name: 'scanner-pkce',
    page: DEMO,
    app: { bootstrap: { pkce_required_for_email_magic_links: true, pkce_required_for_password_resets: true }, logger: () => undefined },
  });

  /** The visitor asks for a magic link through the demo's widget: the PKCE verifier stays in this browser. */
  async function requestLink(page: Page, email: string): Promise<string> {
    await page.goto(`${e2e.base}/?methods=magic-link`);
    await page.locator('auth-login input[type="email"]').fill(email);
    await page.locator('auth-login').getByRole('button', { name: 'Continue with email' }).click();
    await page.locator('auth-login').getByText('Check your email').waitFor();
    return e2e.latestLink(email);
  }

  it('the link opened in the browser that requested it signs in at once, without a click', async () => {
    const user = await freshBrowser(e2e);
    const email = uniqueEmail('pkce-same-browser');
    const link = await requestLink(user.page, email);
    await user.page.goto(link);
    await user.page.locator('#signed-in').waitFor({ state: 'visible' });
    assert.equal(await user.page.locator('#user-email').textContent(), email);
    assert.equal(user.calls.length, 1);
    assert.deepEqual([...user.watch.cspViolations, ...user.watch.pageErrors], []);
    await user.context.close();
  });

  it('opened in a fresh browser (no verifier): a clear error, no call, and the link still works where it was requested', async () => {
    const user = await freshBrowser(e2e);
    const email = uniqueEmail('pkce-scanned');
    const link = await requestLink(user.page, email);

    const scanner = await freshBrowser(e2e);
    await openWithoutClicking(scanner.page, link, OTHER_BROWSER);
    assert.equal(await scanner.page.getByRole('button', { name: 'Continue signing in' }).isVisible(), false);
    assert.deepEqual(scanner.calls, [], 'nothing sent from a browser without the verifier');
    assert.equal(await signedInCookie(scanner.context), false);
    assert.deepEqual([...scanner.watch.cspViolations, ...scanner.watch.pageErrors], []);
    await scanner.context.close();

    // A scanner that calls the API itself, without the verifier, is refused and does not use the link up.
    const direct = await api(e2e, '/magic_links/authenticate', { token: tokenOf(link), session_duration_minutes: 60 });
    assert.equal(direct.status, 400);
    assert.equal(direct.json.error_type, 'pkce_mismatch');

    await user.page.goto(link);
    await user.page.locator('#signed-in').waitFor({ state: 'visible' });
    assert.equal(await user.page.locator('#user-email').textContent(), email);
    await user.context.close();
  });

  it('<auth-reset-password> login link: at once in the browser that asked for the reset, a clear error elsewhere', async () => {
    const email = uniqueEmail('pkce-reset');
    assert.equal((await api(e2e, '/passwords', { email, password: PASSWORD })).status, 200);
    const user = await freshBrowser(e2e);
    await user.page.goto(`${e2e.base}/reset.html`);
    // The reset email is requested from this browser through the SDK, as 'Forgot password?' does,
    // with the project's PKCE challenge; the login link lands on the reset page.
    await user.page.evaluate(
      async ({ token, email, page, bundle }) => {
        const { createClient } = (await import(bundle)) as typeof import('../../src/index.ts');
        const client = createClient(token, { apiBaseUrl: location.origin, disableSessionRefresh: true });
        await client.passwords.resetByEmailStart({ email, reset_password_redirect_url: page, login_redirect_url: page });
        client.destroy();
      },
      { token: e2e.instance.publicToken, email, page: `${e2e.base}/reset.html`, bundle: '/dist/index.js' },
    );
    const link = await loginLinkOf(e2e, email);

    const scanner = await freshBrowser(e2e);
    await openWithoutClicking(scanner.page, link, OTHER_BROWSER);
    assert.deepEqual(scanner.calls, [], 'nothing sent from a browser without the verifier');
    assert.equal(await scanner.page.locator('auth-reset-password').getByRole('button', { name: 'Continue signing in' }).count(), 0);
    assert.deepEqual([...scanner.watch.cspViolations, ...scanner.watch.pageErrors], []);
    await scanner.context.close();

    await user.page.goto(link);
    await screenIs(user.page, 'PasswordConfirmation', 'auth-reset-password');
    assert.equal(user.calls.length, 1, 'signed in at once, one call');
    assert.ok(await signedInCookie(user.context));
    assert.deepEqual([...user.watch.cspViolations, ...user.watch.pageErrors], []);
    await user.context.close();
  });
});
