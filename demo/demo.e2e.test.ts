/**
 * The demo as a visitor uses it, in real Chromium (playwright-core) against `demo/serve.ts`'s server:
 * sign in by email passcode read from the dev inbox, reload and stay signed in, sign out; every
 * method's flow. Each flow runs with the widget in shadow DOM and in light DOM (`?dom=light`), under
 * the server's strict page headers, and records no CSP violation and no page error.
 * The project does not require PKCE, so magic links opened here ask for one click first
 * (test/attacks/magic-link-scanner.e2e.test.ts covers both kinds of project).
 * Needs the built bundle (dist/), so scripts/test.mjs runs it after the build.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { e2eHarness, type PageWatch, root, watchPages } from '../test/e2e-harness.ts';

const e2e = e2eHarness({
  name: 'demo',
  page: { dir: join(root, 'demo/public') },
  app: { bootstrap: { pkce_required_for_email_magic_links: false, pkce_required_for_password_resets: false } },
});

/**
 * Opens an emailed magic link on the demo's redirect page: the token leaves the address bar at
 * once; without a PKCE verifier the page names the project and waits for 'Continue signing in'
 * before it calls magic_links/authenticate; then the visitor lands signed in.
 */
async function finishOnRedirectPage(page: Page, link: string): Promise<void> {
  const redeemed: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/sdk/v1/magic_links/authenticate')) redeemed.push(r.url());
  });
  await page.goto(link);
  const button = page.getByRole('button', { name: 'Continue signing in' });
  await button.waitFor();
  assert.equal(new URL(page.url()).searchParams.get('token'), null, 'the token left the address bar');
  assert.equal(await page.locator('#confirm-text').textContent(), `This finishes signing in to ${e2e.instance.project.project_name} in this browser.`);
  assert.deepEqual(redeemed, [], 'nothing redeemed before the click');
  await button.click();
  await page.locator('#signed-in').waitFor({ state: 'visible' });
  assert.equal(redeemed.length, 1);
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.locator('auth-login input[type="email"]').fill(email);
  await page.keyboard.press('Enter');
  const otp = page.locator('auth-login input[autocomplete="one-time-code"]');
  await otp.waitFor();
  await otp.pressSequentially(await e2e.latestCode(email));
  await page.locator('auth-login').getByText('Success!').waitFor();
}

for (const dom of ['shadow', 'light'] as const) {
  describe(`demo page (widget in ${dom} DOM)`, () => {
    /** A demo address in this DOM mode. */
    const at = (path: string): string => {
      const u = new URL(path, e2e.base);
      if (dom === 'light') u.searchParams.set('dom', 'light');
      return u.href;
    };
    // Every context of this mode; after the tests, none saw a CSP violation or a page error.
    const watches: PageWatch[] = [];
    const newContext = async (): Promise<BrowserContext> => {
      const context = await e2e.browser.newContext();
      watches.push(await watchPages(context));
      return context;
    };
    after(() => {
      assert.deepEqual(
        watches.flatMap((w) => w.cspViolations),
        [],
        'no CSP violation in any flow',
      );
      assert.deepEqual(
        watches.flatMap((w) => w.pageErrors),
        [],
        'no uncaught page error in any flow',
      );
    });

    it('signs in by email passcode, survives a reload, and signs out', async () => {
      const context = await newContext();
      const page = await context.newPage();
      await page.goto(at('/'));
      const email = `demo-${Date.now()}@example.com`;
      await signIn(page, email);

      await page.locator('#signed-in').waitFor({ state: 'visible' });
      assert.equal(await page.locator('#user-email').textContent(), email);
      const cookies = await context.cookies();
      const session = cookies.find((c) => c.name === 'stytch_session');
      assert.ok(session?.value, 'stytch_session cookie set');
      assert.equal(session.sameSite, 'Lax');
      assert.ok(cookies.some((c) => c.name === 'stytch_session_jwt' && c.value.split('.').length === 3));

      // A reload keeps the visitor signed in: the client confirms the cookie's token with the server.
      const confirmed = page.waitForResponse((r) => r.url().endsWith('/sdk/v1/sessions/authenticate') && r.ok());
      await page.reload();
      await confirmed;
      await page.locator('#signed-in').waitFor({ state: 'visible' });
      assert.equal(await page.locator('#user-email').textContent(), email);

      await page.locator('#sign-out').click();
      await page.locator('auth-login input[type="email"]').waitFor();
      assert.ok(!(await context.cookies()).some((c) => c.name === 'stytch_session'), 'cookie removed on sign-out');

      // The revoked token is dead on the server too, not just forgotten by the browser.
      const reuse = await fetch(`${e2e.base}/sdk/v1/sessions/authenticate`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${btoa(`${e2e.instance.publicToken}:${session.value}`)}`,
        },
        body: '{}',
      });
      assert.equal(reuse.status >= 400 && reuse.status < 500, true);
      await page.reload();
      await page.locator('auth-login input[type="email"]').waitFor();
      assert.equal(await page.locator('#signed-in').isVisible(), false);
      await context.close();
    });

    it('shares sign-in and sign-out across tabs without a reload', async () => {
      const context = await newContext();
      const [a, b] = [await context.newPage(), await context.newPage()];
      await a.goto(at('/'));
      await b.goto(at('/'));
      await b.locator('auth-login input[type="email"]').waitFor();
      const email = `tabs-${Date.now()}@example.com`;

      await signIn(a, email);
      const t0 = Date.now();
      // The other tab learns of it through the storage event: no reload, no polling.
      await b.locator('#signed-in').waitFor({ state: 'visible' });
      const signInMs = Date.now() - t0;
      assert.equal(await b.locator('#user-email').textContent(), email);

      await b.locator('#sign-out').click();
      const t1 = Date.now();
      await a.locator('auth-login input[type="email"]').waitFor();
      const signOutMs = Date.now() - t1;
      assert.equal(await a.locator('#signed-in').isVisible(), false);
      console.log(`cross-tab propagation: sign-in ${signInMs} ms, sign-out ${signOutMs} ms`);
      await context.close();
    });

    it('offers every sign-in method through the switcher, each linkable', async () => {
      const context = await newContext();
      const page = await context.newPage();
      await page.goto(at('/'));
      const select = page.getByLabel('Sign-in methods');
      // demo.js fills the switcher after load: wait for its last option before reading them.
      await select.locator('option').nth(8).waitFor({ state: 'attached' });
      const options = await select.locator('option').allTextContents();
      assert.deepEqual(options, [
        'Email passcode',
        'Email magic link',
        'Text or WhatsApp passcode',
        'Password',
        'Passkey (plus email passcode)',
        'Crypto wallet (MetaMask, Phantom, ...) plus email passcode',
        'OAuth (dev provider) or email passcode',
        'Google One Tap (local stand-in)',
        'Everything together',
      ]);
      await select.selectOption('magic-link');
      await page.waitForURL((u) => u.searchParams.get('methods') === 'magic-link');
      // The new page's script selects the linked method once it has run: wait for that, not the first read.
      await page.waitForFunction(() => document.querySelector<HTMLSelectElement>('#method-select')?.value === 'magic-link');
      assert.equal(await page.getByLabel('Sign-in methods').inputValue(), 'magic-link');
      await context.close();
    });

    it('the language picker shows the widget in the chosen language (Arabic: right to left), linkable', async () => {
      const context = await newContext();
      const page = await context.newPage();
      await page.goto(at('/'));
      const select = page.getByLabel('Language');
      // demo.js fills the picker after load: wait for its last option before counting.
      await select.locator('option').nth(11).waitFor({ state: 'attached' });
      assert.equal((await select.locator('option').allTextContents()).length, 12);
      await select.selectOption('ar');
      await page.waitForURL((u) => u.searchParams.get('lang') === 'ar');
      const root = page.locator('auth-login .ae-root');
      await root.locator('input[type="email"]').waitFor();
      assert.equal(await root.getAttribute('dir'), 'rtl');
      assert.equal(await root.locator('h3').textContent(), 'أنشئ حسابًا أو سجّل الدخول'); // the demo sets headingLevel 3
      await page.getByLabel('Language').selectOption('de');
      await page.waitForURL((u) => u.searchParams.get('lang') === 'de');
      await page.locator('auth-login .ae-root[lang="de"] h3').waitFor();
      assert.equal(await page.locator('auth-login h3').textContent(), 'Registrieren oder anmelden');
      await context.close();
    });

    it('finishes magic-link sign-in on the redirect page and lands signed in', async () => {
      const context = await newContext();
      const page = await context.newPage();
      const email = `link-${Date.now()}@example.com`;
      // What the widget sends for the magic-link preset: the link points at the demo's redirect page.
      const token = e2e.instance.publicToken;
      const sent = await fetch(`${e2e.base}/sdk/v1/magic_links/email/login_or_create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: e2e.base, authorization: `Basic ${btoa(`${token}:${token}`)}` },
        body: JSON.stringify({ email, login_magic_link_url: `${e2e.base}/authenticate.html`, signup_magic_link_url: `${e2e.base}/authenticate.html` }),
      });
      assert.equal(sent.status, 200);
      const link = await e2e.latestLink(email);
      assert.ok(link.startsWith(`${e2e.base}/authenticate.html?`), link);
      await finishOnRedirectPage(page, link);
      assert.equal(await page.locator('#user-email').textContent(), email);
      assert.equal(new URL(page.url()).pathname, '/');

      // The link is single-use: opening it again explains instead of signing in.
      const again = await context.newPage();
      await again.goto(link);
      await again.getByRole('button', { name: 'Continue signing in' }).click();
      // In words, with what to do next (issue 17: no raw error code).
      await again.getByText('This sign-in link was already used or has expired. Request a new one from the demo.').waitFor();
      await context.close();
    });

    it('magic-link preset: the widget emails a link to the redirect page, which signs the visitor in', async () => {
      const context = await newContext();
      const page = await context.newPage();
      await page.goto(at('/?methods=magic-link'));
      const email = `widget-link-${Date.now()}@example.com`;
      await page.locator('auth-login input[type="email"]').fill(email);
      await page.locator('auth-login').getByRole('button', { name: 'Continue with email' }).click();
      await page.locator('auth-login').getByText('Check your email').waitFor();
      const link = await e2e.latestLink(email);
      assert.ok(link.startsWith(`${e2e.base}/authenticate.html?`), link);
      await finishOnRedirectPage(page, link);
      assert.equal(await page.locator('#user-email').textContent(), email);
      await context.close();
    });

    it('password preset: sign up, forget it, reset through the emailed link on /reset.html, signed in', async () => {
      const context = await newContext();
      const page = await context.newPage();
      const email = `pw-${Date.now()}@example.com`;
      const first = 'Correct-Horse-Battery-Staple-1';
      const second = 'Quiet-Lantern-Orbit-Maple-77';
      await page.goto(at('/?methods=password'));
      const login = page.locator('auth-login');
      await login.locator('input[name="email"]').fill(email);
      await login.getByRole('button', { name: 'Continue' }).click();
      await login.getByRole('heading', { name: 'Create an account' }).waitFor();
      await login.locator('input[name="password"]').fill(first);
      const submit = login.locator('button[type="submit"]');
      await page.waitForFunction(() => {
        const el = document.querySelector('auth-login');
        const b = el?.shadowRoot?.querySelector('button[type="submit"]') ?? el?.querySelector('button[type="submit"]');
        return b instanceof HTMLButtonElement && !b.disabled;
      });
      await submit.click();
      await page.locator('#signed-in').waitFor({ state: 'visible' });
      await page.locator('#sign-out').click();

      await login.locator('input[name="email"]').fill(email);
      await login.getByRole('button', { name: 'Continue' }).click();
      await login.getByRole('heading', { name: 'Log in' }).waitFor();
      await login.getByText('Forgot password?').click();
      await login.getByText(`A link to reset your password was sent to you at ${email}.`).waitFor();
      const link = await e2e.latestLink(email);
      assert.ok(link.startsWith(`${e2e.base}/reset.html?`), link);

      await page.goto(at(link));
      const reset = page.locator('auth-reset-password');
      await reset.locator('input[name="password"]').fill(second);
      assert.equal(new URL(page.url()).searchParams.get('token'), null, 'the token left the address bar');
      await page.waitForFunction(() => {
        const el = document.querySelector('auth-reset-password');
        const b = el?.shadowRoot?.querySelector('button[type="submit"]') ?? el?.querySelector('button[type="submit"]');
        return b instanceof HTMLButtonElement && !b.disabled;
      });
      await reset.locator('button[type="submit"]').click();
      await page.locator('#done').waitFor({ state: 'visible' });
      await page.goto(at('/?methods=password'));
      await page.locator('#signed-in').waitFor({ state: 'visible' });
      assert.equal(await page.locator('#user-email').textContent(), email);
      await context.close();
    });

    it("OAuth preset: a provider button goes to the dev provider's page, and back on the demo the visitor is signed in", async () => {
      const context = await newContext();
      const page = await context.newPage();
      await page.goto(at('/?methods=oauth'));
      await page.locator('auth-login button[data-oauth-provider="github"]').click();
      await page.waitForURL(/\/dev\/oauth\/authorize/);
      const email = `oauth-demo-${Date.now()}@example.com`;
      await page.locator('#dev-email').fill(email);
      await page.locator('form:has(#dev-email)').getByRole('button', { name: 'Sign in' }).click();
      await page.locator('#signed-in').waitFor({ state: 'visible' });
      assert.equal(await page.locator('#user-email').textContent(), email);
      await context.close();
    });

    it('phone preset: sign in by WhatsApp passcode read from the dev inbox', async () => {
      const context = await newContext();
      const page = await context.newPage();
      await page.goto(at('/?methods=phone'));
      const login = page.locator('auth-login');
      await login.getByRole('tab', { name: 'WhatsApp' }).click();
      const number = `415555${String(Date.now()).slice(-4)}`;
      await login.locator('input[type="tel"]').pressSequentially(number);
      await login.locator('input[type="tel"]').press('Enter');
      const otp = login.locator('input[autocomplete="one-time-code"]');
      await otp.waitFor();
      await otp.pressSequentially(await e2e.latestCode(`+1${number}`));
      await login.getByText('Success!').waitFor();
      await page.locator('#signed-in').waitFor({ state: 'visible' });
      assert.equal(await page.locator('#user-email').textContent(), `+1${number}`);
      await context.close();
    });

    it('wallet preset: a MetaMask-like wallet (EIP-1193) connects, signs the challenge with a real key, and signs the visitor in', async () => {
      const context = await newContext();
      const page = await context.newPage();
      const account = privateKeyToAccount(generatePrivateKey());
      // The wallet's key stays in Node; the page's provider asks it to sign (as an extension would).
      await page.exposeFunction('testWalletSign', (raw: `0x${string}`) => account.signMessage({ message: { raw } }));
      // A string, not a function: tsx's transform would name the function's helpers, which the page lacks.
      await page.addInitScript(`window.ethereum = {
        isMetaMask: true,
        request: async ({ method, params }) => {
          if (method === 'eth_requestAccounts') return [${JSON.stringify(account.address)}];
          if (method === 'eth_chainId') return '0x1';
          if (method === 'personal_sign') return window.testWalletSign(params[0]);
          throw new Error('unsupported ' + method);
        },
      };`);
      await page.goto(at('/?methods=wallet'));
      assert.match((await page.locator('#preset-note').textContent()) ?? '', /wallet extension/);
      const login = page.locator('auth-login');
      await login.getByRole('button', { name: 'Continue with Metamask' }).click();
      await login.getByText('Success!').waitFor();
      await page.locator('#signed-in').waitFor({ state: 'visible' });
      assert.equal(await page.locator('#user-email').textContent(), account.address);
      await context.close();
    });
  });
}
