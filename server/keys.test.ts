/**
 * Signing keys are created once per database even when start-ups overlap, and the JWKS is read
 * from the database. Runs on SQLite, and on Postgres too with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import { type Db, openDatabase, withStartupLock } from './db/index.ts';
import { JWT_ALG, loadSigningKeys, publicJwks, signSessionJwt } from './keys.ts';
import { login, type TestApp, testApp, testDatabase } from './test-helpers.ts';

describe('signing keys under overlapping start-ups', () => {
  let db: Db;
  let store: Awaited<ReturnType<typeof testDatabase>>;
  before(async () => {
    store = await testDatabase();
    db = await openDatabase(store.databaseUrl ? { databaseUrl: store.databaseUrl } : { dataDir: ':memory:' });
  });
  after(async () => {
    await db.close();
    await store.cleanup();
  });

  it('creates one key between them, and every start-up signs with it', async () => {
    // Each start-up awaits key generation between its check and its insert; without the lock
    // both would see no key and both would insert one.
    const loaded = await Promise.all(Array.from({ length: 4 }, () => withStartupLock(db, (k) => loadSigningKeys({ ...db, kysely: k }, 1_000, db))));
    assert.equal(new Set(loaded.map((l) => l.kid)).size, 1, 'one signing key');
    assert.equal((await publicJwks(db)).keys.length, 1, 'one key in the database');
    const session = {
      session_id: 'session-test-1',
      user_id: 'user-test-1',
      started_at: '',
      last_accessed_at: '',
      expires_at: '',
      attributes: { ip_address: '', user_agent: '' },
      authentication_factors: [],
      custom_claims: {},
      roles: [],
    };
    const jwt = await signSessionJwt(loaded[0]!, { projectId: 'project-test-1', issuer: 'i', session, nowMs: Date.now() });
    await jwtVerify(jwt, createLocalJWKSet(await publicJwks(db)), { audience: 'project-test-1' });
  });
});

describe('JWKS endpoint', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  it('serves the keys the database holds now, including one another instance added after start', async () => {
    const { data } = await login(t, 'jwks@example.com');
    const before = (await t.call('GET', '/.well-known/jwks.json')).json as unknown as { keys: { kid: string }[] };
    assert.equal(before.keys.length, 1);
    // Another instance rotates: a newer key appears in the shared database.
    const { publicKey, privateKey } = await generateKeyPair(JWT_ALG, { extractable: true });
    const kid = 'jwk-added-by-another-instance';
    await t.services.db.kysely
      .insertInto('signing_keys')
      .values({
        kid,
        alg: JWT_ALG,
        private_jwk: JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: JWT_ALG }),
        public_jwk: JSON.stringify({ ...(await exportJWK(publicKey)), kid, alg: JWT_ALG, use: 'sig' }),
        created_at: t.clock.t + 1,
      })
      .execute();
    const now = (await t.call('GET', '/.well-known/jwks.json')).json as unknown as { keys: { kid: string; d?: string }[] };
    assert.deepEqual(
      now.keys.map((k) => k.kid),
      [kid, before.keys[0]!.kid],
    );
    assert.ok(
      now.keys.every((k) => k.d === undefined),
      'public keys only',
    );
    // This instance's JWTs still verify against the served set.
    await jwtVerify(String(data.session_jwt), createLocalJWKSet(now as never), { audience: t.projectId, currentDate: new Date(t.clock.t) });
  });
});
