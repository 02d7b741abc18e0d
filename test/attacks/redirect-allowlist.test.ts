/**
 * Attack: a live project whose allowlist held `https://app2.example.com` accepted
 * `https://app2.example.com.evil.com/`, `https://app2.example.comevil.com/` and
 * `https://app2.example.com@evil.com/` as magic-link and reset URLs (string-prefix matching), so the
 * emailed token went to the attacker's host. Now URLs are compared parsed (docs/reference/security.md#redirect-urls).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { readLiveProjectFile } from '../../server/project/file.ts';
import { parseRedirectEntry, redirectAllowed } from '../../server/redirect-allowlist.ts';
import { type TestApp, tempDir, testApp } from '../../server/test-helpers.ts';

const code_challenge = createHash('sha256').update('v'.repeat(64)).digest('base64url');
const ALLOW = ['https://app2.example.com', 'https://app3.example.com/app', 'https://bücher.example/cb/', 'https://[2001:db8::1]/', 'http://localhost:*/'];

/** URLs an attacker sent, each of which must be refused. */
const REFUSED = [
  // The reported tricks: another host that starts with the allowed one, and userinfo.
  'https://app2.example.com.evil.com/',
  'https://app2.example.comevil.com/',
  'https://app2.example.com@evil.com/',
  'https://app2.example.com:pw@evil.com/',
  'https://user@app2.example.com/',
  'https://@app2.example.com/',
  // Case variants that are other hosts, and look-alike (IDN) hosts.
  'https://APP2.EXAMPLE.COM.EVIL.COM/',
  'https://аpp2.example.com/', // Cyrillic а: xn--pp2-5cd.example.com
  'https://xn--pp2-5cd.example.com/',
  // A trailing dot is another host name to us (and to cookies); so is a different port or scheme.
  'https://app2.example.com./',
  'https://app2.example.com:8443/',
  'http://app2.example.com/',
  // Path prefix only at a / boundary; no dot segments, encoded slashes or backslashes.
  'https://app3.example.com/apps',
  'https://app3.example.com/application',
  'https://app3.example.com/app/../admin',
  'https://app3.example.com/app/./x',
  'https://app3.example.com/app/..',
  'https://app3.example.com/app/%2e%2e/admin',
  'https://app3.example.com/app/%2E%2E/admin',
  'https://app3.example.com/app%2fx',
  'https://app3.example.com/app%2Fx',
  'https://app3.example.com/app%5cx',
  'https://app3.example.com/app\\x',
  'https://app2.example.com\\@evil.com/',
  'https://bücher.example/cbx',
  // Whitespace and controls the URL parser would silently drop.
  'https://app2.example.com\t.evil.com/',
  'https://app2.example.com/\n',
  ' https://app2.example.com/',
  // IPv6: only the listed address.
  'https://[2001:db8::2]/',
  'https://[2001:db8::1].evil.com/',
  // Not a URL at all, or another scheme.
  'javascript://app2.example.com/%0aalert(1)',
  'app2.example.com/',
  '//app2.example.com/',
  'http://localhost.evil.com:3000/',
];

/** URLs that are the allowed places, written differently. */
const ALLOWED = [
  'https://app2.example.com/',
  'https://app2.example.com',
  'https://app2.example.com/any/path?x=1#y',
  'HTTPS://APP2.Example.COM/x', // scheme and host are case-insensitive
  'https://app2.example.com:443/', // the default port is the same origin
  'https://app3.example.com/app',
  'https://app3.example.com/app/',
  'https://app3.example.com/app/deep/er?next=%2Fhome', // encodings in the query are the page's business
  'https://bücher.example/cb/',
  'https://xn--bcher-kva.example/cb/x', // the same IDN host in punycode
  'https://[2001:db8::1]/',
  'https://[2001:0db8:0:0::1]:443/x', // the same IPv6 address, spelled out
  'http://localhost:5173/', // the test project's any-port entry
  'http://localhost/',
];

describe('redirect allowlist: parsed URLs, not string prefixes', () => {
  it('refuses every trick and allows the same places written differently (unit)', () => {
    for (const url of REFUSED) assert.equal(redirectAllowed(url, ALLOW), false, url);
    for (const url of ALLOWED) assert.equal(redirectAllowed(url, ALLOW), true, url);
  });

  it('refuses allowlist entries with userinfo, query, fragment or without scheme and host, with a clear start-up error', () => {
    for (const bad of [
      'https://u:p@app.example.com/',
      'https://app.example.com/?next=x',
      'https://app.example.com/#f',
      'app.example.com/auth',
      '/auth',
      'https://app.example.com/a/../b',
      'https://app.example.com\\auth',
    ]) {
      assert.equal(typeof parseRedirectEntry(bad), 'string', bad);
    }
    const dir = tempDir();
    try {
      const file = `${dir.dir}/project.json`;
      const project = { public_token: 'public-token-live-0123456789abcdef', project_name: 'Live', allowed_origins: ['https://app2.example.com'] };
      writeFileSync(
        file,
        JSON.stringify({ ...project, redirect_urls: ['https://app2.example.com/ok', 'https://me@app2.example.com/', 'https://app2.example.com/x?y=1'] }),
      );
      assert.throws(
        () => readLiveProjectFile(file),
        (e: unknown) =>
          e instanceof Error &&
          e.message.includes('redirect_urls[1] "https://me@app2.example.com/" contains userinfo') &&
          e.message.includes('redirect_urls[2] "https://app2.example.com/x?y=1" must not contain a query or fragment'),
      );
      writeFileSync(file, JSON.stringify({ ...project, redirect_urls: ['https://app2.example.com', 'https://app2.example.com:*/'] }));
      assert.deepEqual(readLiveProjectFile(file).redirect_urls, ['https://app2.example.com', 'https://app2.example.com:*/']);
    } finally {
      dir.cleanup();
    }
  });

  describe('through the API of a live project', () => {
    let t: TestApp;
    before(async () => {
      t = await testApp({
        liveProject: {
          public_token: 'public-token-live-0123456789abcdef',
          project_name: 'Live',
          allowed_origins: ['https://app2.example.com'],
          redirect_urls: ['https://app2.example.com', 'https://app2.example.com/reset'],
        },
      });
    });
    after(() => t.close());

    it('magic-link and reset sends refuse the attacker URLs with invalid_redirect_url and send nothing', async () => {
      for (const url of [
        'https://app2.example.com.evil.com/',
        'https://app2.example.comevil.com/',
        'https://app2.example.com@evil.com/',
        'https://app2.example.com./',
        'https://app2.example.com/%2e%2e/x',
      ]) {
        const ml = await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', {
          body: { email: 'victim@example.com', login_magic_link_url: url, signup_magic_link_url: url, code_challenge },
        });
        assert.equal(ml.status, 400, url);
        assert.equal(ml.json.error_type, 'invalid_redirect_url', url);
        const reset = await t.call('POST', '/sdk/v1/passwords/email/reset/start', {
          body: { email: 'victim@example.com', reset_password_redirect_url: url, code_challenge },
        });
        assert.equal(reset.json.error_type, 'invalid_redirect_url', url);
        const resetLogin = await t.call('POST', '/sdk/v1/passwords/email/reset/start', {
          body: { email: 'victim@example.com', reset_password_redirect_url: 'https://app2.example.com/reset', login_redirect_url: url, code_challenge },
        });
        assert.equal(resetLogin.json.error_type, 'invalid_redirect_url', url);
      }
      assert.deepEqual(await t.services.outbox.list(), [], 'nothing was queued');
      const ok = await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', {
        body: { email: 'victim@example.com', login_magic_link_url: 'https://APP2.example.com:443/cb', code_challenge },
      });
      assert.equal(ok.status, 200, JSON.stringify(ok.json));
    });
  });
});
