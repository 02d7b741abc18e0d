/**
 * Signing-key rotation (issue 18) as a relying party sees it: it caches the JWKS (a fetched copy, refreshed
 * every 5 minutes as the answer's max-age says) and verifies every session JWT the server hands out across
 * a rotation, with the movable clock. SQLite, and Postgres with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import {
  KEY_REFRESH_MS,
  listSigningKeys,
  ROTATION_GRACE_MS,
  ROTATION_PUBLISH_AHEAD_MS,
  rotateIfDue,
  rotateSigningKey,
  SESSION_JWT_TTL_SECONDS,
} from '../keys.ts';
import { pruneOnce } from '../prune.ts';
import { login, type TestApp, testApp } from '../test-helpers.ts';

const MIN = 60_000;

/** A relying party holding a cached copy of the JWKS. */
function relyingParty(t: TestApp) {
  let cached: JSONWebKeySet = { keys: [] };
  return {
    async refresh() {
      const r = await t.call('GET', '/.well-known/jwks.json', { auth: false });
      assert.equal(r.headers.get('cache-control'), 'public, max-age=300');
      cached = r.json as unknown as JSONWebKeySet;
    },
    kids: () => cached.keys.map((k) => k.kid),
    verify: (jwt: string) => jwtVerify(jwt, createLocalJWKSet(cached), { audience: t.projectId, currentDate: new Date(t.clock.t) }),
  };
}

describe('signing-key rotation', () => {
  it('publishes the new key ahead, signs with it from the chosen moment, drops the old one once its JWTs have expired', async () => {
    const t = await testApp();
    try {
      const rp = relyingParty(t);
      await rp.refresh();
      const [oldKid] = rp.kids();
      const before = await login(t, 'rp-1@example.com');
      assert.equal(decodeProtectedHeader(String(before.data.session_jwt)).kid, oldKid);

      // Rotate now, effective in 10 minutes (what `auth-elements-server keys rotate --in 10m` does).
      const r = await rotateSigningKey(t.services.db, { now: t.clock.t, activeAt: t.clock.t + 10 * MIN });
      assert.equal(r.previousRetireAt, r.activeFrom + SESSION_JWT_TTL_SECONDS * 1000 + ROTATION_GRACE_MS);
      // Until then the old key still signs (after the instance's key refresh).
      t.advance(KEY_REFRESH_MS);
      const stillOld = await login(t, 'rp-2@example.com');
      assert.equal(decodeProtectedHeader(String(stillOld.data.session_jwt)).kid, oldKid);
      await rp.verify(String(stillOld.data.session_jwt));

      // The relying party refreshes on its 5-minute schedule: the new key is already there.
      t.advance(5 * MIN - KEY_REFRESH_MS);
      await rp.refresh();
      assert.deepEqual(rp.kids().sort(), [oldKid, r.kid].sort());
      // One minute before the moment: still the old key.
      t.advance(4 * MIN);
      const lastOld = await login(t, 'rp-3@example.com');
      assert.equal(decodeProtectedHeader(String(lastOld.data.session_jwt)).kid, oldKid);

      // From the chosen moment every JWT carries the new kid, and the cached copy (5 minutes old) verifies it.
      t.advance(MIN);
      const after = await login(t, 'rp-4@example.com');
      assert.equal(decodeProtectedHeader(String(after.data.session_jwt)).kid, r.kid);
      await rp.verify(String(after.data.session_jwt));
      // The JWT the old key signed a minute ago still verifies for the rest of its life.
      await rp.verify(String(lastOld.data.session_jwt));
      t.advance(SESSION_JWT_TTL_SECONDS * 1000 - MIN - 1000);
      await rp.refresh();
      await rp.verify(String(lastOld.data.session_jwt));
      t.advance(-(SESSION_JWT_TTL_SECONDS * 1000 - MIN - 1000));

      // The old key stays published until every JWT it signed has expired (moment + 5 min + grace)...
      t.advance(SESSION_JWT_TTL_SECONDS * 1000 + ROTATION_GRACE_MS - 1);
      await rp.refresh();
      assert.ok(rp.kids().includes(oldKid!));
      // ...then drops out, and the pruning tick deletes it.
      t.advance(1);
      await rp.refresh();
      assert.deepEqual(rp.kids(), [r.kid]);
      assert.deepEqual(await pruneOnce(t.services).then((rep) => rep.signing_keys), 1);
      assert.deepEqual(
        (await listSigningKeys(t.services.db)).map((k) => k.kid),
        [r.kid],
      );
    } finally {
      await t.close();
    }
  });

  it('refuses a second pending rotation and a moment in the past', async () => {
    const t = await testApp();
    try {
      await assert.rejects(rotateSigningKey(t.services.db, { now: t.clock.t, activeAt: t.clock.t - 1 }), /in the past/);
      await rotateSigningKey(t.services.db, { now: t.clock.t, activeAt: t.clock.t + MIN });
      await assert.rejects(rotateSigningKey(t.services.db, { now: t.clock.t, activeAt: t.clock.t + 2 * MIN }), /already pending/);
    } finally {
      await t.close();
    }
  });

  it('scheduled rotation (SIGNING_KEY_ROTATION_DAYS): rotates once the key is older than the period, published 10 minutes ahead', async () => {
    const t = await testApp();
    try {
      const day = 24 * 60 * MIN;
      assert.equal(await rotateIfDue(t.services.db, t.clock.t, 30 * day), null);
      t.advance(30 * day);
      await pruneOnce(t.services, { keyRotationMs: 30 * day });
      const keys = await listSigningKeys(t.services.db);
      assert.equal(keys.length, 2);
      assert.equal(keys[0]!.active_from, t.clock.t + ROTATION_PUBLISH_AHEAD_MS);
      // A second tick (or another instance) does not rotate again while one is pending.
      assert.equal(await rotateIfDue(t.services.db, t.clock.t, 30 * day), null);
    } finally {
      await t.close();
    }
  });
});
