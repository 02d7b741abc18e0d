import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import { login, type TestApp, testApp } from '../test-helpers.ts';
import { IMPERSONATION_TOKEN_TTL_MS, impersonationAudit, mintImpersonationToken } from './index.ts';

type Json = Record<string, unknown>;
const data = (r: { json: Json }) => r.json.data as Json;

describe('impersonation: admin-minted token -> marked, audited, non-extendable session', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  it('the session is the user’s, marked impersonated in the session and the JWT, 60 minutes, never extended; both steps audited', async () => {
    const { data: signedIn } = await login(t, 'impersonated@example.com');
    const userId = String(signedIn.user_id);
    const { token, expiresAt } = await mintImpersonationToken(t.services.db, t.projectId, userId, {
      adminId: 'support@corp.example',
      reason: 'ticket 42',
      now: t.clock.t,
    });
    assert.equal(expiresAt, t.clock.t + IMPERSONATION_TOKEN_TTL_MS);
    assert.ok(Buffer.from(token, 'base64url').length >= 16, 'at least 128 bits');
    const r = await t.call('POST', '/sdk/v1/impersonation/authenticate', {
      body: { impersonation_token: token },
      headers: { 'user-agent': 'support-browser' },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const d = data(r) as Json & {
      session: { session_id: string; expires_at: string; authentication_factors: Json[] };
      session_jwt: string;
      session_token: string;
    };
    assert.equal(d.user_id, userId);
    assert.equal(d.session.expires_at, new Date(t.clock.t + 60 * 60_000).toISOString());
    assert.deepEqual(d.session.authentication_factors[0], {
      type: 'impersonated',
      delivery_method: 'impersonation',
      last_authenticated_at: new Date(t.clock.t).toISOString(),
      impersonated_factor: { impersonator_id: 'support@corp.example' },
    });
    const jwks = (await t.call('GET', '/.well-known/jwks.json', { auth: false })).json as unknown as JSONWebKeySet;
    const { payload } = await jwtVerify(d.session_jwt, createLocalJWKSet(jwks), { currentDate: new Date(t.clock.t) });
    const claim = payload['https://stytch.com/session'] as { authentication_factors: Json[] };
    assert.equal(claim.authentication_factors[0]?.type, 'impersonated');
    // sessions/authenticate with a duration keeps the expiry of an impersonated session.
    t.advance(10 * 60_000);
    const touched = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: d.session_token, body: { session_duration_minutes: 600 } });
    assert.equal(touched.status, 200, JSON.stringify(touched.json));
    assert.equal((data(touched) as { session: { expires_at: string } }).session.expires_at, d.session.expires_at);
    // An ordinary session is still extended.
    const normal = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: String(signedIn.session_token), body: { session_duration_minutes: 600 } });
    assert.equal((data(normal) as { session: { expires_at: string } }).session.expires_at, new Date(t.clock.t + 600 * 60_000).toISOString());
    const audit = await impersonationAudit(t.services.db, t.projectId, userId);
    assert.deepEqual(
      audit.map((a) => [a.event, a.impersonator_id, a.reason, a.session_id]),
      [
        ['minted', 'support@corp.example', 'ticket 42', null],
        ['authenticated', 'support@corp.example', 'ticket 42', d.session.session_id],
      ],
    );
    assert.equal(audit[1]?.user_agent, 'support-browser');
  });

  it('mint refuses an unknown user or an empty admin id', async () => {
    await assert.rejects(mintImpersonationToken(t.services.db, t.projectId, 'user-test-nobody', { adminId: 'a' }), /no user/);
    const { data: d } = await login(t, 'imp-admin@example.com');
    await assert.rejects(mintImpersonationToken(t.services.db, t.projectId, String(d.user_id), { adminId: '  ' }), /adminId/);
    await assert.rejects(mintImpersonationToken(t.services.db, 'project-test-other', String(d.user_id), { adminId: 'a' }), /no user/);
  });
});
