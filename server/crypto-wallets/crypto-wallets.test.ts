/** Crypto-wallet sign-in against the real app (docs/reference/methods/crypto-wallets.md#calls): sign-up, sign-in, SIWE, attach, users/me, delete. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseSiweMessage } from 'viem/siwe';
import { type CallOptions, login, type TestApp, testApp } from '../test-helpers.ts';
import { ethereumWallet, solanaWallet, type TestWallet } from './test-wallets.ts';

const ORIGIN = 'http://localhost:3000';
type Data = Record<string, unknown>;

/** Start, sign, authenticate; returns the authenticate answer. */
export async function walletSignIn(t: TestApp, w: TestWallet, o: CallOptions & { variant?: 'primary' | 'secondary'; siwe?: Data } = {}) {
  const start = await t.call('POST', `/sdk/v1/crypto_wallets/authenticate/start/${o.variant ?? 'primary'}`, {
    ...o,
    body: { crypto_wallet_address: w.address, crypto_wallet_type: w.type, ...(o.siwe ? { siwe_params: o.siwe } : {}) },
  });
  assert.equal(start.status, 200, JSON.stringify(start.json));
  const challenge = String(start.json.data?.challenge);
  const signature = await w.sign(challenge);
  const auth = await t.call('POST', '/sdk/v1/crypto_wallets/authenticate', {
    ...o,
    body: { crypto_wallet_address: w.address, crypto_wallet_type: w.type, signature, session_duration_minutes: 60 },
  });
  return { start, challenge, auth };
}

for (const kind of ['ethereum', 'solana'] as const) {
  describe(`crypto wallets: ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await testApp();
    });
    after(() => t.close());
    const wallet = () => (kind === 'ethereum' ? ethereumWallet() : solanaWallet());

    it('signs up a new wallet, then signs the same user in', async () => {
      const w = wallet();
      const first = await walletSignIn(t, w, { origin: ORIGIN });
      assert.equal(first.start.json.data?.user_created, true);
      assert.equal(first.auth.status, 200, JSON.stringify(first.auth.json));
      const d = first.auth.json.data as Data & { user: { crypto_wallets: Data[] }; session: { authentication_factors: Data[] } };
      assert.equal(d.user.crypto_wallets.length, 1);
      assert.equal(d.user.crypto_wallets[0]?.crypto_wallet_address, w.address);
      assert.equal(d.user.crypto_wallets[0]?.crypto_wallet_type, kind);
      assert.equal(d.session.authentication_factors[0]?.type, 'crypto');
      assert.match(String(d.session_token), /.{20,}/);
      assert.match(first.challenge, /^Signing in with Project: .+\nNonce: [0-9a-f]{32}$/);

      const second = await walletSignIn(t, w, { origin: ORIGIN });
      assert.equal(second.start.json.data?.user_created, false);
      assert.equal(second.auth.status, 200);
      assert.equal(second.auth.json.data?.user_id, d.user_id);

      const me = await t.call('GET', '/sdk/v1/users/me', { secret: String(second.auth.json.data?.session_token) });
      assert.deepEqual((me.json.data as { crypto_wallets: Data[] }).crypto_wallets, d.user.crypto_wallets);
    });

    it('a secondary start attaches the wallet to the signed-in user, and the delete removes it', async () => {
      const { token, data } = await login(t, `cw-${kind}@example.com`);
      const w = wallet();
      const r = await walletSignIn(t, w, { origin: ORIGIN, variant: 'secondary', secret: token });
      assert.equal(r.start.json.data?.user_created, false);
      assert.equal(r.start.json.data?.user_id, data.user_id);
      assert.equal(r.auth.status, 200, JSON.stringify(r.auth.json));
      const d = r.auth.json.data as Data & { user: { crypto_wallets: { crypto_wallet_id: string }[] }; session: { authentication_factors: Data[] } };
      assert.equal(d.user_id, data.user_id);
      assert.equal(d.session_token, token, 'the factor joins the existing session');
      assert.deepEqual(
        d.session.authentication_factors.map((f) => f.type),
        ['otp', 'crypto'],
      );
      const id = d.user.crypto_wallets[0]?.crypto_wallet_id ?? '';
      const other = await login(t, `cw-other-${kind}@example.com`);
      assert.equal((await t.call('DELETE', `/sdk/v1/users/crypto_wallets/${id}`, { secret: other.token })).json.error_type, 'crypto_wallet_not_found');
      const del = await t.call('DELETE', `/sdk/v1/users/crypto_wallets/${id}`, { secret: token });
      assert.equal(del.status, 200);
      assert.deepEqual((del.json.data as { user: { crypto_wallets: unknown[] } }).user.crypto_wallets, []);
      const again = await t.call('DELETE', `/sdk/v1/users/crypto_wallets/${id}`, { secret: token });
      assert.equal(again.status, 404);
      assert.equal(again.json.error_type, 'crypto_wallet_not_found');
    });

    it('a wallet of another user cannot be attached', async () => {
      const w = wallet();
      assert.equal((await walletSignIn(t, w, { origin: ORIGIN })).auth.status, 200);
      const { token } = await login(t, `cw-dup-${kind}@example.com`);
      const r = await walletSignIn(t, w, { origin: ORIGIN, variant: 'secondary', secret: token });
      assert.equal(r.auth.status, 400);
      assert.equal(r.auth.json.error_type, 'duplicate_crypto_wallet');
    });

    it('a secondary start needs a session', async () => {
      const w = wallet();
      const r = await t.call('POST', '/sdk/v1/crypto_wallets/authenticate/start/secondary', {
        origin: ORIGIN,
        body: { crypto_wallet_address: w.address, crypto_wallet_type: w.type },
      });
      assert.equal(r.status, 401);
      assert.equal(r.json.error_type, 'user_unauthenticated');
    });
  });
}

describe('crypto wallets: SIWE (EIP-4361)', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({ bootstrap: { siwe_required_for_crypto_wallets: true } });
  });
  after(() => t.close());

  it("with the bootstrap's SIWE flag on, the challenge is a SIWE message for the request's origin", async () => {
    const w = ethereumWallet();
    const r = await walletSignIn(t, w, { origin: ORIGIN });
    assert.equal(r.auth.status, 200, JSON.stringify(r.auth.json));
    const m = parseSiweMessage(r.challenge);
    assert.equal(m.domain, 'localhost:3000');
    assert.equal(m.address, w.address);
    assert.equal(m.uri, ORIGIN);
    assert.equal(m.chainId, 1);
    assert.equal(m.version, '1');
    assert.match(String(m.nonce), /^[0-9a-f]{32}$/);
    assert.equal(m.issuedAt?.getTime(), t.clock.t);
    assert.equal(m.expirationTime?.getTime(), t.clock.t + 10 * 60_000);
    assert.deepEqual(r.auth.json.data?.siwe_params, {
      domain: 'localhost:3000',
      uri: ORIGIN,
      chain_id: '1',
      resources: [],
      issued_at: new Date(t.clock.t).toISOString(),
      message_request_id: '',
    });
  });

  it('carries the caller’s uri, chain id, statement, not-before, request id and resources', async () => {
    const w = ethereumWallet();
    const nb = new Date(t.clock.t - 1000).toISOString();
    const siwe = {
      uri: `${ORIGIN}/login`,
      chain_id: '137',
      statement: 'Sign in to the demo.',
      not_before: nb,
      message_request_id: 'req-1',
      resources: ['https://example.com/terms'],
    };
    const r = await walletSignIn(t, w, { origin: ORIGIN, siwe });
    assert.equal(r.auth.status, 200, JSON.stringify(r.auth.json));
    const m = parseSiweMessage(r.challenge);
    assert.equal(m.uri, `${ORIGIN}/login`);
    assert.equal(m.chainId, 137);
    assert.equal(m.statement, 'Sign in to the demo.');
    assert.equal(m.notBefore?.toISOString(), nb);
    assert.equal(m.requestId, 'req-1');
    assert.deepEqual(m.resources, ['https://example.com/terms']);
  });

  it('Solana wallets keep the plain challenge even with the SIWE flag on', async () => {
    const r = await walletSignIn(t, solanaWallet(), { origin: ORIGIN });
    assert.equal(r.auth.status, 200);
    assert.match(r.challenge, /^Signing in with Project: /);
  });
});
