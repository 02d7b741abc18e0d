/**
 * Attack (issue 18, config validation): an operator's over-broad entry hands the attacker the project. A
 * `*` or `https://*` allowed origin would let any site call the API with the user's cookies-less tokens
 * and read answers (CORS echoes allowed origins); a `https://*.example.com/` redirect entry would let a
 * magic link or OAuth token land on any subdomain (one taken over is enough); a `*` allowed host undoes
 * the DNS-rebinding guard. The URL parser accepts `*` as a host character, so none of these failed
 * before: now the server refuses to start, createApp refuses the live project, and the CLI refuses them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createApp } from '../../server/app.ts';
import { runCli } from '../../server/cli.ts';
import { checkEnvironment } from '../../server/ops/config.ts';
import { redirectAllowed } from '../../server/redirect-allowlist.ts';
import { type TestStore, testStore } from '../../server/test-helpers.ts';

const live = { public_token: 'public-token-live-0123456789abcdef', project_name: 'Live Co', allowed_origins: ['https://app.example.com'] };

describe('over-broad allowlist entries', () => {
  const refused = async (store: TestStore, patch: Record<string, unknown>) =>
    createApp({
      dataDir: store.dataDir,
      ...(store.databaseUrl ? { databaseUrl: store.databaseUrl } : {}),
      liveProject: { ...live, ...patch },
      logger: () => undefined,
    });

  it('a live project with a wildcard origin, redirect host or allowed host does not start', async () => {
    const store = await testStore();
    try {
      for (const patch of [
        { allowed_origins: ['*'] },
        { allowed_origins: ['https://*'] },
        { allowed_origins: ['https://*.example.com'] },
        { allowed_origins: ['null'] },
        { redirect_urls: ['https://*.example.com/'] },
        { redirect_urls: ['https://*/'] },
        { allowed_hosts: ['*'] },
        { allowed_hosts: ['*.example.com'] },
      ]) {
        await assert.rejects(refused(store, patch), /live project is invalid: .*(wildcard|not an origin)/, JSON.stringify(patch));
      }
    } finally {
      await store.cleanup();
    }
  });

  it('a wildcard entry never matches, even if one was stored before this check', () => {
    assert.equal(redirectAllowed('https://evil.example.com/auth', ['https://*.example.com/']), false);
    assert.equal(redirectAllowed('https://*.example.com/auth', ['https://*.example.com/']), false);
  });

  it('ALLOWED_HOSTS=* refuses the start', () => {
    assert.match(checkEnvironment({ ALLOWED_HOSTS: '*' }).problems.join(), /must not contain a wildcard/);
  });

  it('the admin CLI refuses to add one', async () => {
    const store = await testStore();
    const env = store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : { DATA_DIR: store.dataDir };
    try {
      const io = { out: () => undefined, err: () => undefined, env, now: Date.now };
      assert.equal(await runCli(['projects', 'create', '--name', 'X', '--live', '--origin', 'https://app.example.com'], io), 0);
      assert.equal(await runCli(['origins', 'add', '*'], io), 1);
      assert.equal(await runCli(['origins', 'add', 'https://*.example.com'], io), 1);
      assert.equal(await runCli(['redirect-urls', 'add', 'https://*.example.com/'], io), 1);
    } finally {
      await store.cleanup();
    }
  });
});
