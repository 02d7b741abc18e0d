/**
 * The built script bundle (dist/auth-elements.js) as a page loads it, in Chromium over the
 * reference server: tags already in the HTML (as a server-rendered page holds them) upgrade and
 * render when the bundle loads, and the error classes keep their names through minification, so
 * `auth-error`'s `detail.name` says `ApiError` or `ConfigError`, not a minified letter.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { e2eHarness } from '../e2e-harness.ts';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bundle</title></head>
<body>
<main>
  <auth-login id="ssr" class="login" config='{"otpOptions":{"methods":["email"]},"sessionOptions":{"sessionDurationMinutes":60}}'></auth-login>
  <auth-login id="api"></auth-login>
  <auth-login id="obj" config="[object Object]"></auth-login>
</main>
<script type="module">
  window.errors = [];
  document.addEventListener('auth-error', (e) => window.errors.push({ id: e.target.id, ...e.detail }));
  await import('/dist/auth-elements.js');
  const { createClient } = await import('/dist/index.js');
  const { public_token } = await (await fetch('/dev/project.json')).json();
  document.getElementById('ssr').client = createClient(public_token, { apiBaseUrl: location.origin });
  // A token this server does not know: the API answers 401 invalid_public_token.
  document.getElementById('api').config = { publicToken: 'public-token-test-00000000-0000-4000-8000-000000000000', apiBaseUrl: location.origin };
</script>
</body></html>`;

const e2e = e2eHarness({ name: 'bundle', page: PAGE });

describe('the script bundle', () => {
  it('upgrades tags already in the page, and auth-error names the error classes', async () => {
    const page = await e2e.browser.newPage();
    const uncaught: string[] = [];
    page.on('pageerror', (e) => uncaught.push(e.message));
    await page.goto(`${e2e.base}/`);

    // Server-rendered markup: the JSON attribute and the client set later render the form.
    await page.locator('#ssr input[type="email"]').waitFor();
    assert.equal(await page.locator('#ssr').getAttribute('data-screen'), 'Main');

    // "[object Object]" from a framework: ConfigError, by name.
    await page.locator('#obj').getByText('something turned the object into text').waitFor();

    // An API error: ApiError, by name, with its fields. The error this submission causes is the one
    // after those already there: on a slow machine the tag may report its missing config before the
    // page's script sets it.
    await page.locator('#api input[type="email"]').fill('ada@example.com');
    const before = await page.evaluate(() => (window as unknown as { errors: { id: string }[] }).errors.filter((e) => e.id === 'api').length);
    await page.locator('#api input[type="email"]').press('Enter');
    await page.waitForFunction((n) => (window as unknown as { errors: { id: string }[] }).errors.filter((e) => e.id === 'api').length > n, before);
    const errors = (await page.evaluate(() => (window as unknown as { errors: unknown[] }).errors)) as Record<string, unknown>[];
    const api = errors.filter((e) => e['id'] === 'api')[before]!;
    assert.equal(api['name'], 'ApiError');
    assert.equal(api['code'], 'api_error');
    assert.equal(api['error_type'], 'invalid_public_token');
    assert.equal(api['status_code'], 401);
    const config = errors.find((e) => e['id'] === 'obj')!;
    assert.equal(config['name'], 'ConfigError');
    assert.equal(config['field'], 'config');
    assert.deepEqual(uncaught, []);
    await page.close();
  });
});
