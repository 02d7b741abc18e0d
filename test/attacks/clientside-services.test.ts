/**
 * The clientside-services page the provider's pre-built UIs frame (server/otps/clientside-services.ts):
 * framable only by the project's allowed origins and the server itself (CSP frame-ancestors, never a
 * wildcard, no X-Frame-Options DENY that would refuse them too), its scripts served as scripts, and
 * nothing a request sends reflected into the page. The browser half (a foreign origin's postMessage gets
 * no answer, both UIs' SMS sign-in) is test/provider-ui-sms.e2e.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CLIENTSIDE_SERVICES_PAGE, CLIENTSIDE_SERVICES_PHONE_LIBRARY, CLIENTSIDE_SERVICES_SCRIPT } from '../../server/otps/clientside-services.ts';
import { type TestApp, testApp } from '../../server/test-helpers.ts';

/** The CSP directive `name` of a response, or undefined. */
function directive(csp: string | null, name: string): string | undefined {
  return (csp ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1);
}

describe('clientside-services page: who may frame it', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  it("frame-ancestors is 'self' and the project's allowed origins, nothing else", async () => {
    const r = await t.call('GET', CLIENTSIDE_SERVICES_PAGE, { auth: false, headers: { origin: 'https://evil.example', referer: 'https://evil.example/' } });
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /^text\/html/);
    const ancestors = directive(r.headers.get('content-security-policy'), 'frame-ancestors');
    // The test project's: http://localhost:*, http://127.0.0.1:* (its http://[::1]:* no CSP source can name).
    const origins = t.services.project.config.allowed_origins.filter((o) => !o.includes('['));
    assert.deepEqual(origins, ['http://localhost:*', 'http://127.0.0.1:*']);
    assert.equal(ancestors, ["'self'", ...origins].join(' '));
    assert.ok(!ancestors?.includes('evil.example'));
    assert.ok(!ancestors?.split(' ').includes('*'));
    // DENY would refuse the allowed origins too; the CSP governs.
    assert.equal(r.headers.get('x-frame-options'), null);
    // No script but this server's, and the page itself reaches nothing.
    assert.equal(directive(r.headers.get('content-security-policy'), 'script-src'), "'self'");
    assert.equal(directive(r.headers.get('content-security-policy'), 'connect-src'), "'none'");
    // The frame checks senders against the same list.
    assert.ok(String(r.json.text).includes(`data-allowed-origins="${JSON.stringify(origins).replace(/"/g, '&quot;')}"`));
  });

  it('an origin added to the project can frame it at once; a removed one no longer can', async () => {
    const added = 'https://app.example.com';
    const config = t.services.project.config;
    config.allowed_origins = [...config.allowed_origins, added];
    try {
      const r = await t.call('GET', CLIENTSIDE_SERVICES_PAGE, { auth: false });
      assert.ok(directive(r.headers.get('content-security-policy'), 'frame-ancestors')?.split(' ').includes(added));
    } finally {
      config.allowed_origins = config.allowed_origins.filter((o) => o !== added);
    }
    const r = await t.call('GET', CLIENTSIDE_SERVICES_PAGE, { auth: false });
    assert.ok(!directive(r.headers.get('content-security-policy'), 'frame-ancestors')?.split(' ').includes(added));
  });

  it('nothing of the request is reflected into the page', async () => {
    const evil = '"><script>alert(1)</script>';
    const r = await t.call('GET', `${CLIENTSIDE_SERVICES_PAGE}?x=${encodeURIComponent(evil)}`, { auth: false, headers: { referer: evil } });
    assert.equal(r.status, 200);
    assert.ok(!String(r.json.text).includes('<script>alert'));
  });

  it('the scripts are served as JavaScript with nosniff', async () => {
    for (const path of [CLIENTSIDE_SERVICES_SCRIPT, CLIENTSIDE_SERVICES_PHONE_LIBRARY]) {
      const r = await t.call('GET', path, { auth: false });
      assert.equal(r.status, 200, path);
      assert.match(r.headers.get('content-type') ?? '', /^text\/javascript/, path);
      assert.equal(r.headers.get('x-content-type-options'), 'nosniff', path);
    }
  });

  it('another HTTP method is a JSON 405', async () => {
    const r = await t.call('POST', CLIENTSIDE_SERVICES_PAGE, { body: {} });
    assert.equal(r.status, 405);
    assert.equal(r.json.error_type, 'method_not_allowed');
  });
});
