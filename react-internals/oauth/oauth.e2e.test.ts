/**
 * OAuth end to end (issue 13 item 7): every provider button of `<auth-login>` completes sign-up and
 * then sign-in through the reference server's dev provider (a real authorization-code round trip:
 * start -> dev authorization page -> callback -> the page's login or sign-up URL with the OAuth token
 * -> the widget redeems it), and Google One Tap signs in through the local stand-in for Google's
 * script with a real dev-signed ID token. Real Chromium (playwright-core) over the built bundle
 * (dist/), against the real server, under the server's strict page CSP.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { OAUTH_PROVIDERS } from '../../sdk-core/oauth/providers.ts';
import { e2eHarness, root, screenIs, uniqueEmail, watchPages } from '../../test/e2e-harness.ts';

// The host page: one <auth-login> with every provider (One Tap on Google with ?onetap=1), the
// login and sign-up URLs both this page (?as= tells which one the server chose), events kept in
// window.authEvents. The stand-in for Google's script is served beside it.
const dir = mkdtempSync(join(tmpdir(), 'auth-elements-oauth-page-'));
writeFileSync(
  join(dir, 'index.html'),
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>OAuth</title><script type="module" src="/main.js"></script></head>
<body><main></main></body></html>`,
);
writeFileSync(
  join(dir, 'main.js'),
  `import '/dist/auth-elements.js';
import { createClient } from '/dist/index.js';
const project = await fetch('/dev/project.json').then((r) => r.json());
const q = new URLSearchParams(location.search);
window.authEvents = [];
window.gsiStandIn = { apiBaseUrl: location.origin, publicToken: project.public_token, identity: { email: q.get('email'), name: 'One Tap User', email_verified: true } };
const el = document.createElement('auth-login');
el.addEventListener('auth-event', (e) => window.authEvents.push(e.detail));
el.client = createClient(project.public_token, { apiBaseUrl: location.origin });
el.config = {
  products: ['oauth'],
  sessionOptions: { sessionDurationMinutes: 45 },
  oauthOptions: {
    loginRedirectURL: location.origin + '/?as=login',
    signupRedirectURL: location.origin + '/?as=signup',
    oneTapScriptURL: location.origin + '/gsi-stand-in.js',
    providers: ${JSON.stringify(OAUTH_PROVIDERS)}.map((type) => ({ type, one_tap: type === 'google' && q.get('onetap') === '1' })),
  },
};
document.querySelector('main').append(el);
`,
);
copyFileSync(join(root, 'test/fixtures/gsi-stand-in.js'), join(dir, 'gsi-stand-in.js'));
after(() => rmSync(dir, { recursive: true, force: true }));

const e2e = e2eHarness({ name: 'oauth', page: { dir }, app: { logger: () => undefined } });

interface AuthEventDetail {
  type: string;
  data: { user_id?: string; provider_type?: string; session?: { expires_at: string; started_at: string } };
}

const screenOf = (page: Page) => page.locator('auth-login').getAttribute('data-screen');

/** Waits for OAuthConfirmation; on time-out says where the browser is and what it shows. */
async function signedIn(page: Page, what: string): Promise<void> {
  try {
    await screenIs(page, 'OAuthConfirmation');
  } catch (e) {
    const shown = await page.evaluate(() => (document.querySelector('auth-login')?.shadowRoot ?? document.body).textContent).catch(() => '(no page)');
    // What the page saw (its events, the One Tap stand-in's calls): enough to tell a lost click from a refused token.
    const seen = await page
      .evaluate(() => {
        const w = window as unknown as { authEvents?: unknown; gsiStandIn?: { calls?: unknown } };
        return JSON.stringify({ events: w.authEvents, oneTap: w.gsiStandIn?.calls });
      })
      .catch(() => '(no page)');
    throw new Error(`${what}: not signed in at ${page.url()}: ${shown}; ${seen}`, { cause: e });
  }
}

/** Signs in with `provider` through the dev provider's page as `email`; resolves to the OAUTH_AUTHENTICATE data and the URL the server chose. */
async function throughDevProvider(context: BrowserContext, provider: string, email: string) {
  const page = await context.newPage();
  await page.goto(`${e2e.base}/`);
  const button = page.locator(`auth-login button[data-oauth-provider="${provider}"]`);
  await button.click();
  // The dev provider's page (test projects only): type an identity, email verified.
  await page.waitForURL(/\/dev\/oauth\/authorize/);
  await page.locator('#dev-email').fill(email);
  await page.locator('#dev-name').fill(`Dev ${provider}`);
  // The typed-identity form (the page also lists identities used before, each its own form).
  const form = page.locator('form:has(#dev-email)');
  await form.getByRole('radio', { name: 'Yes' }).check();
  await form.getByRole('button', { name: 'Sign in' }).click();
  await signedIn(page, provider);
  const landed = new URL(page.url());
  const events = (await page.evaluate(() => (window as unknown as { authEvents: AuthEventDetail[] }).authEvents)) as AuthEventDetail[];
  const authenticated = events.find((e) => e.type === 'OAUTH_AUTHENTICATE');
  assert.ok(authenticated, `${provider}: OAUTH_AUTHENTICATE`);
  assert.deepEqual(
    events.map((e) => e.type),
    ['OAUTH_AUTHENTICATE', 'authenticate-flow-complete'],
    `${provider}: the redirect page's events`,
  );
  assert.equal(await page.locator('auth-login h1').textContent(), 'Success!');
  assert.equal(landed.searchParams.get('token'), null, `${provider}: the token left the address bar`);
  await page.close();
  return { data: authenticated.data, as: landed.searchParams.get('as') };
}

/** One provider's sign-up, then sign-in as the same user from a fresh browser profile. */
async function signUpThenIn(provider: string): Promise<void> {
  const email = uniqueEmail(`oauth-${provider}`);
  // Fresh browser profiles: no session, no verifier, as two separate visits.
  const first = await e2e.browser.newContext();
  const watch = await watchPages(first);
  const up = await throughDevProvider(first, provider, email);
  await first.close();
  assert.equal(up.as, 'signup', `${provider}: a new user lands on the sign-up URL`);
  assert.equal(up.data.provider_type, provider);
  // The configured session duration (45 minutes) was sent.
  const s = up.data.session!;
  assert.equal(Math.round((Date.parse(s.expires_at) - Date.parse(s.started_at)) / 60000), 45, `${provider}: session length`);
  assert.deepEqual(watch.cspViolations, [], `${provider}: CSP`);
  assert.deepEqual(watch.pageErrors, [], `${provider}: page errors`);

  const second = await e2e.browser.newContext();
  const again = await throughDevProvider(second, provider, email);
  await second.close();
  assert.equal(again.as, 'login', `${provider}: a returning user lands on the login URL`);
  assert.equal(again.data.user_id, up.data.user_id, `${provider}: the same user`);
}

describe('OAuth through the dev provider (built bundle, real server)', () => {
  it('every provider button completes sign-up and then sign-in through the dev provider', async () => {
    // Three providers at a time, each in its own browser contexts with its own user: most of a sign-in
    // is the browser waiting on a redirect, so one at a time left the machine idle for two minutes.
    const left = [...OAUTH_PROVIDERS];
    const lane = async () => {
      for (let provider = left.shift(); provider; provider = left.shift()) await signUpThenIn(provider);
    };
    await Promise.all([lane(), lane(), lane()]);
  });

  it('Google One Tap signs in through the stand-in with a dev-signed ID token, then the page redeems the token', async () => {
    const context = await e2e.browser.newContext();
    const watch = await watchPages(context);
    const page = await context.newPage();
    const email = uniqueEmail('onetap');
    await page.goto(`${e2e.base}/?onetap=1&email=${encodeURIComponent(email)}`);
    // Embedded: the prompt sits in the widget (slotted into the shadow root's One Tap box).
    const go = page.locator('[data-gsi-stand-in="embedded"] button[data-gsi-continue]');
    await go.click();
    await signedIn(page, 'One Tap');
    assert.equal(new URL(page.url()).searchParams.get('as'), 'signup');
    assert.equal(await screenOf(page), 'OAuthConfirmation');
    assert.deepEqual(watch.cspViolations, []);
    assert.deepEqual(watch.pageErrors, []);
    await context.close();
  });
});
