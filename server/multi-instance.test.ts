/**
 * Several server instances behind a load balancer share one Postgres: two real server processes
 * on one database see each other's sessions, revokes and lockouts at once, and two started at the
 * same moment on an empty database make one project and one signing key. Needs TEST_DATABASE_URL
 * (scripts/test.mjs provides it through scripts/postgres.mjs); skipped without Postgres.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertOneIssuer, type ServerProcess, startServerProcess, testDatabase } from './test-helpers.ts';

const pgUrl = process.env.TEST_DATABASE_URL;

describe('two server processes on one Postgres', { skip: pgUrl ? false : 'needs TEST_DATABASE_URL (Postgres)' }, () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let token = '';

  before(async () => {
    db = await testDatabase();
    // One after the other: the first creates the test project, the second finds it.
    a = await startServerProcess({ databaseUrl: db.databaseUrl! });
    b = await startServerProcess({ databaseUrl: db.databaseUrl! });
    token = ((await (await fetch(`${a.url}/dev/project.json`)).json()) as { public_token: string }).public_token;
  });
  after(async () => {
    await Promise.all([a, b].map((i) => i?.stop()));
    await db?.cleanup();
  });

  const call = async (base: string, path: string, body: unknown, secret = token) => {
    const r = await fetch(`${base}/sdk/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${token}:${secret}`).toString('base64')}` },
      body: JSON.stringify(body),
    });
    return { status: r.status, json: (await r.json()) as { data?: Record<string, unknown>; error_type?: string } };
  };
  const send = async (base: string, email: string) => {
    const r = await call(base, '/otps/email/login_or_create', { email });
    assert.equal(r.status, 200);
    return r.json.data!.method_id as string;
  };
  const newestCode = async (base: string, email: string) => {
    const { messages } = (await (await fetch(`${base}/dev/inbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { code: string }[] };
    return messages[0]!.code;
  };

  it('shares the project, sessions and revokes', async () => {
    const other = ((await (await fetch(`${b.url}/dev/project.json`)).json()) as { public_token: string }).public_token;
    assert.equal(other, token);
    const email = `multi-${Date.now()}@example.com`;
    const methodId = await send(a.url, email);
    // The code sent by A is in the inbox B reads, and B redeems it.
    const signedIn = await call(b.url, '/otps/authenticate', { token: await newestCode(b.url, email), method_id: methodId, session_duration_minutes: 30 });
    assert.equal(signedIn.status, 200);
    const sessionToken = signedIn.json.data!.session_token as string;

    assert.equal((await call(a.url, '/sessions/authenticate', {}, sessionToken)).status, 200);
    assert.equal((await call(b.url, '/sessions/revoke', {}, sessionToken)).status, 200);
    const afterRevoke = await call(a.url, '/sessions/authenticate', {}, sessionToken);
    assert.equal(afterRevoke.status, 404);
    assert.equal(afterRevoke.json.error_type, 'session_not_found');
  });

  it('holds a lockout earned on one instance on the other', async () => {
    const email = `lock-${Date.now()}@example.com`;
    // Ten wrong guesses spread over both instances (a code dies after five, so two codes).
    for (let round = 0; round < 2; round++) {
      const methodId = await send(a.url, email);
      const right = await newestCode(a.url, email);
      const wrong = right === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const r = await call(i % 2 ? b.url : a.url, '/otps/authenticate', { token: wrong, method_id: methodId, session_duration_minutes: 30 });
        assert.ok(r.status >= 400 && r.status < 500);
      }
    }
    const methodId = await send(a.url, email);
    const r = await call(b.url, '/otps/authenticate', { token: await newestCode(a.url, email), method_id: methodId, session_duration_minutes: 30 });
    assert.equal(r.status, 429);
    assert.equal(r.json.error_type, 'user_lock_limit_reached');
  });
});

describe('two server processes started together on an empty Postgres', { skip: pgUrl ? false : 'needs TEST_DATABASE_URL (Postgres)' }, () => {
  it('agree on the project and signing keys: a JWT minted by one verifies against the other', async () => {
    const db = await testDatabase();
    try {
      await assertOneIssuer({ databaseUrl: db.databaseUrl! });
    } finally {
      await db.cleanup();
    }
  });
});
