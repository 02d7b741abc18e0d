/**
 * Attack: magic links without PKCE. A mail scanner that runs JavaScript opened the emailed link before
 * the user and got the session (and burnt the link). Projects created by this server now require PKCE
 * for magic links and password resets: a redemption without the browser's code_verifier signs nobody in
 * and consumes nothing, so the user's own click still works.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { InboxMessage } from '../../sdk-core/schemas/index.ts';
import { readLiveProjectFile } from '../../server/project/file.ts';
import { bootstrapOverridesFromEnv } from '../../server/settings.ts';
import { type TestApp, testApp, testStore } from '../../server/test-helpers.ts';
import { findOrCreateUserByEmail } from '../../server/users.ts';

const verifier = 'q'.repeat(43) + 'Z9-._~'.repeat(5);
const code_challenge = createHash('sha256').update(verifier).digest('base64url');
const URL_OK = 'http://localhost:3000/authenticate';

async function tokenFor(t: TestApp, email: string): Promise<string> {
  const m = ((await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(email)}`)).json.messages as InboxMessage[])[0];
  return new URL(m!.link!).searchParams.get('token')!;
}

describe('magic links and resets need PKCE by default', () => {
  it('a new test project says so in its bootstrap and refuses a send without code_challenge', async () => {
    const t = await testApp();
    try {
      const b = (await t.call('GET', `/sdk/v1/projects/bootstrap/${t.publicToken}`)).json.data!;
      assert.equal(b.pkce_required_for_email_magic_links, true);
      assert.equal(b.pkce_required_for_password_resets, true);
      const ml = await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', { body: { email: 'a@example.com', login_magic_link_url: URL_OK } });
      assert.equal(ml.json.error_type, 'pkce_required');
      const reset = await t.call('POST', '/sdk/v1/passwords/email/reset/start', { body: { email: 'a@example.com', reset_password_redirect_url: URL_OK } });
      assert.equal(reset.json.error_type, 'pkce_required');
    } finally {
      await t.close();
    }
  });

  it('a scanner opening the link (no or a wrong verifier) gets nothing and burns nothing; the user then signs in', async () => {
    const t = await testApp();
    try {
      const email = 'scanned@example.com';
      assert.equal(
        (await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', { body: { email, login_magic_link_url: URL_OK, code_challenge } })).status,
        200,
      );
      const token = await tokenFor(t, email);
      for (const scanner of [{ token }, { token, code_verifier: 'w'.repeat(64) }, { token, code_verifier: '' }, { token, code_verifier: 'short' }]) {
        const r = await t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { ...scanner, session_duration_minutes: 30 } });
        assert.equal(r.status, 400, JSON.stringify(r.json));
        assert.equal(r.json.error_type, 'pkce_mismatch');
        assert.equal(r.json.data, undefined, 'no session');
      }
      const user = await t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { token, code_verifier: verifier, session_duration_minutes: 30 } });
      assert.equal(user.status, 200, JSON.stringify(user.json));
      const sessions = await t.services.db.kysely.selectFrom('sessions').select('session_id').execute();
      assert.equal(sessions.length, 1, 'only the user got a session');
    } finally {
      await t.close();
    }
  });

  it('the same for a reset link: the scanner neither resets the password nor burns the link', async () => {
    const t = await testApp();
    try {
      const email = 'reset-scanned@example.com';
      await findOrCreateUserByEmail(t.services, email);
      assert.equal(
        (await t.call('POST', '/sdk/v1/passwords/email/reset/start', { body: { email, reset_password_redirect_url: URL_OK, code_challenge } })).status,
        200,
      );
      const token = await tokenFor(t, email);
      const scanner = await t.call('POST', '/sdk/v1/passwords/email/reset', { body: { token, password: 'scanner-Chose-this-71' } });
      assert.equal(scanner.json.error_type, 'pkce_mismatch');
      const scannerLogin = await t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { token } });
      assert.equal(scannerLogin.json.error_type, 'pkce_mismatch', "the reset email's login link too");
      const user = await t.call('POST', '/sdk/v1/passwords/email/reset', { body: { token, password: 'violet-Harbor-quietly-47', code_verifier: verifier } });
      assert.equal(user.status, 200, JSON.stringify(user.json));
    } finally {
      await t.close();
    }
  });

  it('a new live project gets PKCE unless its file says otherwise; a stored project keeps what it had; the environment wins', async () => {
    // One store the live project is stored in between boots (SQLite folder, or Postgres database).
    const store = await testStore();
    try {
      const file = `${store.dataDir}/project.json`;
      const base = { public_token: 'public-token-live-0123456789abcdef', project_name: 'Live', allowed_origins: ['https://app.example.com'] };
      const bootOf = async (extra: Record<string, unknown> = {}) => {
        writeFileSync(file, JSON.stringify({ ...base, ...extra }));
        const app = await testApp({ liveProject: readLiveProjectFile(file) }, { store });
        try {
          const r = await app.call('GET', `/sdk/v1/projects/bootstrap/${base.public_token}`, { auth: false });
          const d = r.json.data!;
          return [d.pkce_required_for_email_magic_links, d.pkce_required_for_password_resets];
        } finally {
          await app.close();
        }
      };
      assert.deepEqual(await bootOf(), [true, true], 'new project: on');
      assert.deepEqual(await bootOf({ bootstrap: { pkce_required_for_email_magic_links: false } }), [false, true], 'the file says otherwise');
      assert.deepEqual(await bootOf(), [false, true], 'stored: kept once the file stops saying');
      // A project stored by an older version (no PKCE keys at all) keeps its behaviour: no PKCE.
      const app = await testApp({ liveProject: readLiveProjectFile(file) }, { store });
      await app.services.db.kysely
        .updateTable('projects')
        .set({
          config: JSON.stringify({
            ...JSON.parse((await app.services.db.kysely.selectFrom('projects').select('config').executeTakeFirstOrThrow()).config),
            bootstrap: {},
          }),
        })
        .execute();
      await app.close();
      assert.deepEqual(await bootOf(), [false, false], 'an older stored project keeps what it had');

      assert.deepEqual(bootstrapOverridesFromEnv({ PKCE_REQUIRED_FOR_EMAIL_MAGIC_LINKS: '0', PKCE_REQUIRED_FOR_PASSWORD_RESETS: '1' }), {
        pkce_required_for_email_magic_links: false,
        pkce_required_for_password_resets: true,
      });
    } finally {
      await store.cleanup();
    }
  });
});
