/**
 * sessions/authenticate answers from the rows an earlier call read only while the database is unchanged
 * (session-read-cache.ts, issue 16): every change, by this app, by another app on the same store (another
 * process's stand-in) or rolled back, is seen by the next call; the clock's checks run on every call.
 * SQLite, and Postgres with TEST_DATABASE_URL (where the version is a shared snapshot statement).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type KyselyPlugin, sql } from 'kysely';
import { sha256Hex } from './crypto.ts';
import { databaseVersion } from './db/prepared.ts';
import { CHECK_WINDOW, PAUSE_CALLS, SessionReadCache } from './session-read-cache.ts';
import { LAST_ACCESS_WRITE_INTERVAL_MS } from './sessions.ts';
import { login, type TestApp, type TwoApps, twoApps } from './test-helpers.ts';

interface Answer {
  user: { user_id: string; untrusted_metadata: Record<string, unknown>; emails: { email: string }[] };
  session: { session_id: string; last_accessed_at: string; expires_at: string };
}

const authenticate = async (t: TestApp, token: string, body: Record<string, unknown> = {}) => {
  const r = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: token, body });
  return { status: r.status, errorType: r.json.error_type, data: r.json.data as unknown as Answer };
};

/** Signs in and authenticates twice, so the second answer is the one a warm cache serves. */
const warm = async (t: TestApp, email: string) => {
  const { token } = await login(t, email);
  const first = await authenticate(t, token);
  const second = await authenticate(t, token);
  assert.equal(second.status, 200);
  return { token, userId: first.data.user.user_id, answer: second.data };
};

const setMetadata = (t: TestApp, userId: string, value: Record<string, unknown>) =>
  t.services.db.kysely
    .updateTable('users')
    .set({ untrusted_metadata: JSON.stringify(value) })
    .where('user_id', '=', userId)
    .execute();

describe('sessions/authenticate: answers from the read cache only while the database is unchanged', () => {
  let apps: TwoApps;
  let a: TestApp;
  let b: TestApp;
  before(async () => {
    // The second app on the same store and clock: another process's connection.
    apps = await twoApps();
    ({ a, b } = apps);
  });
  after(() => apps?.close());

  it('answers a warm call exactly as a cold one', async () => {
    const { token, answer } = await warm(a, 'same@example.com');
    const cold = await authenticate(b, token);
    assert.deepEqual(cold.data.user, answer.user);
    assert.deepEqual(cold.data.session, answer.session);
    const again = await a.call('POST', '/sdk/v1/sessions/authenticate', { secret: token, body: {} });
    assert.equal(again.headers.get('content-type'), 'application/json');
    const { request_id, ...rest } = again.json.data!;
    assert.match(String(request_id), /^request-id-test-/);
    // Every field, in the wire order (docs/reference/wire-protocol.md#authenticate-answers), the session token included though the cache keeps none.
    assert.deepEqual(Object.keys(rest), ['user_id', 'session_token', 'session_jwt', 'session', 'user', 'status_code']);
    const { request_id: _earlier, ...earlier } = answer as unknown as Record<string, unknown>;
    assert.deepEqual(rest, earlier);
    assert.equal(rest.session_token, token);
  });

  it('keeps no session token in memory: only its hash, as the database does', async (ctx) => {
    const { token, answer } = await warm(a, 'no-token-kept@example.com');
    // On Postgres the test files running beside this one move the snapshot between any two calls.
    if (a.services.db.dialect === 'postgres') return ctx.skip('SQLite: the version holds still');
    const version = await databaseVersion(a.services.db);
    assert.ok(version);
    const kept = a.services.sessionReads.get(sha256Hex(token), version);
    assert.ok(kept);
    const json = a.services.sessionReads.answerJson(kept, (answer as unknown as { session_jwt: string }).session_jwt);
    assert.ok(json);
    assert.ok(!JSON.stringify([kept, json]).includes(token));
  });

  it("refuses at once a session revoked through another app's connection", async () => {
    const { token } = await warm(a, 'revoked-elsewhere@example.com');
    assert.equal((await b.call('POST', '/sdk/v1/sessions/revoke', { secret: token, body: {} })).status, 200);
    const r = await authenticate(a, token);
    assert.equal(r.status, 404);
    assert.equal(r.errorType, 'session_not_found');
  });

  it("shows at once a user changed through another app's connection (metadata, a new email)", async () => {
    const { token, userId } = await warm(a, 'changed-elsewhere@example.com');
    await setMetadata(b, userId, { plan: 'pro' });
    assert.deepEqual((await authenticate(a, token)).data.user.untrusted_metadata, { plan: 'pro' });
    // Numbered as the server numbers an added address (server/address-order.ts): after the first one.
    await b.services.db.kysely
      .insertInto('emails')
      .values({
        email_id: 'email-test-second',
        project_id: b.projectId,
        user_id: userId,
        email: 'second@example.com',
        verified: 1,
        created_at: b.clock.t,
        added_seq: 1,
      })
      .execute();
    assert.deepEqual(
      (await authenticate(a, token)).data.user.emails.map((e) => e.email),
      ['changed-elsewhere@example.com', 'second@example.com'],
    );
  });

  it("shows at once a change made through the app's own connection", async () => {
    const { token, userId } = await warm(a, 'changed-here@example.com');
    await setMetadata(a, userId, { seen: 1 });
    assert.deepEqual((await authenticate(a, token)).data.user.untrusted_metadata, { seen: 1 });
  });

  it('refuses at once a session whose user was deleted elsewhere', async () => {
    const { token, userId } = await warm(a, 'deleted@example.com');
    await b.services.db.kysely.deleteFrom('users').where('user_id', '=', userId).execute();
    assert.equal((await authenticate(a, token)).status, 404);
  });

  it('never serves a write that was rolled back, even one read while it was open', async () => {
    const { token, userId } = await warm(a, 'rolled-back@example.com');
    let during: Promise<Awaited<ReturnType<typeof authenticate>>> | undefined;
    await assert.rejects(
      a.services.db.kysely.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ untrusted_metadata: '{"uncommitted":true}' }).where('user_id', '=', userId).execute();
        during = authenticate(a, token);
        // Let the call start while the transaction is open (it waits for, or reads around, it).
        await sql`select 1`.execute(trx);
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.deepEqual((await during!).data.user.untrusted_metadata, {});
    assert.deepEqual((await authenticate(a, token)).data.user.untrusted_metadata, {});
  });

  it('refuses a warm session once the clock passes its expiry, with no write anywhere', async () => {
    const { token } = await login(a, 'expiring@example.com', 5);
    assert.equal((await authenticate(a, token)).status, 200);
    assert.equal((await authenticate(a, token)).status, 200);
    a.advance(5 * 60_000);
    assert.equal((await authenticate(a, token)).status, 404);
  });

  it('still writes last_accessed_at once its window has passed', async () => {
    const { token, answer } = await warm(a, 'last-access@example.com');
    a.advance(LAST_ACCESS_WRITE_INTERVAL_MS);
    const later = await authenticate(a, token);
    assert.equal(later.data.session.last_accessed_at, new Date(a.clock.t).toISOString());
    assert.notEqual(later.data.session.last_accessed_at, answer.session.last_accessed_at);
  });

  it('answers calls racing a revoke with 200 or 404 only, and 404 after it', async () => {
    const { token } = await warm(a, 'race@example.com');
    const calls = Array.from({ length: 20 }, (_, i) =>
      i === 10
        ? b.call('POST', '/sdk/v1/sessions/revoke', { secret: token, body: {} })
        : a.call('POST', '/sdk/v1/sessions/authenticate', { secret: token, body: {} }),
    );
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    assert.ok(
      statuses.every((s) => s === 200 || s === 404),
      String(statuses),
    );
    assert.equal((await authenticate(a, token)).status, 404);
  });
});

describe('databaseVersion on Postgres: one snapshot statement shared by the calls that wait', () => {
  let apps: TwoApps;
  before(async () => {
    apps = await twoApps();
  });
  after(() => apps?.close());

  /** A plugin that counts the statements' results and holds each one back until `release`. */
  const gate = () => {
    let results = 0;
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    let arrived!: () => void;
    const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    const plugin: KyselyPlugin = {
      transformQuery: (args) => args.node,
      async transformResult(args) {
        results++;
        arrived();
        await open;
        return args.result;
      },
    };
    return { plugin, firstArrived, release: opened, results: () => results };
  };

  it('answers a call that arrives while a read is under way with a later read, which sees a commit made meanwhile', async (ctx) => {
    const { db } = apps.a.services;
    if (db.dialect !== 'postgres') return ctx.skip('Postgres: the version is a statement');
    const g = gate();
    const gated = { dialect: db.dialect, kysely: db.kysely.withPlugin(g.plugin) };
    const first = databaseVersion(gated);
    // The first read has run at the database; its answer is held back, so the read is still under way.
    await g.firstArrived;
    await apps.b.services.db.kysely
      .updateTable('projects')
      .set((eb) => ({ project_name: eb.ref('project_name') }))
      .where('project_id', '=', apps.b.projectId)
      .execute();
    const waiting = Array.from({ length: 10 }, () => databaseVersion(gated));
    g.release();
    const [before, ...after] = await Promise.all([first, ...waiting]);
    assert.ok(before);
    // All ten share one read, sent once the first ended: after the commit, so a version other than the first's.
    assert.equal(g.results(), 2);
    assert.equal(new Set(after).size, 1);
    assert.notEqual(after[0], before);
  });

  it('sends the next read when one fails, and fails only the calls that shared the failed one', async (ctx) => {
    const { db } = apps.a.services;
    if (db.dialect !== 'postgres') return ctx.skip('Postgres: the version is a statement');
    let calls = 0;
    const failFirst: KyselyPlugin = {
      transformQuery: (args) => args.node,
      async transformResult(args) {
        if (++calls === 1) throw new Error('first read lost');
        return args.result;
      },
    };
    const flaky = { dialect: db.dialect, kysely: db.kysely.withPlugin(failFirst) };
    const first = databaseVersion(flaky);
    const second = databaseVersion(flaky);
    await assert.rejects(first as Promise<unknown>, /first read lost/);
    assert.match(String(await second), /^\d+:\d+:/);
  });
});

describe('SessionReadCache', () => {
  const read = () => ({
    row: { session_id: 's', last_accessed_at: 1 } as never,
    user: { user_id: 'u', emails: [{ email: 'x@example.com' }] } as never,
    session: { session_id: 's' } as never,
  });

  it('serves a read only at the version it was read at', () => {
    const cache = new SessionReadCache();
    assert.equal(cache.get('h', '1:1'), undefined);
    cache.set('h', '1:1', read());
    assert.ok(cache.get('h', '1:1'));
    assert.equal(cache.get('h', '2:1'), undefined);
    assert.equal(cache.get('h', '1:1'), undefined);
  });

  it('keeps no read made at a version older than one another call has seen', () => {
    const cache = new SessionReadCache();
    cache.get('x', '1:1');
    cache.get('x', '1:2');
    cache.set('h', '1:1', read());
    assert.equal(cache.get('h', '1:2'), undefined);
    assert.equal(cache.size, 0);
  });

  it('stops checking the version for a while when the database moves between most calls', () => {
    const cache = new SessionReadCache();
    for (let i = 0; i < CHECK_WINDOW; i++) {
      assert.equal(cache.shouldCheck(), true);
      cache.get('h', `${i}:0`);
    }
    for (let i = 0; i < PAUSE_CALLS; i++) assert.equal(cache.shouldCheck(), false);
    assert.equal(cache.shouldCheck(), true);
    // A quiet database: most checks find the read again, and checking goes on.
    cache.set('h', '99:0', read());
    cache.get('h', '99:0');
    cache.set('h', '99:0', read());
    for (let i = 0; i < CHECK_WINDOW * 2; i++) {
      assert.equal(cache.shouldCheck(), true);
      assert.ok(cache.get('h', '99:0'));
    }
  });

  it('goes on checking while many sessions each miss once after the database moved', () => {
    const cache = new SessionReadCache();
    // 100 sessions called in turn; the database moves once: every session's next call misses, once.
    for (const version of ['1:0', '2:0']) {
      for (let i = 0; i < 100; i++) {
        assert.equal(cache.shouldCheck(), true);
        assert.equal(cache.get(`h${i}`, version), undefined);
        cache.set(`h${i}`, version, read());
      }
      for (let i = 0; i < 100; i++) {
        assert.equal(cache.shouldCheck(), true);
        assert.ok(cache.get(`h${i}`, version));
      }
    }
  });

  it('freezes what it keeps, and drops the oldest beyond its bound', () => {
    const cache = new SessionReadCache(2);
    cache.get('x', '0:0');
    for (const h of ['a', 'b', 'c']) cache.set(h, '0:0', read());
    assert.equal(cache.size, 2);
    assert.equal(cache.get('a', '0:0'), undefined);
    const kept = cache.get('c', '0:0')!;
    assert.throws(() => {
      (kept.user as unknown as { emails: unknown[] }).emails.push('y');
    }, TypeError);
  });
});
