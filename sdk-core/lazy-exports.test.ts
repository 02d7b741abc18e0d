/**
 * The client entry's helpers whose code loads on first call (issue 16: ./lazy-exports.ts, the dev
 * captcha's token fetch in ./recaptcha.ts): they answer as they did when their code was in the
 * client's core, and a load that fails is the SDK's network error, tried again on the next call.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { devCaptchaProvider } from './helpers.ts';
import { ApiUnreachableError, createClient, createPKCEPair, preloadMethods, UsageError } from './index.ts';
import { lazily } from './method.ts';
import { MemoryCookieJar, MemoryStore } from './storage.ts';

const b64url = (b: Buffer) => b.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('helpers loaded on first call (issue 16)', () => {
  it('createPKCEPair gives a 128-hex verifier and its S256 challenge (RFC 7636, docs/reference/constants.md#client-sdk)', async () => {
    const { code_verifier, code_challenge } = await createPKCEPair();
    assert.match(code_verifier, /^[0-9a-f]{128}$/);
    assert.equal(code_challenge, b64url(createHash('sha256').update(code_verifier).digest()));
  });

  it('preloadMethods loads named groups and rejects names that are not groups with a UsageError', async () => {
    const client = createClient('public-token-test-lazy', {
      fetch: async () => new Response('{}', { status: 500 }),
      storage: new MemoryStore(),
      cookies: new MemoryCookieJar(),
      disableSessionRefresh: true,
    });
    try {
      await preloadMethods(client, ['otps', 'user']);
      const e = await preloadMethods(client, ['nope' as never]).catch((x: unknown) => x);
      assert.ok(e instanceof UsageError);
      assert.match(e.message, /^Invalid call to preloadMethods\nnames must be a list/);
    } finally {
      client.destroy();
    }
  });

  it("devCaptchaProvider fetches a token from the reference server's dev endpoint, and says when there is none", async () => {
    const asked: string[] = [];
    const fetchFn = (async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(asked.length === 1 ? { captcha_token: 'dev-token-1' } : {}));
    }) as typeof fetch;
    const p = devCaptchaProvider('http://api.test', fetchFn);
    assert.equal(await p.getToken(), 'dev-token-1');
    await assert.rejects(p.getToken(), /dev captcha gave no token/);
    assert.deepEqual(asked, ['http://api.test/dev/captcha-token', 'http://api.test/dev/captcha-token']);
  });

  it("a module that cannot be fetched is 'Unable to contact our servers.', and the next call loads it again", async () => {
    let loads = 0;
    const load = lazily(async () => {
      loads++;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module: /chunks/pair.js');
      return 'module';
    });
    const e = await load().catch((x: unknown) => x);
    assert.ok(e instanceof ApiUnreachableError);
    assert.equal(e.reason, 'network');
    assert.equal(e.message, 'Unable to contact our servers.');
    assert.equal(await load(), 'module');
    assert.equal(loads, 2);
  });
});
