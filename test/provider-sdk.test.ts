/**
 * The provider's official Node SDK (npm `stytch`) driven against the real server over a real socket, as an
 * application's backend would use it (issue 27 item 5): `new Client({ project_id, secret, env: base })` with
 * a project secret, on SQLite and Postgres (with TEST_DATABASE_URL). Local JWT checks, the network fallback
 * with an expired JWT, users search with paging and several operands, metadata updates, revocation,
 * authorization checks by role (local and remote), user and factor management, sessions by user, the JWKS.
 * Where the SDK and the server disagreed, the server was changed: this file states what the SDK expects.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { Client, StytchError } from 'stytch';
import type { RBACPolicy } from '../sdk-core/schemas/index.ts';
import { KEY_REFRESH_MS, rotateSigningKey } from '../server/keys.ts';
import { createBackendSecret, login, type TestApp, testApp } from '../server/test-helpers.ts';

/** Every user reads documents; editors also write; admins do anything to them. */
const POLICY: RBACPolicy = {
  roles: [
    { role_id: 'stytch_user', permissions: [{ resource_id: 'documents', actions: ['read'] }] },
    { role_id: 'editor', permissions: [{ resource_id: 'documents', actions: ['read', 'write'] }] },
    { role_id: 'admin', permissions: [{ resource_id: 'documents', actions: ['*'] }] },
  ],
  resources: [{ resource_id: 'documents', actions: ['read', 'write', 'delete'] }],
  scopes: [],
};

/** The server's clock: the real one plus an offset the tests move by whole amounts (`offset`). */
interface RealClock {
  t: number;
  offset: number;
}

/**
 * The SDK checks JWT times against the real clock (its typed `authenticateJwt` takes no date), so the server
 * mints them on that clock, one second behind it: a JWT's `iat`/`nbf` (whole seconds) is then never in the
 * SDK's future, whatever the millisecond. Tests move `offset`, never `t`, so moves add up exactly.
 */
function realClock(): RealClock {
  return {
    offset: -1000,
    get t() {
      return Date.now() + this.offset;
    },
    set t(_v: number) {
      throw new Error('move the offset of this clock');
    },
  };
}

/** The provider error the SDK threw (its `error_type`), failing the test on success or any other error. */
async function providerError(p: Promise<unknown>): Promise<StytchError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof StytchError, `a StytchError, not ${String(e)}`);
    return e;
  }
  assert.fail('the SDK call succeeded');
}

describe("the provider's Node SDK against the server", () => {
  let t: TestApp;
  let base: string;
  let client: Client;
  let secret: string;
  const clock = realClock();
  /** A client of the SDK as an app's backend makes one, pointed at the server by `env`. */
  const sdkClient = (): Client => {
    // The SDK warns about a custom `env`, the documented way to point it at another host.
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      return new Client({ project_id: t.projectId, secret, env: `${base}/` });
    } finally {
      console.warn = warn;
    }
  };
  const signedIn = async (email: string, minutes = 60) => {
    const { token, data } = await login(t, email, minutes);
    return { token, jwt: String(data.session_jwt), userId: String(data.user_id), sessionId: String((data.session as { session_id: string }).session_id) };
  };

  before(async () => {
    t = await testApp({ bootstrap: { rbac_policy: POLICY } }, { clock });
    base = await t.listen();
    secret = await createBackendSecret(t);
    client = sdkClient();
  });
  after(() => t.close());

  it('local JWT check: authenticateJwtLocal accepts our JWT (issuer = the base URL) and returns the session with its roles', async () => {
    const s = await signedIn('sdk-local@example.com');
    await client.users.update({ user_id: s.userId, roles: ['editor'] });
    // A JWT minted after the role change carries it.
    const fresh = await client.sessions.authenticate({ session_token: s.token, session_custom_claims: { tenant: 'acme' } });
    const session = await client.sessions.authenticateJwtLocal({ session_jwt: fresh.session_jwt });
    assert.equal(session.session_id, s.sessionId);
    assert.equal(session.user_id, s.userId);
    assert.deepEqual([...session.roles].sort(), ['editor', 'stytch_user']);
    // Custom claims sit at the top level of the JWT, so the SDK reads them apart from its own claim.
    assert.deepEqual(session.custom_claims, { tenant: 'acme' });
    assert.equal(decodeJwt(fresh.session_jwt).iss, base);
    // authenticateJwt verifies locally while the JWT is young enough: the same JWT comes back, no new one.
    const viaJwt = await client.sessions.authenticateJwt({ session_jwt: fresh.session_jwt, max_token_age_seconds: 60 });
    assert.equal(viaJwt.session_jwt, fresh.session_jwt);
    assert.equal(viaJwt.session.session_id, s.sessionId);
    assert.ok(viaJwt.session.roles.includes('editor'));
  });

  it('network fallback: an expired JWT of a live session goes to POST /v1/sessions/authenticate and comes back fresh', async () => {
    // Signed in ten minutes ago (the clock moved back, then forward again): the five-minute JWT has expired
    // on the SDK's clock while the hour-long session lives.
    clock.offset -= 10 * 60_000;
    const s = await signedIn('sdk-expired@example.com');
    clock.offset += 10 * 60_000;
    await assert.rejects(client.sessions.authenticateJwtLocal({ session_jwt: s.jwt }), /jwt_invalid/);
    const r = await client.sessions.authenticateJwt({ session_jwt: s.jwt });
    assert.notEqual(r.session_jwt, s.jwt);
    assert.equal(r.session.session_id, s.sessionId);
    assert.equal(r.session.user_id, s.userId);
    assert.ok((decodeJwt(r.session_jwt).exp ?? 0) * 1000 > t.clock.t);
    // The fresh one passes the local check.
    const local = await client.sessions.authenticateJwtLocal({ session_jwt: r.session_jwt });
    assert.equal(local.session_id, s.sessionId);
  });

  it('users.search pages by limit and cursor with results_metadata.total, and combines operands with AND and OR', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await client.users.create({ email: `sdk-page-${i}@search.example`, name: { first_name: `Pager${i}`, last_name: 'Sdkson' } })).user_id);
    const { user_id: phoneUser } = await client.users.create({ email: 'sdk-phone@other.example', phone_number: '+15005550123' });
    const fuzzy = { filter_name: 'email_address_fuzzy', filter_value: 'search.example' };
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.users.search({ limit: 2, ...(cursor ? { cursor } : {}), query: { operator: 'AND', operands: [fuzzy] } });
      assert.equal(page.status_code, 200);
      assert.equal(page.results_metadata.total, 5);
      assert.ok(page.results.length <= 2);
      seen.push(...page.results.map((u) => u.user_id));
      cursor = page.results_metadata.next_cursor ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    assert.equal(pages, 3);
    assert.deepEqual([...seen].sort(), [...ids].sort());
    // The SDK's own iterator follows next_cursor until it is empty.
    const iterated: string[][] = [];
    for await (const page of client.users.searchAll({ limit: 2, query: { operator: 'AND', operands: [fuzzy] } })) iterated.push(page.map((u) => u.user_id));
    assert.deepEqual(
      iterated.map((p) => p.length),
      [2, 2, 1],
    );
    assert.deepEqual(iterated.flat().sort(), [...ids].sort());

    const and = await client.users.search({
      query: { operator: 'AND', operands: [fuzzy, { filter_name: 'email_address', filter_value: ['sdk-page-1@search.example', 'sdk-phone@other.example'] }] },
    });
    assert.deepEqual(
      and.results.map((u) => u.user_id),
      [ids[1]],
    );
    const or = await client.users.search({
      query: {
        operator: 'OR',
        operands: [
          { filter_name: 'user_id', filter_value: [ids[0] as string] },
          { filter_name: 'phone_number', filter_value: ['+15005550123'] },
        ],
      },
    });
    assert.deepEqual(or.results.map((u) => u.user_id).sort(), [ids[0], phoneUser].sort());
    assert.equal(or.results_metadata.total, 2);
    assert.equal(or.results_metadata.next_cursor, null);
    const byName = await client.users.search({
      query: { operator: 'AND', operands: [{ filter_name: 'full_name_fuzzy', filter_value: 'pager3 sdk' }, fuzzy] },
    });
    assert.deepEqual(
      byName.results.map((u) => u.user_id),
      [ids[3]],
    );
  });

  it('users.update sets the name, trusted and untrusted metadata; users.get reads them back', async () => {
    const { user_id } = await client.users.create({ email: 'sdk-meta@example.com' });
    const updated = await client.users.update({
      user_id,
      name: { first_name: 'Ada', last_name: 'Lovelace' },
      trusted_metadata: { plan: 'pro', seats: 3 },
      untrusted_metadata: { theme: 'dark' },
    });
    assert.equal(updated.user_id, user_id);
    const got = await client.users.get({ user_id });
    assert.equal(got.name?.first_name, 'Ada');
    assert.equal(got.name?.last_name, 'Lovelace');
    assert.deepEqual(got.trusted_metadata, { plan: 'pro', seats: 3 });
    assert.deepEqual(got.untrusted_metadata, { theme: 'dark' });
    assert.equal(got.emails[0]?.email, 'sdk-meta@example.com');
  });

  it('sessions.revoke, then sessions.authenticate with the token throws session_not_found', async () => {
    const s = await signedIn('sdk-revoke@example.com');
    assert.equal((await client.sessions.authenticate({ session_token: s.token })).session.session_id, s.sessionId);
    await client.sessions.revoke({ session_token: s.token });
    const e = await providerError(client.sessions.authenticate({ session_token: s.token }));
    assert.equal(e.status_code, 404);
    assert.equal(e.error_type, 'session_not_found');
    const byJwt = await providerError(client.sessions.authenticateJwt({ session_jwt: s.jwt, max_token_age_seconds: 0 }));
    assert.equal(byJwt.error_type, 'session_not_found');
  });

  it('authorization_check by role: granted for a role the user has, consumer_session_authorization_error (remote) or invalid_permissions (local) for one they lack', async () => {
    const s = await signedIn('sdk-authz@example.com');
    await client.users.update({ user_id: s.userId, roles: ['editor'] });
    const write = { resource_id: 'documents', action: 'write' };
    const del = { resource_id: 'documents', action: 'delete' };

    const yes = await client.sessions.authenticate({ session_token: s.token, authorization_check: write });
    assert.deepEqual(yes.verdict, { authorized: true, granting_roles: ['editor'] });
    const no = await providerError(client.sessions.authenticate({ session_token: s.token, authorization_check: del }));
    assert.equal(no.status_code, 403);
    assert.equal(no.error_type, 'consumer_session_authorization_error');

    // Locally, against the SDK's cached copy of GET /v1/rbac/policy and the roles inside the JWT.
    const jwt = yes.session_jwt;
    const local = await client.sessions.authenticateJwtLocal({ session_jwt: jwt, authorization_check: write });
    assert.equal(local.session_id, s.sessionId);
    await assert.rejects(client.sessions.authenticateJwtLocal({ session_jwt: jwt, authorization_check: del }), (e: { code?: string }) => {
      assert.equal(e.code, 'invalid_permissions');
      return true;
    });
    // authenticateJwt checks locally, then asks the server, which refuses the same way.
    const ok = await client.sessions.authenticateJwt({ session_jwt: jwt, authorization_check: write });
    assert.equal(ok.session_jwt, jwt);
    const denied = await providerError(client.sessions.authenticateJwt({ session_jwt: jwt, authorization_check: del }));
    assert.equal(denied.error_type, 'consumer_session_authorization_error');
  });

  it('users.create, a factor delete (phone number), deleteExternalId, users.delete; sessions.get by user_id', async () => {
    const created = await client.users.create({ email: 'sdk-crud@example.com', phone_number: '+15005550199', name: { first_name: 'Grace' } });
    assert.equal(created.status_code, 200);
    assert.ok(created.user_id.startsWith('user-'));
    assert.equal(created.user.emails[0]?.email, 'sdk-crud@example.com');
    const phoneId = created.user.phone_numbers[0]?.phone_id;
    assert.ok(phoneId);
    const afterDelete = await client.users.deletePhoneNumber({ phone_id: phoneId });
    assert.equal(afterDelete.user_id, created.user_id);
    assert.deepEqual(afterDelete.user.phone_numbers, []);
    assert.equal((await client.users.get({ user_id: created.user_id })).phone_numbers.length, 0);

    const s = await signedIn('sdk-crud@example.com');
    assert.equal(s.userId, created.user_id);
    const sessions = await client.sessions.get({ user_id: created.user_id });
    assert.deepEqual(
      sessions.sessions.map((x) => x.session_id),
      [s.sessionId],
    );
    assert.ok(sessions.sessions[0]?.roles.includes('stytch_user'));

    await client.users.update({ user_id: created.user_id, external_id: 'crm-sdk-crud' });
    assert.equal((await client.users.get({ user_id: created.user_id })).external_id, 'crm-sdk-crud');
    const cleared = await client.users.deleteExternalId({ user_id: created.user_id });
    assert.equal(cleared.user.external_id, undefined);

    const deleted = await client.users.delete({ user_id: created.user_id });
    assert.equal(deleted.user_id, created.user_id);
    assert.equal((await providerError(client.users.get({ user_id: created.user_id }))).error_type, 'user_not_found');
    assert.equal((await providerError(client.sessions.authenticate({ session_token: s.token }))).error_type, 'session_not_found');
  });

  it('sessions.getJWKS serves the keys our JWTs verify with', async () => {
    const jwks = await client.sessions.getJWKS({ project_id: t.projectId });
    assert.equal(jwks.status_code, 200);
    const s = await signedIn('sdk-jwks@example.com');
    const { kid } = JSON.parse(Buffer.from(String(s.jwt.split('.')[0]), 'base64url').toString()) as { kid: string };
    assert.ok(jwks.keys.some((k) => k.kid === kid));
  });

  it("every answer carries the fields the SDK's response types declare required (users, sessions, search, JWKS)", async () => {
    const has = (what: string, o: object, keys: readonly string[]) => {
      for (const k of keys) assert.ok(k in o && (o as Record<string, unknown>)[k] !== undefined, `${what} has ${k}: ${JSON.stringify(o)}`);
    };
    const envelope = ['request_id', 'status_code'] as const;
    // User, Session and their required fields in node_modules/stytch/types/lib/b2c/{users,sessions}.d.ts.
    const USER = [
      'user_id',
      'emails',
      'status',
      'phone_numbers',
      'webauthn_registrations',
      'providers',
      'totps',
      'crypto_wallets',
      'biometric_registrations',
      'is_locked',
      'roles',
    ];
    const SESSION = ['session_id', 'user_id', 'authentication_factors', 'roles'];

    const created = await client.users.create({ email: 'sdk-shape@example.com', phone_number: '+15005550142' });
    has('users.create', created, [...envelope, 'user_id', 'email_id', 'status', 'phone_id', 'user']);
    has('users.create user', created.user, USER);
    has('users.get', await client.users.get({ user_id: created.user_id }), [...envelope, ...USER]);
    const updated = await client.users.update({ user_id: created.user_id, untrusted_metadata: { a: 1 } });
    has('users.update', updated, [...envelope, 'user_id', 'emails', 'phone_numbers', 'crypto_wallets', 'user']);
    has('users.update user', updated.user, USER);
    const search = await client.users.search({ limit: 1 });
    has('users.search', search, [...envelope, 'results', 'results_metadata']);
    has('users.search results_metadata', search.results_metadata, ['total']);
    for (const u of search.results) has('users.search result', u, USER);
    const phoneDeleted = await client.users.deletePhoneNumber({ phone_id: created.phone_id });
    has('users.deletePhoneNumber', phoneDeleted, [...envelope, 'user_id', 'user']);

    const s = await signedIn('sdk-shape@example.com');
    const auth = await client.sessions.authenticate({ session_token: s.token });
    has('sessions.authenticate', auth, [...envelope, 'session', 'session_token', 'session_jwt', 'user']);
    has('sessions.authenticate session', auth.session, SESSION);
    has('sessions.authenticate user', auth.user, USER);
    for (const f of auth.session.authentication_factors) has('authentication factor', f, ['type', 'delivery_method']);
    const listed = await client.sessions.get({ user_id: s.userId });
    has('sessions.get', listed, [...envelope, 'sessions']);
    for (const x of listed.sessions) has('sessions.get session', x, SESSION);
    has('sessions.getJWKS', await client.sessions.getJWKS({ project_id: t.projectId }), [...envelope, 'keys']);
    has('rbac.policy', await client.rbac.policy(), [...envelope, 'policy']);
    has('sessions.revoke', await client.sessions.revoke({ session_id: s.sessionId }), envelope);
    has('users.delete', await client.users.delete({ user_id: created.user_id }), [...envelope, 'user_id']);
  });

  // Last: it rotates the signing key of the suite's app.
  it('across a signing key rotation: old and new JWTs verify locally against a fresh key set, and the SDK with a stale copy falls back to the server', async () => {
    const stale = sdkClient();
    const old = await signedIn('sdk-rotate-old@example.com');
    await stale.sessions.authenticateJwtLocal({ session_jwt: old.jwt });
    const { kid } = await rotateSigningKey(t.services.db, { now: t.clock.t });
    // The server re-reads its keys every KEY_REFRESH_MS; the SDK then allows for the clocks' difference.
    clock.offset += KEY_REFRESH_MS;
    const tolerance = { clock_tolerance_seconds: 2 * (KEY_REFRESH_MS / 1000) };
    const fresh = await signedIn('sdk-rotate-new@example.com');
    assert.equal(JSON.parse(Buffer.from(String(fresh.jwt.split('.')[0]), 'base64url').toString()).kid, kid);

    const after = sdkClient();
    assert.equal((await after.sessions.authenticateJwtLocal({ session_jwt: fresh.jwt, ...tolerance })).session_id, fresh.sessionId);
    assert.equal((await after.sessions.authenticateJwtLocal({ session_jwt: old.jwt, ...tolerance })).session_id, old.sessionId);
    // The stale copy lacks the new key (the SDK refetches at most every 30 s): authenticateJwt asks the server.
    const viaServer = await stale.sessions.authenticateJwt({ session_jwt: fresh.jwt });
    assert.equal(viaServer.session.session_id, fresh.sessionId);
  });
});
