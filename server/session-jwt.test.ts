/**
 * The session JWT any standard verifier accepts (docs/reference/wire-protocol.md#session-jwt): `iss` the base
 * URL the server was called at (JWT_ISSUER overrides), `aud` the project, header `typ: JWT`, the session with
 * its roles inside the session claim, custom claims at the top level; and the provider's own Node SDK
 * verifying it locally. Runs on SQLite, and on Postgres too with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import stytch from 'stytch';
import type { RBACPolicy } from '../sdk-core/schemas/index.ts';
import { openDatabase } from './db/index.ts';
import { loadSigningKeys, SESSION_CLAIM, signSessionJwt } from './keys.ts';
import { setRolesOf } from './rbac/index.ts';
import { login, type TestApp, testApp } from './test-helpers.ts';

/** Roles the tests give (a role must be in the project's policy). */
const POLICY: RBACPolicy = {
  roles: ['stytch_user', 'editor', 'admin'].map((role_id) => ({ role_id, permissions: [{ resource_id: 'documents', actions: ['read'] }] })),
  resources: [{ resource_id: 'documents', actions: ['read'] }],
  scopes: [],
};

type SessionClaim = { id: string; roles: string[]; authentication_factors: unknown[]; expires_at: string };

describe('session JWT claims', () => {
  let t: TestApp;
  let base: string;
  before(async () => {
    t = await testApp({ bootstrap: { rbac_policy: POLICY } });
    base = await t.listen();
  });
  after(() => t.close());

  it('iss is the base URL the server was called at (no trailing slash), aud the project, typ JWT, roles inside the session claim', async () => {
    const { data, token } = await login(t, 'claims@example.com');
    await setRolesOf(t.services, String(data.user_id), ['editor']);
    const r = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: token, body: {} });
    const jwt = String((r.json.data as { session_jwt: string }).session_jwt);
    const jwks = (await t.call('GET', `/v1/sessions/jwks/${t.projectId}`, { auth: false })).json as unknown as JSONWebKeySet;
    const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(jwks), {
      issuer: base,
      audience: t.projectId,
      typ: 'JWT',
      algorithms: ['ES256'],
      currentDate: new Date(t.clock.t),
    });
    assert.equal(base.endsWith('/'), false);
    assert.equal(protectedHeader.typ, 'JWT');
    assert.equal(payload.sub, data.user_id);
    const claim = payload[SESSION_CLAIM] as SessionClaim;
    assert.deepEqual(claim.roles, ['stytch_user', 'editor']);
    assert.equal(payload.roles, undefined, 'roles are not a top-level (custom) claim');
  });

  it('the same session called at another host name gets a JWT of that issuer', async () => {
    const { token } = await login(t, 'two-names@example.com');
    const at = async (host: string) => {
      const res = await fetch(`${base.replace('127.0.0.1', host)}/sdk/v1/sessions/authenticate`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${t.publicToken}:${token}`).toString('base64')}`, 'content-type': 'application/json' },
        body: '{}',
      });
      return decodeJwt(((await res.json()) as { data: { session_jwt: string } }).data.session_jwt).iss;
    };
    assert.equal(await at('127.0.0.1'), base);
    assert.equal(await at('localhost'), base.replace('127.0.0.1', 'localhost'));
  });

  it("the provider's Node SDK verifies the JWT locally and reads the session's roles", async () => {
    const { data, token } = await login(t, 'sdk-local@example.com');
    await setRolesOf(t.services, String(data.user_id), ['admin']);
    const r = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: token, body: {} });
    const d = r.json.data as { session_jwt: string; session: { session_id: string } };
    const client = new stytch.Client({ project_id: t.projectId, secret: 'secret-test-unused-by-local-checks', env: `${base}/` });
    const session = await client.sessions.authenticateJwtLocal({ session_jwt: d.session_jwt, current_date: new Date(t.clock.t) });
    assert.equal(session.session_id, d.session.session_id);
    assert.equal(session.user_id, data.user_id);
    assert.deepEqual(session.roles, ['stytch_user', 'admin']);
    assert.deepEqual(session.custom_claims, {});
  });
});

describe('session JWT issuer overrides', () => {
  it('JWT_ISSUER (the issuer option) replaces the base URL', async () => {
    const t = await testApp({ issuer: 'https://auth.example.com' });
    try {
      const { data } = await login(t, 'fixed-issuer@example.com');
      assert.equal(decodeJwt(String(data.session_jwt)).iss, 'https://auth.example.com');
    } finally {
      await t.close();
    }
  });

  it('behind a trusted proxy the scheme is the forwarded one; untrusted, the header is ignored', async () => {
    for (const trustProxy of [true, false]) {
      const t = await testApp({ trustProxy });
      try {
        const base = await t.listen();
        const { token } = await login(t, `proxy-${trustProxy}@example.com`);
        const r = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: token, body: {}, headers: { 'x-forwarded-proto': 'https' } });
        const iss = decodeJwt(String((r.json.data as { session_jwt: string }).session_jwt)).iss;
        assert.equal(iss, trustProxy ? base.replace('http:', 'https:') : base);
      } finally {
        await t.close();
      }
    }
  });
});

describe('signSessionJwt', () => {
  it('puts custom claims at the top level, never over a registered claim or the session claim', async () => {
    const db = await openDatabase({ dataDir: ':memory:' });
    try {
      const keys = await loadSigningKeys(db, 1_000);
      const session = {
        session_id: 'session-test-1',
        user_id: 'user-test-1',
        started_at: '',
        last_accessed_at: '',
        expires_at: '',
        attributes: { ip_address: '', user_agent: '' },
        authentication_factors: [],
        custom_claims: { plan: 'pro', sub: 'user-test-evil', iss: 'evil', [SESSION_CLAIM]: { id: 'forged' } },
        roles: ['stytch_user'],
      };
      const jwt = await signSessionJwt(keys, { projectId: 'project-test-1', issuer: 'https://auth.example.com', session, nowMs: Date.now() });
      const claims = decodeJwt(jwt);
      assert.equal(claims.plan, 'pro');
      assert.equal(claims.sub, 'user-test-1');
      assert.equal(claims.iss, 'https://auth.example.com');
      assert.equal((claims[SESSION_CLAIM] as SessionClaim).id, 'session-test-1');
      assert.deepEqual((claims[SESSION_CLAIM] as SessionClaim).roles, ['stytch_user']);
      assert.equal(decodeProtectedHeader(jwt).typ, 'JWT');
    } finally {
      await db.close();
    }
  });
});
