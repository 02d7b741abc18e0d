/**
 * sessions/authenticate's hot path (issue 16): a still-fresh session JWT is served again instead of a
 * new signature per call, a new one once less than half its life is left or when what it carries
 * changed (roles, a shortened session, the signing key); last_accessed_at is written at most every 5 s;
 * and a revoke through one app instance refuses the session at once through another sharing the
 * database, whatever JWT that instance holds. SQLite, and Postgres with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import type { RBACPolicy } from '../../sdk-core/schemas/index.ts';
import { KEY_REFRESH_MS, rotateSigningKey, SESSION_JWT_TTL_SECONDS } from '../keys.ts';
import { setRolesOf } from '../rbac/index.ts';
import { JWT_REUSE_MIN_REMAINING_SHARE } from '../session-jwt-cache.ts';
import { LAST_ACCESS_WRITE_INTERVAL_MS } from '../sessions.ts';
import { login, type TestApp, testApp, testStore, type TestStore } from '../test-helpers.ts';

type Json = Record<string, unknown>;
interface Answer {
  session_jwt: string;
  session: { last_accessed_at: string; expires_at: string; roles: string[] };
}

const POLICY: RBACPolicy = {
  roles: [
    { role_id: 'stytch_user', permissions: [] },
    { role_id: 'editor', permissions: [{ resource_id: 'documents', actions: ['write'] }] },
  ],
  resources: [{ resource_id: 'documents', actions: ['write'] }],
  scopes: [],
};

const authenticate = async (t: TestApp, token: string, body: Json = {}) => {
  const r = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: token, body });
  return { status: r.status, errorType: r.json.error_type, data: r.json.data as unknown as Answer };
};

/** The stored last_accessed_at of the session holding `sessionId` (what every instance reads). */
const storedLastAccess = async (t: TestApp, sessionId: string) =>
  (await t.services.db.kysely.selectFrom('sessions').select('last_accessed_at').where('session_id', '=', sessionId).executeTakeFirstOrThrow()).last_accessed_at;

describe('sessions/authenticate: JWT reuse and the last-access throttle', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({ bootstrap: { rbac_policy: POLICY } });
  });
  after(() => t.close());

  it('serves the same JWT while at least half its life is left, then a new one (which verifies)', async () => {
    const { token, data } = await login(t, 'reuse@example.com');
    const first = String(data.session_jwt);
    assert.equal((await authenticate(t, token)).data.session_jwt, first);
    // Exactly the reuse share left: still the same JWT.
    const reuseForMs = SESSION_JWT_TTL_SECONDS * 1000 * (1 - JWT_REUSE_MIN_REMAINING_SHARE);
    t.advance(reuseForMs);
    assert.equal((await authenticate(t, token)).data.session_jwt, first);
    // A second later, less is left: a new JWT, issued now, valid for the full 5 minutes.
    t.advance(1000);
    const second = (await authenticate(t, token)).data.session_jwt;
    assert.notEqual(second, first);
    const claims = decodeJwt(second);
    assert.equal(claims.iat, Math.floor(t.clock.t / 1000));
    assert.equal(claims.exp, claims.iat! + SESSION_JWT_TTL_SECONDS);
    const jwks = (await t.call('GET', '/.well-known/jwks.json', { auth: false })).json as unknown as JSONWebKeySet;
    await jwtVerify(second, createLocalJWKSet(jwks), { audience: t.projectId, currentDate: new Date(t.clock.t) });
    // And that one is served again in turn.
    t.advance(1000);
    assert.equal((await authenticate(t, token)).data.session_jwt, second);
  });

  it('signs a new JWT at once when the roles it carries change, and when the session is shortened', async () => {
    const { token, data } = await login(t, 'roles-change@example.com');
    const first = String(data.session_jwt);
    await setRolesOf(t.services, String(data.user_id), ['editor']);
    const afterRoles = await authenticate(t, token);
    assert.notEqual(afterRoles.data.session_jwt, first);
    assert.deepEqual((decodeJwt(afterRoles.data.session_jwt)['https://stytch.com/session'] as { roles: string[] }).roles, ['stytch_user', 'editor']);
    // Extending keeps the JWT (its session claim promises an earlier end, never a later one)...
    const extended = await authenticate(t, token, { session_duration_minutes: 600 });
    assert.equal(extended.data.session_jwt, afterRoles.data.session_jwt);
    // ...shortening does not: the JWT must not claim the session lasts longer than it does.
    const shortened = await authenticate(t, token, { session_duration_minutes: 5 });
    assert.notEqual(shortened.data.session_jwt, afterRoles.data.session_jwt);
    const claim = decodeJwt(shortened.data.session_jwt)['https://stytch.com/session'] as { expires_at: string };
    assert.equal(claim.expires_at, shortened.data.session.expires_at);
  });

  it('signs with the new key once a rotation takes effect, although the old JWT is still fresh', async () => {
    const { token, data } = await login(t, 'rotation@example.com');
    const oldKid = decodeProtectedHeader(String(data.session_jwt)).kid;
    const r = await rotateSigningKey(t.services.db, { now: t.clock.t });
    // The instance re-reads the keys within KEY_REFRESH_MS; the old JWT has most of its life left.
    t.advance(KEY_REFRESH_MS);
    const after = await authenticate(t, token);
    assert.notEqual(after.data.session_jwt, data.session_jwt);
    assert.equal(decodeProtectedHeader(after.data.session_jwt).kid, r.kid);
    assert.notEqual(r.kid, oldKid);
  });

  it('writes last_accessed_at at most every 5 s; the answer shows the stored value', async () => {
    const { token, data } = await login(t, 'throttle@example.com');
    const sessionId = String((data.session as Json).session_id);
    const signedInAt = t.clock.t;
    t.advance(LAST_ACCESS_WRITE_INTERVAL_MS - 1);
    const soon = await authenticate(t, token);
    assert.equal(soon.status, 200);
    assert.equal(soon.data.session.last_accessed_at, new Date(signedInAt).toISOString());
    assert.equal(await storedLastAccess(t, sessionId), signedInAt);
    t.advance(1);
    const later = await authenticate(t, token);
    assert.equal(later.data.session.last_accessed_at, new Date(t.clock.t).toISOString());
    assert.equal(await storedLastAccess(t, sessionId), t.clock.t);
    // An explicit extension is written at once (it moves expires_at), last access with it.
    t.advance(1000);
    const extended = await authenticate(t, token, { session_duration_minutes: 60 });
    assert.equal(extended.data.session.last_accessed_at, new Date(t.clock.t).toISOString());
    assert.equal(extended.data.session.expires_at, new Date(t.clock.t + 60 * 60_000).toISOString());
  });

  it('an expired session fails although its JWT would still be fresh', async () => {
    const { token } = await login(t, 'short@example.com', 5);
    // Served (and cached) a minute before the end: the JWT would be fresh for 4 more minutes.
    t.advance(4 * 60_000);
    assert.equal((await authenticate(t, token)).status, 200);
    t.advance(60_000);
    const r = await authenticate(t, token);
    assert.equal(r.status, 404);
    assert.equal(r.errorType, 'session_not_found');
  });
});

describe('sessions/authenticate: two app instances on one database', () => {
  let store: TestStore;
  let a: TestApp;
  let b: TestApp;
  const clock = { t: Date.UTC(2030, 0, 1, 12, 0, 0) };
  before(async () => {
    store = await testStore();
    // One after the other (two apps starting at once on one SQLite file in one process would block each other).
    a = await testApp({}, { store, clock });
    b = await testApp({}, { store, clock });
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await store?.cleanup();
  });

  for (const [revoker, other] of [
    ['a', 'b'],
    ['b', 'a'],
  ] as const) {
    it(`a revoke through ${revoker} refuses the session at once through ${other}, whose JWT was still fresh`, async () => {
      const apps = { a: () => a, b: () => b };
      const { token } = await login(apps[revoker](), `two-${revoker}-${clock.t}@example.com`);
      // Both instances have served (and cached) the session's JWT.
      const held = await authenticate(apps[other](), token);
      assert.equal(held.status, 200);
      assert.equal((await authenticate(apps[revoker](), token)).status, 200);
      clock.t += 1000;
      assert.equal((await apps[revoker]().call('POST', '/sdk/v1/sessions/revoke', { secret: token })).status, 200);
      for (const app of [apps[other](), apps[revoker]()]) {
        const r = await authenticate(app, token);
        assert.equal(r.status, 404);
        assert.equal(r.errorType, 'session_not_found');
        assert.equal(r.data, undefined);
      }
    });
  }

  it('both instances show the same stored last_accessed_at', async () => {
    const { token } = await login(a, `two-seen-${clock.t}@example.com`);
    clock.t += LAST_ACCESS_WRITE_INTERVAL_MS;
    const fromA = await authenticate(a, token);
    clock.t += 1000;
    const fromB = await authenticate(b, token);
    assert.equal(fromB.data.session.last_accessed_at, fromA.data.session.last_accessed_at);
  });
});
