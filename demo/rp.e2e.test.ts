/**
 * The demo relying party (demo/rp.ts, openid-client) signs a visitor in with the demo project as its
 * OpenID provider, in real Chromium over the built bundle: discovery, the authorization endpoint,
 * the consent page (`<auth-login>` then `<auth-idp-consent>`: Allow), the code exchange with PKCE,
 * the ID token's claims on the relying party's page, and RP-initiated logout (the session revoked at
 * the provider).
 * Needs the built bundle (dist/), so scripts/test.mjs runs it after the build.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createIdpClient } from '../server/idp/index.ts';
import { e2eHarness, root, uniqueEmail, watchPages } from '../test/e2e-harness.ts';
import { type RelyingParty, startRelyingParty } from './rp.ts';

const e2e = e2eHarness({ name: 'rp', page: { dir: join(root, 'demo/public') } });

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });

describe('demo relying party: sign in with the demo project, claims, RP-initiated logout', () => {
  let rp: RelyingParty;
  let clientId: string;

  before(async () => {
    // The consent page is the demo's; the relying party gets its own origin (another port).
    e2e.instance.services.project.config.idp_consent_url = `${e2e.base}/idp-consent.html`;
    const port = await freePort();
    const rpBase = `http://localhost:${port}`;
    const client = await createIdpClient(e2e.instance.services.db, e2e.instance.project.project_id, {
      client_name: 'Demo relying party',
      redirect_uris: [`${rpBase}/callback`],
      post_logout_redirect_uris: [`${rpBase}/logged-out`],
    });
    clientId = client.client_id;
    rp = await startRelyingParty({
      port,
      issuer: `${e2e.base}/v1/public/${e2e.instance.project.project_id}`,
      client_id: client.client_id,
      client_secret: client.client_secret,
    });
  });
  after(async () => {
    await rp?.close();
  });

  it('signs in through <auth-idp-consent>, shows the ID token claims, and logs out at the provider', async () => {
    const context = await e2e.browser.newContext();
    const watch = await watchPages(context);
    const page = await context.newPage();
    await page.goto(rp.url);
    await page.locator('#sign-in').click();
    // The provider's authorization endpoint sent the browser to the consent page; sign in there first.
    await page.waitForURL((u) => u.href.startsWith(`${e2e.base}/idp-consent.html?`));
    const email = uniqueEmail('rp');
    await page.locator('auth-login input[type="email"]').fill(email);
    await page.keyboard.press('Enter');
    const otp = page.locator('auth-login input[autocomplete="one-time-code"]');
    await otp.waitFor();
    await otp.pressSequentially(await e2e.latestCode(email));
    const consent = page.locator('auth-idp-consent');
    await consent.getByRole('heading', { name: `Sign in to Demo relying party with ${e2e.instance.project.project_name}` }).waitFor();
    await consent.getByRole('button', { name: 'Allow' }).click();
    // Back at the relying party, signed in: the ID token's claims.
    await page.locator('#signed-in').waitFor();
    assert.equal(new URL(page.url()).origin, rp.url);
    const claims = Object.fromEntries(
      await page
        .locator('#claims tr')
        .evaluateAll((rows) => rows.map((r) => [r.querySelector('th')?.textContent ?? '', r.querySelector('td')?.textContent ?? ''])),
    );
    assert.equal(claims['iss'], `${e2e.base}/v1/public/${e2e.instance.project.project_id}`);
    assert.equal(claims['aud'], clientId);
    assert.equal(claims['email'], email);
    assert.ok(claims['sub']);
    // RP-initiated logout with an id_token_hint naming the signed-in user: the provider does not ask
    // (OIDC RP-Initiated Logout 2), revokes the session on the consent page and sends the browser back.
    await page.locator('#log-out').click();
    await page.locator('#logged-out').waitFor();
    assert.equal(new URL(page.url()).pathname, '/logged-out');
    // Signed out at the provider too: the next sign-in starts at the consent page's sign-in form.
    await page.goto(rp.url);
    await page.locator('#sign-in').click();
    await page.waitForURL((u) => u.href.startsWith(`${e2e.base}/idp-consent.html?`));
    await page.locator('auth-login input[type="email"]').waitFor();
    assert.deepEqual(watch.cspViolations, []);
    assert.deepEqual(watch.pageErrors, []);
    await context.close();
  });
});
