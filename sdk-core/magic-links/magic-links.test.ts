/**
 * Magic-link authenticate against the real reference server with both PKCE flags on (docs/reference/sdk.md#pkce PKCE):
 * it tries the password-reset verifier first and falls back to the magic-link one when the server
 * says the PKCE pair does not match.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type RunningServer, startServer } from '../../server/start.ts';
import type { AuthClient } from '../client.ts';
import { eventually, recordingClient } from '../test-support.ts';

let server: RunningServer;
let dataDir: string;
const clients: AuthClient[] = [];

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'auth-elements-sdk-magic-'));
  server = await startServer({
    port: 0,
    dataDir,
    bootstrap: { pkce_required_for_email_magic_links: true, pkce_required_for_password_resets: true },
  });
});
after(async () => {
  for (const c of clients) c.destroy();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const newClient = () => recordingClient(server, clients);

/** The newest email to `to` in the dev inbox. */
async function newestMail(to: string): Promise<{ text: string; link: string | null }> {
  return eventually(async () => {
    const r = await fetch(`${server.url}/dev/inbox.json`);
    const { messages } = (await r.json()) as { messages: { to: string; text: string; link: string | null }[] };
    return messages.find((x) => x.to === to);
  }, `an email to ${to}`);
}

let n = 0;
const email = (p: string) => `${p}-${Date.now()}-${n++}@example.com`;
const verifierKey = (flow: string) => `auth_elements_pkce::${server.publicToken}::${flow}`;
const PASSWORD = 'correct horse battery staple 71';

describe('magicLinks.authenticate with PKCE on (docs/reference/sdk.md#pkce)', () => {
  it("signs in through a reset email's login link with the password-reset verifier", async () => {
    const e = email('reset-login');
    await newClient().client.passwords.create({ email: e, password: PASSWORD, session_duration_minutes: 30 });
    const { client, storage, paths } = newClient();
    assert.equal((await client.bootstrap()).pkce_required_for_password_resets, true);
    await client.passwords.resetByEmailStart({ email: e, login_redirect_url: `${server.url}/`, reset_password_redirect_url: `${server.url}/reset` });
    assert.notEqual(storage.getItem(verifierKey('passwords')), null, 'reset verifier kept');
    const mail = await newestMail(e);
    const loginLink = mail.text.match(/\S+stytch_token_type=login\S*/)?.[0];
    assert.ok(loginLink, `login link in: ${mail.text}`);

    const resp = await client.magicLinks.authenticateFromUrl({ session_duration_minutes: 30, url: loginLink });
    assert.equal(resp?.user.emails[0]?.email, e);
    assert.equal(client.session.getSync()?.session_id, resp?.session.session_id);
    assert.equal(paths.filter((p) => p === '/magic_links/authenticate').length, 1, 'the reset verifier matched at once');
    assert.equal(storage.getItem(verifierKey('passwords')), null, 'reset verifier cleared');
  });

  it('signs in through a magic link while a stale reset verifier is stored, by falling back', async () => {
    const stale = email('stale-reset');
    await newClient().client.passwords.create({ email: stale, password: PASSWORD, session_duration_minutes: 30 });
    const { client, storage, paths } = newClient();
    // A reset started and never finished leaves its verifier behind.
    await client.passwords.resetByEmailStart({ email: stale, reset_password_redirect_url: `${server.url}/reset` });
    const staleVerifier = storage.getItem(verifierKey('passwords'));
    assert.notEqual(staleVerifier, null);

    const e = email('link');
    await client.magicLinks.email.loginOrCreate(e, { login_magic_link_url: `${server.url}/`, signup_magic_link_url: `${server.url}/` });
    assert.notEqual(storage.getItem(verifierKey('magic_links')), null);
    const { link } = await newestMail(e);
    assert.ok(link?.includes('stytch_token_type=magic_links'), `link: ${link}`);

    const resp = await client.magicLinks.authenticateFromUrl({ session_duration_minutes: 30, url: link ?? undefined });
    assert.equal(resp?.user.emails[0]?.email, e);
    assert.equal(paths.filter((p) => p === '/magic_links/authenticate').length, 2, 'reset verifier refused, magic-link verifier accepted');
    assert.equal(storage.getItem(verifierKey('magic_links')), null, 'magic-link verifier cleared');
    assert.equal(storage.getItem(verifierKey('passwords')), staleVerifier, 'the unrelated reset verifier is left alone');
  });
});
