/**
 * Attacks on the account page's calls (issue 30): another user's sessions, addresses and passkeys named
 * by id; an attach token replayed, raced, or used for another provider; links of one provider account
 * raced by two users; bad input; the sensitive calls from a stale session under a two-step policy.
 * The races of the last sign-in method, the attach token and the links are also in the routes' own tests
 * (server/routes/profile.test.ts, server/oauth/attach.test.ts), on both databases.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { authorize, callback, pkcePair, start, startPath } from '../../server/oauth/test-flow.ts';
import { type CallResult, login, type TestApp, testApp } from '../../server/test-helpers.ts';

type Json = Record<string, unknown>;
const data = (r: CallResult) => r.json.data as Json;

describe('attack: the account page across users', () => {
  let t: TestApp;
  const { challenge } = pkcePair('p');
  before(async () => {
    t = await testApp();
    await t.listen();
  });
  after(() => t.close());

  /** A victim with a second session, a second verified email, a verified phone and a passkey. */
  async function victim(n: string) {
    const a = await login(t, `victim-${n}@example.com`, 24 * 60);
    const other = await login(t, `victim-${n}@example.com`, 24 * 60);
    const userId = String(a.data.user_id);
    const pid = t.projectId;
    const k = t.services.db.kysely;
    const now = t.clock.t;
    await k
      .insertInto('emails')
      .values({ email_id: `email-test-victim-${n}`, project_id: pid, user_id: userId, email: `victim-${n}-2@example.com`, verified: 1, created_at: now })
      .execute();
    await k
      .insertInto('phone_numbers')
      .values({
        phone_id: `phone-number-test-victim-${n}`,
        project_id: pid,
        user_id: userId,
        phone_number: `+1999000${n.padStart(4, '0')}`,
        verified: 1,
        created_at: now,
      })
      .execute();
    await k
      .insertInto('webauthn_registrations')
      .values({
        webauthn_registration_id: `webauthn-registration-test-victim-${n}`,
        project_id: pid,
        user_id: userId,
        credential_id: `cred-victim-${n}`,
        public_key: 'AA',
        counter: 0,
        transports: '[]',
        user_handle: 'AA',
        name: 'Victim key',
        domain: 'localhost',
        user_agent: '',
        authenticator_type: '',
        is_passkey: 1,
        user_verified: 1,
        backed_up: 0,
        device_type: 'singleDevice',
        aaguid: '',
        created_at: now,
        last_used_at: null,
      })
      .execute();
    const sessionId = String((other.data.session as Json).session_id);
    return {
      token: a.token,
      otherToken: other.token,
      userId,
      sessionId,
      emailId: `email-test-victim-${n}`,
      phoneId: `phone-number-test-victim-${n}`,
      passkeyId: `webauthn-registration-test-victim-${n}`,
    };
  }
  const snapshot = async (token: string) => {
    const me = data(await t.call('GET', '/sdk/v1/users/me', { secret: token }));
    return JSON.stringify({ emails: me.emails, phone_numbers: me.phone_numbers, webauthn: me.webauthn_registrations });
  };

  it("another user's session, email, phone and passkey ids are not found, and nothing of theirs changes", async () => {
    const v = await victim('1');
    const attacker = await login(t, 'attacker-1@example.com');
    const before = await snapshot(v.token);
    const cases: [string, string, unknown, number, string][] = [
      ['POST', '/sdk/v1/sessions/revoke', { session_id: v.sessionId }, 404, 'session_not_found'],
      ['POST', `/sdk/v1/users/emails/${v.emailId}/primary`, {}, 404, 'email_not_found'],
      ['POST', `/sdk/v1/users/phone_numbers/${v.phoneId}/primary`, {}, 404, 'phone_number_not_found'],
      ['DELETE', `/sdk/v1/users/emails/${v.emailId}`, undefined, 404, 'email_not_found'],
      ['DELETE', `/sdk/v1/users/phone_numbers/${v.phoneId}`, undefined, 404, 'phone_number_not_found'],
      ['DELETE', `/sdk/v1/users/webauthn_registrations/${v.passkeyId}`, undefined, 404, 'webauthn_registration_not_found'],
      ['PUT', `/sdk/v1/webauthn/update/${v.passkeyId}`, { name: 'pwned' }, 404, 'webauthn_registration_not_found'],
    ];
    for (const [method, path, body, status, type] of cases) {
      const r = await t.call(method, path, { secret: attacker.token, ...(body === undefined ? {} : { body }) });
      assert.equal(r.status, status, `${method} ${path}: ${JSON.stringify(r.json)}`);
      assert.equal(r.json.error_type, type, `${method} ${path}`);
    }
    // The attacker's own list never shows the victim's sessions; revoke_others ends only the attacker's.
    const list = (data(await t.call('GET', '/sdk/v1/sessions', { secret: attacker.token })).sessions as Json[]).map((s) => s.user_id);
    assert.deepEqual([...new Set(list)], [attacker.data.user_id]);
    assert.equal((await t.call('POST', '/sdk/v1/sessions/revoke_others', { secret: attacker.token })).status, 200);
    for (const token of [v.token, v.otherToken]) assert.equal((await t.call('GET', '/sdk/v1/users/me', { secret: token })).status, 200);
    assert.equal(await snapshot(v.token), before);
  });

  it('bad input gets a stable 4xx and changes nothing', async () => {
    const v = await victim('2');
    const before = await snapshot(v.token);
    const bad: [string, string, unknown][] = [
      ['POST', '/sdk/v1/sessions/revoke', { session_id: ['x'] }],
      ['POST', '/sdk/v1/sessions/revoke', { session_id: { $ne: null } }],
      ['PUT', '/sdk/v1/users/me', { name: { first_name: { $gt: '' } } }],
      ['PUT', '/sdk/v1/users/me', { name: { first_name: 'x'.repeat(10_000) } }],
      ['PUT', '/sdk/v1/users/me', { name: ['Ada'] }],
      ['POST', '/sdk/v1/oauth/attach', { provider: '__proto__' }],
      ['POST', '/sdk/v1/oauth/attach', { provider: ['github'] }],
    ];
    for (const [method, path, body] of bad) {
      const r = await t.call(method, path, { secret: v.token, body });
      assert.ok(r.status >= 400 && r.status < 500, `${path} ${JSON.stringify(body)}: ${r.status}`);
      assert.equal(typeof r.json.error_type, 'string');
    }
    for (const id of ["' OR 1=1 --", '%00', '..%2F..%2Fusers', 'x'.repeat(2000)]) {
      const r = await t.call('POST', `/sdk/v1/users/emails/${encodeURIComponent(id)}/primary`, { secret: v.token, body: {} });
      assert.ok(r.status === 404 || r.status === 400, `${id}: ${r.status}`);
    }
    assert.equal(await snapshot(v.token), before);
    assert.equal((await t.call('GET', '/sdk/v1/users/me', { secret: v.otherToken })).status, 200);
  });

  it('an attach token: replayed, raced by 50 starts, or used at another provider, links once at most', async () => {
    const v = await victim('3');
    const token = String(data(await t.call('POST', '/sdk/v1/oauth/attach', { secret: v.token, body: { provider: 'github' } })).oauth_attach_token);
    const elsewhere = await t.call('GET', startPath(t, 'discord', { code_challenge: challenge, oauth_attach_token: token }), { auth: false });
    assert.match(String(elsewhere.json.text), /oauth_attach_token_not_found/);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => t.call('GET', startPath(t, 'github', { code_challenge: challenge, oauth_attach_token: token }), { auth: false })),
    );
    assert.equal(results.filter((r) => r.status === 302).length, 1);
    const replay = await t.call('GET', startPath(t, 'github', { code_challenge: challenge, oauth_attach_token: token }), { auth: false });
    assert.match(String(replay.json.text), /oauth_attach_token_not_found/);
  });

  it("linking someone else's provider account reveals nothing about them and moves nothing", async () => {
    t.advance(11 * 60_000);
    const owner = await victim('4');
    const ownerToken = String(data(await t.call('POST', '/sdk/v1/oauth/attach', { secret: owner.token, body: { provider: 'github' } })).oauth_attach_token);
    await callback(
      t,
      await authorize(t, await start(t, 'github', { code_challenge: challenge, oauth_attach_token: ownerToken }), { email: 'victim-4@example.com' }),
    );
    const attacker = await login(t, 'attacker-4@example.com');
    const attackerToken = String(
      data(await t.call('POST', '/sdk/v1/oauth/attach', { secret: attacker.token, body: { provider: 'github' } })).oauth_attach_token,
    );
    const r = await callback(
      t,
      await authorize(t, await start(t, 'github', { code_challenge: challenge, oauth_attach_token: attackerToken }), { email: 'victim-4@example.com' }),
    );
    assert.equal(r.location?.searchParams.get('error_reason'), 'oauth_account_already_linked');
    assert.ok(!r.location?.href.includes(owner.userId) && !r.location?.href.includes('victim-4'));
    const attackerUser = data(await t.call('GET', '/sdk/v1/users/me', { secret: attacker.token }));
    assert.deepEqual(attackerUser.providers, []);
    assert.deepEqual(
      (attackerUser.emails as Json[]).map((e) => e.email),
      ['attacker-4@example.com'],
    );
  });
});

describe('attack: the sensitive account calls from a stale session under a two-step policy', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({ mfa: { policy: 'optional', reverification_minutes: 10 } });
  });
  after(() => t.close());

  it('revoke_others, delete account, oauth attach and the recovery codes answer 403 reverification_required; nothing happens', async () => {
    const a = await login(t, 'stale-victim@example.com', 24 * 60);
    const b = await login(t, 'stale-victim@example.com', 24 * 60);
    t.advance(11 * 60_000);
    for (const [method, path, body] of [
      ['POST', '/sdk/v1/sessions/revoke_others', {}],
      ['DELETE', '/sdk/v1/users/me', undefined],
      ['POST', '/sdk/v1/oauth/attach', { provider: 'github' }],
      ['POST', '/sdk/v1/totps/recovery_codes', {}],
      ['POST', '/sdk/v1/totps/recovery_codes/rotate', {}],
    ] as const) {
      const r = await t.call(method, path, { secret: a.token, ...(body === undefined ? {} : { body }) });
      assert.equal(r.status, 403, `${method} ${path}: ${JSON.stringify(r.json)}`);
      assert.equal(r.json.error_type, 'reverification_required', path);
    }
    for (const token of [a.token, b.token]) assert.equal((await t.call('GET', '/sdk/v1/users/me', { secret: token })).status, 200);
  });
});
