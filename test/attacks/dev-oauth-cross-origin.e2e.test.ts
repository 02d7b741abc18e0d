/**
 * The dev OAuth provider (test projects) returning to a host page on another origin, in real Chromium:
 * a developer's app on one port, the server on another. The provider's identity form posts to the
 * server, which redirects to its callback, which redirects to the host's page. CSP `form-action` governs
 * that whole redirect chain in Chromium: `'self'` alone blocked the last hop, and the sign-in never came
 * back. The page now allows 'self', the callback's origin and the project's registered redirect URL
 * origins (never `*`); the sign-in lands on the host's page with a token that signs the visitor in.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { e2eHarness, watchPages } from '../e2e-harness.ts';

describe('dev OAuth provider back to a host page on another port (Chromium)', () => {
  const e2e = e2eHarness({ name: 'dev-oauth-cross-origin', page: '<!doctype html><title>server page</title>' });
  let host: Server;
  let hostBase: string;
  before(async () => {
    // The developer's own app: another port, hence another origin than the server's.
    host = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>host app</title><h1 id="host">Host app</h1>');
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostBase = `http://localhost:${(host.address() as AddressInfo).port}`;
  });
  after(
    () =>
      new Promise<void>((resolve) => {
        host.close(() => resolve());
        host.closeAllConnections();
      }),
  );

  it("the identity form's redirect chain reaches the host's origin, with no CSP violation, and its token signs in", async () => {
    assert.notEqual(new URL(hostBase).origin, new URL(e2e.base).origin);
    const context = await e2e.browser.newContext();
    const watch = await watchPages(context);
    const page = await context.newPage();
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const start = new URL(`${e2e.base}/v1/public/oauth/github/start`);
    start.searchParams.set('public_token', e2e.instance.publicToken);
    start.searchParams.set('login_redirect_url', `${hostBase}/signed-in`);
    start.searchParams.set('signup_redirect_url', `${hostBase}/signed-in`);
    start.searchParams.set('code_challenge', challenge);
    await page.goto(start.href);
    await page.waitForURL(/\/dev\/oauth\/authorize/);
    const email = `cross-origin-${Date.now()}@example.com`;
    await page.locator('#dev-email').fill(email);
    await page.locator('form:has(#dev-email)').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.origin === new URL(hostBase).origin && url.pathname === '/signed-in');
    await page.locator('#host').waitFor({ state: 'visible' });
    const token = new URL(page.url()).searchParams.get('token');
    assert.ok(token, page.url());
    assert.deepEqual(watch.cspViolations, []);
    const r = await fetch(`${e2e.base}/sdk/v1/oauth/authenticate`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${e2e.instance.publicToken}:${e2e.instance.publicToken}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ token, code_verifier: verifier, session_duration_minutes: 60 }),
    });
    const body = (await r.json()) as { data?: { user?: { emails?: { email: string }[] } } };
    assert.equal(r.status, 200, JSON.stringify(body));
    assert.equal(body.data?.user?.emails?.[0]?.email, email);
    await context.close();
  });

  it("the page's form-action names the server, the callback and the registered redirect origins, never a wildcard host", async () => {
    const start = new URL(`${e2e.base}/v1/public/oauth/github/start`);
    start.searchParams.set('public_token', e2e.instance.publicToken);
    start.searchParams.set('login_redirect_url', `${hostBase}/signed-in`);
    start.searchParams.set('code_challenge', createHash('sha256').update(randomBytes(32)).digest('base64url'));
    const first = await fetch(start, { redirect: 'manual' });
    const authorize = first.headers.get('location');
    assert.ok(authorize);
    const page = await fetch(new URL(authorize, e2e.base));
    const csp = page.headers.get('content-security-policy') ?? '';
    const formAction = /(?:^|;)\s*form-action ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/) ?? [];
    assert.ok(formAction.includes("'self'"), csp);
    // The test project's redirect allowlist: http://localhost:*/ and http://127.0.0.1:*/.
    assert.ok(formAction.includes('http://localhost:*'), csp);
    assert.ok(formAction.includes('http://127.0.0.1:*'), csp);
    for (const source of formAction) assert.ok(source !== '*' && !/^[a-z]+:$/.test(source) && !source.includes('://*'), `too broad: ${source}`);
  });
});
