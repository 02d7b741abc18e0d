/**
 * claimOnce (server/claim-once.ts): one conditional UPDATE spends a single-use row exactly once however
 * many claims race, and a refusal says why (unknown, used, expired). SQLite, and Postgres too with
 * TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { claimOnce } from './claim-once.ts';
import { type Db, openDatabase } from './db/index.ts';
import { testStore, type TestStore } from './test-helpers.ts';

const NOW = 1_800_000_000_000;

describe('claimOnce', () => {
  let store: TestStore;
  let db: Db;
  before(async () => {
    store = await testStore();
    db = await openDatabase(store.databaseUrl ? { databaseUrl: store.databaseUrl } : { dataDir: store.dataDir });
  });
  after(async () => {
    await db.close();
    await store.cleanup();
  });

  const addToken = (hash: string, expiresAt: number, consumedAt: number | null = null) =>
    db.kysely.insertInto('captcha_tokens').values({ token_hash: hash, project_id: 'p1', expires_at: expiresAt, consumed_at: consumedAt }).execute();

  it('100 parallel claims of one row: exactly one gets it, the others read used', async () => {
    await addToken('race', NOW + 60_000);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => claimOnce(db.kysely, 'captcha_tokens', { token_hash: 'race', project_id: 'p1' }, { now: NOW })),
    );
    const won = results.filter((r) => r.ok);
    assert.equal(won.length, 1);
    assert.equal(won[0]?.ok && won[0].row.consumed_at, NOW);
    assert.ok(results.every((r) => r.ok || r.reason === 'used'));
  });

  it('says why nothing was spent: unknown, used, expired', async () => {
    await addToken('used', NOW + 60_000, NOW - 1);
    await addToken('late', NOW);
    const claim = (hash: string, projectId = 'p1') => claimOnce(db.kysely, 'captcha_tokens', { token_hash: hash, project_id: projectId }, { now: NOW });
    assert.deepEqual(await claim('nope'), { ok: false, reason: 'unknown' });
    assert.deepEqual(await claim('used'), { ok: false, reason: 'used' });
    assert.deepEqual(await claim('late'), { ok: false, reason: 'expired' });
    // Another project's key is simply unknown here.
    await addToken('other', NOW + 60_000);
    assert.deepEqual(await claim('other', 'p2'), { ok: false, reason: 'unknown' });
    const stored = await db.kysely.selectFrom('captcha_tokens').select('consumed_at').where('token_hash', '=', 'late').executeTakeFirstOrThrow();
    assert.equal(stored.consumed_at, null, 'an expired row is not spent');
  });

  it('ignoreExpiry spends a row past its expiry, once', async () => {
    await addToken('grace', NOW - 1);
    const first = await claimOnce(db.kysely, 'captcha_tokens', { token_hash: 'grace' }, { now: NOW, ignoreExpiry: true });
    assert.equal(first.ok, true);
    assert.deepEqual(await claimOnce(db.kysely, 'captcha_tokens', { token_hash: 'grace' }, { now: NOW, ignoreExpiry: true }), { ok: false, reason: 'used' });
  });

  it('a further comparison that fails leaves the row unspent and reads as used; an empty in-list spends nothing', async () => {
    await addToken('cmp', NOW + 60_000);
    assert.deepEqual(await claimOnce(db.kysely, 'captcha_tokens', { token_hash: 'cmp', expires_at: ['<', NOW] }, { now: NOW }), { ok: false, reason: 'used' });
    assert.deepEqual(await claimOnce(db.kysely, 'captcha_tokens', { token_hash: 'cmp', project_id: ['in', []] }, { now: NOW }), { ok: false, reason: 'used' });
    assert.deepEqual(await claimOnce(db.kysely, 'captcha_tokens', { token_hash: 'nope', project_id: ['in', []] }, { now: NOW }), {
      ok: false,
      reason: 'unknown',
    });
    const spent = await claimOnce(
      db.kysely,
      'captcha_tokens',
      { token_hash: 'cmp', project_id: ['in', ['p0', 'p1']] },
      { now: NOW, set: { expires_at: NOW + 1 } },
    );
    assert.ok(spent.ok);
    assert.equal(spent.row.expires_at, NOW + 1, 'set writes further columns in the same UPDATE');
  });
});
