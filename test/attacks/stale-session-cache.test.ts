/**
 * Attack (issue 16): sessions/authenticate answers a call from the rows an earlier call read while the
 * database is unchanged (server/session-read-cache.ts). An attacker holding a stolen session token keeps
 * calling it, so that every process keeps it warm, and hopes a revoke or a sign-out on another device,
 * which goes through another process, is not seen; or sends a token one character off, hoping for a
 * neighbour's cached answer. Two app instances on one store stand for two processes.
 * SQLite, and Postgres with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { login, type TestApp, type TwoApps, twoApps } from '../../server/test-helpers.ts';

const authenticate = (t: TestApp, token: string) => t.call('POST', '/sdk/v1/sessions/authenticate', { secret: token, body: {} });

describe('attack: a stolen session kept warm in the read cache', () => {
  let apps: TwoApps;
  let attackerSide: TestApp;
  let victimSide: TestApp;
  before(async () => {
    apps = await twoApps();
    ({ a: attackerSide, b: victimSide } = apps);
  });
  after(() => apps?.close());

  /**
   * Runs the attacker's `loops` loops of `calls` back-to-back calls of `token`; once `meanwhile` has
   * settled, the victim revokes it through the other instance. Every answer is 200 or 404; returns how
   * many calls begun after the revoke had returned were answered 200.
   */
  const servedAfterRevoke = async (token: string, { loops, calls }: { loops: number; calls: number }, meanwhile: () => Promise<unknown>) => {
    let revoked = false;
    let served = 0;
    const loop = async () => {
      for (let i = 0; i < calls; i++) {
        const wasRevoked = revoked;
        const r = await authenticate(attackerSide, token);
        if (wasRevoked && r.status === 200) served++;
        assert.ok(r.status === 200 || r.status === 404, `call ${i}: ${r.status}`);
      }
    };
    const running = Array.from({ length: loops }, loop);
    await meanwhile();
    assert.equal((await victimSide.call('POST', '/sdk/v1/sessions/revoke', { secret: token, body: {} })).status, 200);
    revoked = true;
    await Promise.all(running);
    return served;
  };

  it('fails on the very next call once the victim revokes it elsewhere, while the attacker is calling', async () => {
    const { token } = await login(victimSide, 'victim@example.com');
    // The attacker's loop: back-to-back calls through its own process, before, during and after the revoke.
    assert.equal(await servedAfterRevoke(token, { loops: 1, calls: 60 }, () => authenticate(attackerSide, token)), 0);
    const r = await authenticate(attackerSide, token);
    assert.equal(r.status, 404);
    assert.equal(r.json.error_type, 'session_not_found');
    assert.equal(r.json.data, undefined);
  });

  it('fails for every call begun after the revoke, while many calls at once share the version reads', async () => {
    const { token } = await login(victimSide, 'victim-parallel@example.com');
    await authenticate(attackerSide, token);
    // Eight loops at once: calls keep arriving while a version read (shared on Postgres) is under way.
    assert.equal(await servedAfterRevoke(token, { loops: 8, calls: 30 }, () => new Promise((resolve) => setTimeout(resolve, 5))), 0);
  });

  it("never answers a token with another session's cached answer", async () => {
    const one = await login(attackerSide, 'one@example.com');
    const two = await login(attackerSide, 'two@example.com');
    for (let i = 0; i < 2; i++) {
      assert.equal((await authenticate(attackerSide, one.token)).json.data?.session_token, one.token);
      assert.equal((await authenticate(attackerSide, two.token)).json.data?.session_token, two.token);
    }
    const last = one.token.at(-1) === 'a' ? 'b' : 'a';
    const neighbour = `${one.token.slice(0, -1)}${last}`;
    const r = await authenticate(attackerSide, neighbour);
    assert.equal(r.status, 404);
    assert.equal(r.json.error_type, 'session_not_found');
  });
});
