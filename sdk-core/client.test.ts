/**
 * The client against the real reference server (in-process, SQLite in a temp folder): the email
 * passcode flow, session cookies, users/me, revoke, and the typed errors a host sees.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { startServer } from '../server/start.ts';
import { type AuthClient, type ClientOptions, createClient } from './client.ts';
import { ApiError, ConfirmationRequiredError, NoSessionError, PKCEVerifierMissingError, UsageError } from './errors.ts';
import { MemoryCookieJar, MemoryStore } from './storage.ts';
import { devInboxCode, eventually, referenceServer } from './test-support.ts';

const clients: AuthClient[] = [];
const { server } = referenceServer({}, clients);
function newClient(extra: Partial<ClientOptions> = {}) {
  const cookies = extra.cookies ?? new MemoryCookieJar();
  const storage = extra.storage ?? new MemoryStore();
  const warn = console.warn;
  console.warn = () => undefined; // several clients in one process is the point of these tests
  try {
    const client = createClient(server.publicToken, {
      apiBaseUrl: server.url,
      fetch: (u, i) => fetch(u, i),
      cookies,
      storage,
      disableSessionRefresh: true,
      ...extra,
    });
    clients.push(client);
    return { client, cookies: cookies as MemoryCookieJar, storage };
  } finally {
    console.warn = warn;
  }
}

const codeFor = (email: string) => devInboxCode(server.url, email);

describe('client against the reference server', () => {
  it('signs in by email passcode and keeps the tokens in cookies (docs/reference/constants.md#client-sdk)', async () => {
    const { client, cookies } = newClient();
    const email = `sdk-${Date.now()}@example.com`;
    const changes: (string | null)[] = [];
    client.session.onChange((s) => changes.push(s?.session_id ?? null));

    const sent = await client.otps.email.loginOrCreate(email);
    assert.match(sent.method_id, /\S/);
    const resp = await client.otps.authenticate(await codeFor(email), sent.method_id, { session_duration_minutes: 60 });

    assert.equal(resp.user.emails[0]?.email, email);
    assert.equal(cookies.get('stytch_session'), resp.session_token);
    assert.equal(cookies.get('stytch_session_jwt'), resp.session_jwt);
    const attrs = cookies.written.get('stytch_session')!.attributes;
    assert.equal(attrs.sameSite, 'Lax');
    assert.equal(attrs.path, '/');
    assert.equal(attrs.expires?.toISOString(), new Date(resp.session.expires_at).toISOString());
    assert.equal(client.session.getSync()?.session_id, resp.session.session_id);
    assert.deepEqual(changes, [resp.session.session_id]);

    const me = await client.user.get();
    assert.equal(me.user_id, resp.user_id);
    assert.equal(client.user.getSync()?.user_id, resp.user_id);
  });

  it('restores a session from cookies at start-up through sessions/authenticate, then revokes it', async () => {
    const first = newClient();
    const email = `restore-${Date.now()}@example.com`;
    const { method_id } = await first.client.otps.email.loginOrCreate(email);
    const signedIn = await first.client.otps.authenticate(await codeFor(email), method_id, { session_duration_minutes: 30 });

    // A "reload": a new client over the same cookie jar and storage.
    const second = newClient({ cookies: first.cookies, storage: new MemoryStore() });
    await eventually(() => second.client.session.getSync() !== null, 'session restored');
    assert.equal(second.client.session.getSync()?.session_id, signedIn.session.session_id);

    await second.client.session.revoke();
    assert.equal(second.client.session.getSync(), null);
    assert.equal(second.cookies.get('stytch_session'), null);
    assert.equal(second.cookies.get('stytch_session_jwt'), null);

    // The server forgot it too: the old token no longer authenticates, and the client signs out.
    first.cookies.set('stytch_session', signedIn.session_token, {});
    const err = await first.client.session.authenticate().catch((e: unknown) => e);
    assert.ok(err instanceof ApiError);
    assert.equal(first.client.session.getSync(), null);
    assert.equal(first.cookies.get('stytch_session'), null);
  });

  it('destroys a cached session at start-up when the token cookie is gone (docs/reference/sdk.md#cookies)', async () => {
    const storage = new MemoryStore();
    const a = newClient({ storage });
    const email = `stale-${Date.now()}@example.com`;
    const { method_id } = await a.client.otps.email.loginOrCreate(email);
    await a.client.otps.authenticate(await codeFor(email), method_id, { session_duration_minutes: 30 });
    const b = newClient({ storage, cookies: new MemoryCookieJar() });
    assert.equal(b.client.session.getSync(), null);
  });

  it('reports a wrong code as otp_code_not_found and keeps the user signed out', async () => {
    const { client } = newClient();
    const email = `wrong-${Date.now()}@example.com`;
    const { method_id } = await client.otps.email.loginOrCreate(email);
    const right = await codeFor(email);
    const wrong = right === '000000' ? '111111' : '000000';
    const err = await client.otps.authenticate(wrong, method_id, { session_duration_minutes: 30 }).catch((e: unknown) => e);
    assert.ok(err instanceof ApiError);
    assert.equal(err.error_type, 'otp_code_not_found');
    assert.equal(client.session.getSync(), null);
  });

  it('reports a bad email from the server as invalid_email', async () => {
    const { client } = newClient();
    const err = await client.otps.email.loginOrCreate('not-an-email').catch((e: unknown) => e);
    assert.ok(err instanceof ApiError);
    assert.equal(err.error_type, 'invalid_email');
  });

  it('throws usage errors naming the field before any call (docs/reference/sdk.md#validation-rules)', async () => {
    const { client } = newClient();
    const bad = (f: () => Promise<unknown>) => f().catch((e: unknown) => e);
    const e1 = await bad(() => client.otps.email.loginOrCreate(42 as unknown as string));
    assert.ok(e1 instanceof UsageError);
    assert.equal(e1.message, 'Invalid call to otps.email.loginOrCreate\nemail must be a string.');
    const e2 = await bad(() => client.otps.authenticate('123456', 'm', {} as { session_duration_minutes: number }));
    assert.ok(e2 instanceof UsageError);
    assert.equal(e2.field, 'session_duration_minutes');
    const e3 = await bad(() => client.otps.email.loginOrCreate('a@b.co', { expiration_minutes: '5' as unknown as number }));
    assert.ok(e3 instanceof UsageError);
    assert.equal(e3.field, 'expiration_minutes');
    const e4 = await bad(() => client.session.authenticate({ session_duration_minutes: 'x' as unknown as number }));
    assert.ok(e4 instanceof UsageError);
    assert.equal(e4.method, 'session.authenticate');
  });

  it('throws NoSessionError from user.get without a session', async () => {
    const { client } = newClient();
    const err = await client.user.get().catch((e: unknown) => e);
    assert.ok(err instanceof NoSessionError);
    assert.equal(err.message, 'There is no session currently available. Make sure the user is authenticated with a valid session.');
  });

  it('loads the bootstrap, and falls back to defaults when the server is unreachable', async () => {
    const { client } = newClient();
    const boot = await client.bootstrap();
    assert.equal(typeof boot.project_name, 'string');
    assert.equal(boot.disable_sdk_watermark, false);
    const dead = newClient({ apiBaseUrl: 'http://127.0.0.1:1' }).client;
    const fallback = await dead.bootstrap();
    assert.equal(fallback.disable_sdk_watermark, true);
    assert.deepEqual(fallback.email_domains, []);
  });

  it('signs in through a magic link, with PKCE when the project requires it', async () => {
    // New projects require PKCE (the shared `server`); this one opts out, to cover both kinds.
    const plainDir = mkdtempSync(join(tmpdir(), 'auth-elements-pkce-'));
    const plainServer = await startServer({ port: 0, dataDir: plainDir, bootstrap: { pkce_required_for_email_magic_links: false } });
    const pkceServer = server;
    try {
      for (const srv of [plainServer, pkceServer]) {
        const storage = new MemoryStore();
        const warn = console.warn;
        console.warn = () => undefined;
        const client = createClient(srv.publicToken, {
          apiBaseUrl: srv.url,
          fetch: (u, i) => fetch(u, i),
          cookies: new MemoryCookieJar(),
          storage,
          disableSessionRefresh: true,
        });
        console.warn = warn;
        clients.push(client);
        const email = `link-${Date.now()}@example.com`;
        await client.magicLinks.email.loginOrCreate(email, { login_magic_link_url: `${srv.url}/`, signup_magic_link_url: `${srv.url}/` });
        const r = await fetch(`${srv.url}/dev/inbox.json`);
        const { messages } = (await r.json()) as { messages: { to: string; link: string | null }[] };
        const link = messages.find((m) => m.to === email)?.link ?? undefined;
        assert.ok(link?.includes('stytch_token_type=magic_links'), `link sent: ${link}`);
        const hasVerifier = storage.getItem(`auth_elements_pkce::${srv.publicToken}::magic_links`) !== null;
        assert.equal(hasVerifier, srv === pkceServer, 'a PKCE verifier is kept only when the project requires it');
        // Without the verifier (no PKCE) the page must ask first: no confirm, no call; a declined one, none either.
        const asked: string[] = [];
        const confirm = (l: { step: string }) => {
          asked.push(l.step);
          return true;
        };
        if (srv === plainServer) {
          const unconfirmed = await client.magicLinks.authenticateFromUrl({ session_duration_minutes: 30, url: link }).catch((e: unknown) => e);
          assert.ok(unconfirmed instanceof ConfirmationRequiredError);
          assert.equal(await client.magicLinks.authenticateFromUrl({ session_duration_minutes: 30, url: link, confirm: () => false }), null);
          assert.equal(client.session.getSync(), null);
        }
        const resp = await client.magicLinks.authenticateFromUrl({ session_duration_minutes: 30, url: link, confirm });
        assert.deepEqual(asked, srv === pkceServer ? [] : ['confirm'], 'asked only without a verifier');
        assert.equal(resp?.user.emails[0]?.email, email);
        assert.equal(client.session.getSync()?.user_id, resp?.user_id);
        assert.equal(storage.getItem(`auth_elements_pkce::${srv.publicToken}::magic_links`), null, 'verifier cleared');
        // The link is single use; in the PKCE project the spent verifier also makes it another browser's link.
        const again = await client.magicLinks.authenticateFromUrl({ session_duration_minutes: 30, url: link, confirm }).catch((e: unknown) => e);
        if (srv === pkceServer) assert.ok(again instanceof PKCEVerifierMissingError);
        else {
          assert.ok(again instanceof ApiError);
          assert.equal(again.error_type, 'unable_to_auth_magic_link');
        }
      }
    } finally {
      await plainServer.close();
      rmSync(plainDir, { recursive: true, force: true });
    }
  });

  it('ignores URLs without a magic-link token', async () => {
    const { client } = newClient();
    assert.equal(await client.magicLinks.authenticateFromUrl({ session_duration_minutes: 30, url: 'http://localhost/?token=x&stytch_token_type=oauth' }), null);
    assert.equal(await client.magicLinks.authenticateFromUrl({ session_duration_minutes: 30, url: 'http://localhost/' }), null);
  });

  it('retries once with fresh captcha and fingerprint tokens when the server says "Captcha required" (docs/reference/sdk.md#captcha-retry)', async () => {
    const capDir = mkdtempSync(join(tmpdir(), 'auth-elements-captcha-'));
    const capServer = await startServer({ port: 0, dataDir: capDir, bootstrap: { captcha_settings: { enabled: true, siteKey: 'dev-captcha' } } });
    try {
      const freshToken = async () => ((await (await fetch(`${capServer.url}/dev/captcha-token`)).json()) as { captcha_token: string }).captcha_token;
      const sent: string[] = [];
      let captchaCalls = 0;
      let dfpCalls = 0;
      const warn = console.warn;
      console.warn = () => undefined;
      const client = createClient(capServer.publicToken, {
        apiBaseUrl: capServer.url,
        fetch: (u, i) => {
          if (u.endsWith('/otps/email/login_or_create')) sent.push(String(i.body));
          return fetch(u, i);
        },
        cookies: new MemoryCookieJar(),
        storage: new MemoryStore(),
        disableSessionRefresh: true,
        // The first token is stale (already used), as when a page sat open too long.
        captchaProvider: { getToken: async () => (++captchaCalls === 1 ? 'stale-token' : freshToken()) },
        deviceFingerprintProvider: { getTelemetryId: async () => `dfp-${++dfpCalls}` },
      });
      console.warn = warn;
      clients.push(client);
      const r = await client.otps.email.loginOrCreate(`captcha-${Date.now()}@example.com`);
      assert.match(r.method_id, /\S/);
      assert.equal(sent.length, 2, 'one retry');
      assert.equal(JSON.parse(sent[0]!).captcha_token, 'stale-token');
      assert.notEqual(JSON.parse(sent[1]!).captcha_token, 'stale-token');
      assert.equal(JSON.parse(sent[1]!).dfp_telemetry_id, 'dfp-1', 'fingerprint sent with the retry');

      // Only one retry: a provider that never has a good token ends in the captcha error.
      const stuck = createClient(capServer.publicToken, {
        apiBaseUrl: capServer.url,
        fetch: (u, i) => fetch(u, i),
        cookies: new MemoryCookieJar(),
        storage: new MemoryStore(),
        disableSessionRefresh: true,
        captchaProvider: { getToken: async () => 'never-good' },
      });
      clients.push(stuck);
      const err = await stuck.otps.email.loginOrCreate('stuck@example.com').catch((e: unknown) => e);
      assert.ok(err instanceof Error && err.message === 'Captcha required');

      // Without a host provider the bootstrap's dev site key picks the dev captcha.
      const plain = createClient(capServer.publicToken, {
        apiBaseUrl: capServer.url,
        fetch: (u, i) => fetch(u, i),
        cookies: new MemoryCookieJar(),
        storage: new MemoryStore(),
        disableSessionRefresh: true,
      });
      clients.push(plain);
      assert.match((await plain.otps.email.loginOrCreate(`plain-${Date.now()}@example.com`)).method_id, /\S/);
    } finally {
      await capServer.close();
      rmSync(capDir, { recursive: true, force: true });
    }
  });

  it('updates metadata, lists connected apps and removes factors through the user API', async () => {
    const { client } = newClient();
    const email = `account-${Date.now()}@example.com`;
    const { method_id } = await client.otps.email.loginOrCreate(email);
    await client.otps.authenticate(await codeFor(email), method_id, { session_duration_minutes: 30 });
    const updated = await client.user.update({ untrusted_metadata: { plan: 'pro' } });
    assert.deepEqual(updated.untrusted_metadata, { plan: 'pro' });
    assert.deepEqual(client.user.getSync()?.untrusted_metadata, { plan: 'pro' });
    assert.deepEqual(await client.user.getConnectedApps(), []);
    const err = await client.user.revokeConnectedApp('connected-app-none').catch((e: unknown) => e);
    assert.ok(err instanceof ApiError && err.error_type === 'connected_app_not_found');
    const emailId = client.user.getSync()!.emails[0]!.email_id;
    // Another way in first: the last one cannot be removed (docs/reference/methods/users.md#rules).
    const phone = '+14155552671';
    const sent = await client.otps.sms.send(phone);
    await client.otps.authenticate(await codeFor(phone), String(sent.method_id), { session_duration_minutes: 30 });
    const after = await client.user.deleteFactor('email', emailId);
    assert.deepEqual(after.emails, []);
    assert.deepEqual(client.user.getSync()?.emails, []);
  });

  it('warns when the consumer client is given a B2B project token (docs/reference/sdk.md#validation-rules)', async () => {
    const b2bDir = mkdtempSync(join(tmpdir(), 'auth-elements-b2b-'));
    const b2b = await startServer({ port: 0, dataDir: b2bDir, bootstrap: { vertical: 'B2B' } });
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (m: string) => warnings.push(m);
    try {
      const client = createClient(b2b.publicToken, {
        apiBaseUrl: b2b.url,
        fetch: (u, i) => fetch(u, i),
        cookies: new MemoryCookieJar(),
        storage: new MemoryStore(),
        disableSessionRefresh: true,
      });
      clients.push(client);
      await client.bootstrap();
    } finally {
      console.warn = warn;
      await b2b.close();
      rmSync(b2bDir, { recursive: true, force: true });
    }
    assert.ok(
      warnings.some((w) => w.includes('B2B project')),
      warnings.join('; '),
    );
  });
});
