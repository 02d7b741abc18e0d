/**
 * Attack: an app grant outlives remediation. With a stolen session the attacker authorises a public
 * first-party client with `offline_access`, then keeps the refresh token. The victim changes the password
 * (each path: session reset, existing-password reset, email reset), an admin revokes all sessions, or the
 * user is deleted: after each, the refresh token, the access token and `sessions/exchange_access_token`
 * must all fail, so no new session of the victim can be minted from the grant.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { InboxMessage } from '../../sdk-core/schemas/index.ts';
import { createIdpClient } from '../../server/idp/clients.ts';
import { consent, pkce, setupIdp, tokenRequest, userinfoStatus } from '../../server/idp/test-flow.ts';
import { deleteUser } from '../../server/ops/admin.ts';
import { revokeUserSessions } from '../../server/user-actions.ts';
import { login, type TestApp, testApp } from '../../server/test-helpers.ts';

const STRONG = 'violet-Harbor-quietly-47';
const STRONG2 = 'amber Tundra whistles 93';
const SPA_CB = 'https://own-spa.example/cb';

describe('attack: an IdP grant minted with a stolen session outlives remediation', () => {
  let t: TestApp;
  let spaId: string;
  before(async () => {
    t = await testApp();
    await setupIdp(t, 'setup@example.com');
    const spa = await createIdpClient(t.services.db, t.projectId, {
      client_name: 'Our Own SPA',
      client_type: 'first_party',
      redirect_uris: [SPA_CB],
      public: true,
      now: t.clock.t,
    });
    spaId = spa.client_id;
  });
  after(() => t.close());

  /** What the attacker does with the stolen session: a refresh token and an access token of the public first-party client. */
  async function stealGrant(session: string): Promise<{ refresh: string; access: string }> {
    const { verifier, challenge } = pkce();
    const url = await consent(t, session, { client_id: spaId, redirect_uri: SPA_CB, scopes: ['openid', 'offline_access'], code_challenge: challenge });
    const code = url.searchParams.get('code');
    assert.ok(code, url.href);
    const r = await tokenRequest(t, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: SPA_CB, client_id: spaId });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(typeof r.json.refresh_token, 'string');
    return { refresh: String(r.json.refresh_token), access: String(r.json.access_token) };
  }

  /** The grant works before remediation: refresh rotates and the access token trades for a session. */
  async function assertGrantWorks(g: { refresh: string; access: string }): Promise<{ refresh: string; access: string }> {
    const r = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: g.refresh, client_id: spaId });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const next = { refresh: String(r.json.refresh_token), access: String(r.json.access_token) };
    const ex = await t.call('POST', '/sdk/v1/sessions/exchange_access_token', { body: { access_token: next.access } });
    assert.equal(ex.status, 200, JSON.stringify(ex.json));
    return next;
  }

  /** After remediation nothing of the grant works. */
  async function assertGrantDead(g: { refresh: string; access: string }): Promise<void> {
    const r = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: g.refresh, client_id: spaId });
    assert.equal(r.status, 400, JSON.stringify(r.json));
    assert.equal(r.json.error, 'invalid_grant');
    const ex = await t.call('POST', '/sdk/v1/sessions/exchange_access_token', { body: { access_token: g.access } });
    assert.equal(ex.status, 401, JSON.stringify(ex.json));
    assert.equal(ex.json.error_type, 'invalid_access_token');
    assert.equal(await userinfoStatus(t, g.access), 401);
  }

  /** A victim with a password and a live session (the one the attacker stole). */
  async function victim(email: string): Promise<{ session: string; userId: string }> {
    const { token } = await login(t, email);
    const set = await t.call('POST', '/sdk/v1/passwords/session/reset', { secret: token, body: { password: STRONG } });
    assert.equal(set.status, 200, JSON.stringify(set.json));
    return { session: String(set.json.data?.session_token), userId: String(set.json.data?.user_id) };
  }

  it('a password change through session reset revokes the grant', async () => {
    const v = await victim('v-session@example.com');
    const g = await assertGrantWorks(await stealGrant(v.session));
    const own = await login(t, 'v-session@example.com');
    const r = await t.call('POST', '/sdk/v1/passwords/session/reset', { secret: own.token, body: { password: STRONG2 } });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    await assertGrantDead(g);
  });

  it('a password change through existing-password reset revokes the grant', async () => {
    const v = await victim('v-existing@example.com');
    const g = await assertGrantWorks(await stealGrant(v.session));
    const r = await t.call('POST', '/sdk/v1/passwords/existing_password/reset', {
      body: { email: 'v-existing@example.com', existing_password: STRONG, new_password: STRONG2 },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    await assertGrantDead(g);
  });

  it('a password change through an emailed reset link revokes the grant', async () => {
    const v = await victim('v-email@example.com');
    const g = await assertGrantWorks(await stealGrant(v.session));
    const p = pkce();
    const start = await t.call('POST', '/sdk/v1/passwords/email/reset/start', {
      body: { email: 'v-email@example.com', reset_password_redirect_url: 'http://localhost:3000/reset', code_challenge: p.challenge },
    });
    assert.equal(start.status, 200, JSON.stringify(start.json));
    const messages = (await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent('v-email@example.com')}`)).json.messages as InboxMessage[];
    const token = new URL(messages[0]!.link!).searchParams.get('token')!;
    const r = await t.call('POST', '/sdk/v1/passwords/email/reset', { body: { token, password: STRONG2, code_verifier: p.verifier } });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    await assertGrantDead(g);
  });

  it("an admin's revoke of all sessions revokes the grant (and a grant minted after it works)", async () => {
    const v = await victim('v-admin@example.com');
    const g = await assertGrantWorks(await stealGrant(v.session));
    const n = (await revokeUserSessions(t.services, v.userId)).length;
    assert.ok(n >= 1);
    await assertGrantDead(g);
    const fresh = await login(t, 'v-admin@example.com');
    await assertGrantWorks(await stealGrant(fresh.token));
  });

  it('the victim changing the password and the admin revoking all sessions, one after the other (the reported run)', async () => {
    const v = await victim('v-both@example.com');
    const g = await stealGrant(v.session);
    const r = await t.call('POST', '/sdk/v1/passwords/existing_password/reset', {
      body: { email: 'v-both@example.com', existing_password: STRONG, new_password: STRONG2 },
    });
    assert.equal(r.status, 200);
    await revokeUserSessions(t.services, v.userId);
    await assertGrantDead(g);
  });

  it('a user delete removes the grant', async () => {
    const v = await victim('v-delete@example.com');
    const g = await assertGrantWorks(await stealGrant(v.session));
    await deleteUser(t.services.db, v.userId);
    await assertGrantDead(g);
  });
});
