/**
 * Attacks on impersonation tokens (issue 15): a token replayed after its use (from a proxy log or a
 * browser history), 50 parallel redemptions racing the single-use check, a token used after its
 * 5 minutes, and a token of one project redeemed at another project of the same server.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { impersonationAudit, IMPERSONATION_TOKEN_TTL_MS, mintImpersonationToken } from '../../server/impersonation/index.ts';
import { login, type TestApp, testApp, type TwoApps, twoApps } from '../../server/test-helpers.ts';

const LIVE = {
  public_token: 'public-token-live-impersonation01',
  project_name: 'Live Imp Co',
  allowed_origins: ['https://app.example.com'],
  redirect_urls: ['https://app.example.com/auth/'],
};

describe('attack: impersonation tokens', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  let n = 0;
  async function mint() {
    const { data } = await login(t, `imp-victim-${++n}@example.com`);
    const userId = String(data.user_id);
    const { token } = await mintImpersonationToken(t.services.db, t.projectId, userId, { adminId: 'agent-7', now: t.clock.t });
    return { userId, token };
  }
  const redeem = (token: string) => t.call('POST', '/sdk/v1/impersonation/authenticate', { body: { impersonation_token: token } });

  it('a used token is refused the second time', async () => {
    const { token } = await mint();
    assert.equal((await redeem(token)).status, 200);
    const again = await redeem(token);
    assert.equal(again.status, 404);
    assert.equal(again.json.error_type, 'impersonation_token_not_found');
  });

  it('50 parallel redemptions: exactly one session, one audit row', async () => {
    const { token, userId } = await mint();
    const results = await Promise.all(Array.from({ length: 50 }, () => redeem(token)));
    assert.equal(results.filter((r) => r.status === 200).length, 1);
    for (const r of results.filter((x) => x.status !== 200)) assert.equal(r.json.error_type, 'impersonation_token_not_found');
    const audit = await impersonationAudit(t.services.db, t.projectId, userId);
    assert.equal(audit.filter((a) => a.event === 'authenticated').length, 1);
  });

  it('expiry: works just before 5 minutes, refused at 5 minutes (movable clock)', async () => {
    const a = await mint();
    const b = await mint();
    t.advance(IMPERSONATION_TOKEN_TTL_MS - 1);
    assert.equal((await redeem(a.token)).status, 200);
    t.advance(1);
    assert.equal((await redeem(b.token)).json.error_type, 'impersonation_token_not_found');
  });

  it('unknown, empty and oversized tokens are refused cleanly', async () => {
    assert.equal((await redeem('x'.repeat(43))).json.error_type, 'impersonation_token_not_found');
    assert.equal((await redeem('')).json.error_type, 'impersonation_token_not_found');
    assert.equal((await redeem('x'.repeat(10_000))).json.error_type, 'invalid_request_body');
    assert.equal((await t.call('POST', '/sdk/v1/impersonation/authenticate', { body: {} })).json.error_type, 'invalid_request_body');
  });

  describe('cross-project', () => {
    let apps: TwoApps;
    let a: TestApp;
    let b: TestApp;
    before(async () => {
      apps = await twoApps({}, { liveProject: LIVE });
      ({ a, b } = apps);
    });
    after(() => apps.close());

    it('a token minted for project A is unknown at project B of the same database, and still good at A', async () => {
      const { data } = await login(a, 'imp-cross@example.com');
      const { token } = await mintImpersonationToken(a.services.db, a.projectId, String(data.user_id), { adminId: 'agent', now: a.clock.t });
      const atB = await b.call('POST', '/sdk/v1/impersonation/authenticate', { body: { impersonation_token: token }, origin: 'https://app.example.com' });
      assert.equal(atB.json.error_type, 'impersonation_token_not_found');
      // Nor can an admin of B mint for A's user through B's project id.
      await assert.rejects(mintImpersonationToken(b.services.db, b.projectId, String(data.user_id), { adminId: 'agent' }), /no user/);
      assert.equal((await a.call('POST', '/sdk/v1/impersonation/authenticate', { body: { impersonation_token: token } })).status, 200);
    });
  });
});
