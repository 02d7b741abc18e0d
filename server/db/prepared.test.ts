/**
 * The hot path's statement shortcuts (db/prepared.ts): on SQLite, prepared reads run on the connection
 * directly, but never inside another caller's open transaction (an uncommitted revoke, rolled back,
 * must never have been seen); on Postgres, the reads of one batch go as one statement and come back
 * as each read alone would, in each read's order (on SQLite a batch is the reads one by one, and must
 * answer the same). SQLite, and Postgres with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findLiveSession } from '../sessions.ts';
import { login, type TestApp, testApp } from '../test-helpers.ts';
import { batchedReads, preparedQuery } from './prepared.ts';

const emailsNewestFirst = preparedQuery((k, userId: string) =>
  k.selectFrom('emails').select(['email', 'created_at']).where('user_id', '=', userId).orderBy('created_at', 'desc'),
);
// Its ORDER BY names a column it does not return: it cannot be an aggregate column, so it runs alone.
const addressesNewestFirst = preparedQuery((k, userId: string) =>
  k.selectFrom('emails').select('email').where('user_id', '=', userId).orderBy('created_at', 'desc'),
);
const userStatus = preparedQuery((k, userId: string, projectId: string) =>
  k.selectFrom('users').select(['user_id', 'status', 'created_at']).where('user_id', '=', userId).where('project_id', '=', projectId),
);

describe('prepared reads on the hot path', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  it('a read issued while another transaction holds an uncommitted revoke does not see it (rolled back: still live)', async () => {
    const { token } = await login(t, 'in-flight@example.com');
    const k = t.services.db.kysely;
    let during: Promise<unknown> | undefined;
    await assert.rejects(
      k.transaction().execute(async (tx) => {
        await tx.updateTable('sessions').set({ revoked_at: t.clock.t }).where('project_id', '=', t.projectId).execute();
        // Issued inside the open transaction, on the app's own handle (as a concurrent request would).
        during = findLiveSession(t.services, token);
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.ok(await during, 'the read saw a revoke that was never committed');
    // And once a revoke commits, the same read refuses the session.
    await k.updateTable('sessions').set({ revoked_at: t.clock.t }).where('project_id', '=', t.projectId).execute();
    assert.equal(await findLiveSession(t.services, token), null);
  });

  it('batched reads answer as each read alone, in its own order; a read after an await runs on its own', async () => {
    const { data } = await login(t, 'batched@example.com');
    const userId = String(data.user_id);
    const k = t.services.db.kysely;
    // Two more addresses, created out of order, so "newest first" differs from insertion order.
    for (const [email, at] of [
      ['b-second@example.com', t.clock.t + 2000],
      ['a-first@example.com', t.clock.t + 1000],
    ] as const) {
      await k
        .insertInto('emails')
        .values({ email_id: `email-test-${at}`, project_id: t.projectId, user_id: userId, email, verified: 0, created_at: at })
        .execute();
    }
    const emails = await emailsNewestFirst(k, userId);
    const alone = [
      emails,
      await userStatus(k, userId, t.projectId),
      await addressesNewestFirst(k, userId),
      await userStatus(k, 'user-test-nobody', t.projectId),
    ];
    assert.deepEqual(
      emails.map((r) => r.email),
      ['b-second@example.com', 'a-first@example.com', 'batched@example.com'],
    );
    const batched = await batchedReads(t.services.db, async (b) => {
      const first = await Promise.all([
        emailsNewestFirst(b, userId),
        userStatus(b, userId, t.projectId),
        addressesNewestFirst(b, userId),
        userStatus(b, 'user-test-nobody', t.projectId),
      ]);
      // After the batch has gone: an ordinary read.
      const later = await emailsNewestFirst(b, userId);
      return [...first, later];
    });
    assert.deepEqual(batched, [...alone, emails]);
    // A batch of one read, and of none.
    assert.deepEqual(await batchedReads(t.services.db, (b) => emailsNewestFirst(b, userId)), emails);
    assert.equal(await batchedReads(t.services.db, async () => 'nothing read'), 'nothing read');
  });

  it('a failing batch fails every read in it', async () => {
    const broken = preparedQuery((k, userId: string) =>
      k
        .selectFrom('emails')
        .select('email')
        .where('user_id', '=', userId)
        .where('created_at', '>', 'x' as never),
    );
    const reads = batchedReads(t.services.db, (b) => Promise.all([emailsNewestFirst(b, 'u'), broken(b, 'u')]));
    if (t.services.db.dialect === 'postgres') await assert.rejects(reads);
    else assert.deepEqual(await reads, [[], []]);
  });
});
