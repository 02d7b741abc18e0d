/**
 * Attacks on crypto-wallet sign-in (issue 15): a signature that is not the wallet's, a challenge used
 * twice or late, a SIWE message moved to another site, chain or time, oversized or malformed input.
 * Every signature is made with a real key (viem accounts, ed25519 key pairs). Runs on SQLite and, with
 * TEST_DATABASE_URL, on Postgres.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { ethereumWallet, solanaWallet, type TestWallet } from '../../server/crypto-wallets/test-wallets.ts';
import { login, type TestApp, testApp } from '../../server/test-helpers.ts';

const ORIGIN = 'http://localhost:3000';
type Data = Record<string, unknown>;

describe('attack: crypto-wallet sign-in', () => {
  let t: TestApp;
  let siwe: TestApp;
  before(async () => {
    t = await testApp();
    siwe = await testApp({ bootstrap: { siwe_required_for_crypto_wallets: true } });
  });
  after(async () => {
    await t.close();
    await siwe.close();
  });

  const start = (app: TestApp, w: { address: string; type: string }, o: { origin?: string; siwe_params?: Data; secret?: string; variant?: string } = {}) =>
    app.call('POST', `/sdk/v1/crypto_wallets/authenticate/start/${o.variant ?? 'primary'}`, {
      origin: o.origin ?? ORIGIN,
      ...(o.secret ? { secret: o.secret } : {}),
      body: { crypto_wallet_address: w.address, crypto_wallet_type: w.type, ...(o.siwe_params ? { siwe_params: o.siwe_params } : {}) },
    });
  const authenticate = (app: TestApp, w: { address: string; type: string }, signature: string, o: { origin?: string; secret?: string } = {}) =>
    app.call('POST', '/sdk/v1/crypto_wallets/authenticate', {
      origin: o.origin ?? ORIGIN,
      ...(o.secret ? { secret: o.secret } : {}),
      body: { crypto_wallet_address: w.address, crypto_wallet_type: w.type, signature, session_duration_minutes: 30 },
    });
  const challengeOf = async (app: TestApp, w: TestWallet, o: Parameters<typeof start>[2] = {}) => {
    const r = await start(app, w, o);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return String(r.json.data?.challenge);
  };
  const refused = (r: { status: number; json: { error_type?: string; error_details?: unknown } }, status: number, type: string, reason?: string) => {
    assert.equal(r.status, status, JSON.stringify(r.json));
    assert.equal(r.json.error_type, type);
    if (reason) assert.deepEqual(r.json.error_details, { reason });
  };

  for (const make of [ethereumWallet, solanaWallet]) {
    const kind = make === ethereumWallet ? 'ethereum' : 'solana';

    it(`${kind}: a signature over another message is refused and signs nobody in`, async () => {
      const w = make();
      await challengeOf(t, w);
      refused(
        await authenticate(t, w, await w.sign('Signing in with Project: x\nNonce: 00000000000000000000000000000000')),
        401,
        'unable_to_auth_crypto_wallet',
        'wrong_signer',
      );
    });

    it(`${kind}: the challenge signed by another key is refused`, async () => {
      const victim = make();
      const attacker = make();
      const challenge = await challengeOf(t, victim);
      refused(await authenticate(t, victim, await attacker.sign(challenge)), 401, 'unable_to_auth_crypto_wallet', 'wrong_signer');
      // The failed attempt burned nothing: the owner still finishes the sign-in.
      assert.equal((await authenticate(t, victim, await victim.sign(challenge))).status, 200);
    });

    it(`${kind}: a garbage signature is refused without a 500`, async () => {
      const w = make();
      await challengeOf(t, w);
      for (const sig of ['', '0x', 'zz', `0x${'ab'.repeat(65)}`, '1'.repeat(88), `0x${'00'.repeat(64)}1b`]) {
        const r = await authenticate(t, w, sig);
        assert.equal(r.status, 401, `${sig}: ${JSON.stringify(r.json)}`);
        assert.equal(r.json.error_type, 'unable_to_auth_crypto_wallet');
      }
    });

    it(`${kind}: a used challenge cannot be replayed`, async () => {
      const w = make();
      const signature = await w.sign(await challengeOf(t, w));
      assert.equal((await authenticate(t, w, signature)).status, 200);
      refused(await authenticate(t, w, signature), 404, 'crypto_wallet_challenge_not_found');
    });

    it(`${kind}: 50 parallel authenticates of one signed challenge give exactly one session`, async () => {
      const w = make();
      const signature = await w.sign(await challengeOf(t, w));
      const results = await Promise.all(Array.from({ length: 50 }, () => authenticate(t, w, signature)));
      assert.equal(results.filter((r) => r.status === 200).length, 1);
      for (const r of results.filter((x) => x.status !== 200)) assert.equal(r.json.error_type, 'crypto_wallet_challenge_not_found');
    });

    it(`${kind}: an expired challenge is refused (movable clock, 10 minutes)`, async () => {
      const w = make();
      const signature = await w.sign(await challengeOf(t, w));
      t.advance(10 * 60_000);
      refused(await authenticate(t, w, signature), 404, 'crypto_wallet_challenge_not_found');
    });

    it(`${kind}: a challenge for one wallet type is not one for the other`, async () => {
      const w = make();
      const signature = await w.sign(await challengeOf(t, w));
      const other = kind === 'ethereum' ? 'solana' : 'ethereum';
      refused(await authenticate(t, { address: w.address, type: other }, signature), 400, 'invalid_crypto_wallet_address');
    });

    it(`${kind}: a challenge started by one origin does not finish on another`, async () => {
      const w = make();
      const signature = await w.sign(await challengeOf(t, w));
      refused(await authenticate(t, w, signature, { origin: 'http://localhost:4000' }), 401, 'unable_to_auth_crypto_wallet', 'origin_mismatch');
      assert.equal((await authenticate(t, w, signature)).status, 200);
    });

    it(`${kind}: a secondary challenge finishes only under the session that started it`, async () => {
      const a = await login(t, `cw-attack-a-${kind}@example.com`);
      const b = await login(t, `cw-attack-b-${kind}@example.com`);
      const w = make();
      const signature = await w.sign(await challengeOf(t, w, { variant: 'secondary', secret: a.token }));
      refused(await authenticate(t, w, signature), 401, 'unable_to_auth_crypto_wallet', 'session_mismatch');
      refused(await authenticate(t, w, signature, { secret: b.token }), 401, 'unable_to_auth_crypto_wallet', 'session_mismatch');
      const ok = await authenticate(t, w, signature, { secret: a.token });
      assert.equal(ok.status, 200);
      assert.equal(ok.json.data?.user_id, a.data.user_id);
    });
  }

  it("a stranger flooding starts for someone else's address cannot push the owner's challenge out (own client's first)", async () => {
    const app = await testApp({ trustProxy: true });
    try {
      const w = ethereumWallet();
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      const body = { crypto_wallet_address: w.address, crypto_wallet_type: 'ethereum' };
      const mine = await app.call('POST', '/sdk/v1/crypto_wallets/authenticate/start/primary', { origin: ORIGIN, headers: from('198.51.100.7'), body });
      for (let i = 0; i < 30; i++) {
        app.advance(1);
        assert.equal(
          (await app.call('POST', '/sdk/v1/crypto_wallets/authenticate/start/primary', { origin: ORIGIN, headers: from('203.0.113.9'), body })).status,
          200,
        );
      }
      const signature = await w.sign(String(mine.json.data?.challenge));
      const r = await app.call('POST', '/sdk/v1/crypto_wallets/authenticate', {
        origin: ORIGIN,
        headers: from('198.51.100.7'),
        body: { ...body, signature, session_duration_minutes: 30 },
      });
      assert.equal(r.status, 200, JSON.stringify(r.json));
    } finally {
      await app.close();
    }
  });

  it('a wrong wallet type is refused with its own error type', async () => {
    const w = ethereumWallet();
    for (const type of ['bitcoin', 'Ethereum', '', 'solana ']) refused(await start(t, { address: w.address, type }), 400, 'invalid_crypto_wallet_type');
    refused(await authenticate(t, { address: w.address, type: 'btc' }, '0x'), 400, 'invalid_crypto_wallet_type');
  });

  it('a mixed-case Ethereum address with a wrong EIP-55 checksum is refused; lower case names the same wallet', async () => {
    const w = ethereumWallet();
    const body = w.address.slice(2);
    // Flip the case of one letter: still 40 hex digits, but the checksum no longer matches.
    const i = [...body].findIndex((ch) => /[a-f]/i.test(ch));
    const flipped = `0x${body.slice(0, i)}${body[i] === body[i]?.toLowerCase() ? body[i]?.toUpperCase() : body[i]?.toLowerCase()}${body.slice(i + 1)}`;
    refused(await start(t, { address: flipped, type: 'ethereum' }), 400, 'invalid_crypto_wallet_address');
    const first = await authenticate(t, w, await w.sign(await challengeOf(t, w)));
    const lower = { address: w.address.toLowerCase(), type: 'ethereum' };
    const r = await start(t, lower);
    assert.equal(r.json.data?.user_created, false, 'the lower-case form is the same wallet');
    const again = await authenticate(t, lower, await w.sign(String(r.json.data?.challenge)));
    assert.equal(again.json.data?.user_id, first.json.data?.user_id);
  });

  it('malformed addresses are refused', async () => {
    for (const [type, address] of [
      ['ethereum', '0x123'],
      ['ethereum', `0x${'g'.repeat(40)}`],
      ['ethereum', 'vitalik.eth'],
      ['ethereum', ' 0x0000000000000000000000000000000000000000'],
      ['solana', '0OIl'],
      ['solana', '11111111111111111111111111111111111111111111'],
      ['solana', 'abc'],
      ['solana', 'x'.repeat(128)],
    ] as const) {
      refused(await start(t, { address, type }), 400, 'invalid_crypto_wallet_address');
    }
  });

  it('SIWE: the signer cannot move the message to another domain, URI or chain', async () => {
    const w = ethereumWallet();
    const challenge = await challengeOf(siwe, w);
    const m = parseSiweMessage(challenge);
    const base = {
      address: w.address as `0x${string}`,
      chainId: m.chainId ?? 1,
      domain: m.domain ?? '',
      nonce: m.nonce ?? '',
      uri: m.uri ?? '',
      version: '1' as const,
      issuedAt: m.issuedAt ?? new Date(),
      ...(m.expirationTime ? { expirationTime: m.expirationTime } : {}),
    };
    for (const change of [{ domain: 'evil.example' }, { uri: 'https://evil.example/' }, { chainId: 56 }]) {
      const signature = await w.sign(createSiweMessage({ ...base, ...change }));
      refused(await authenticate(siwe, w, signature), 401, 'unable_to_auth_crypto_wallet', 'wrong_signer');
    }
    assert.equal((await authenticate(siwe, w, await w.sign(challenge))).status, 200);
  });

  it('SIWE: start refuses a URI on another origin, a bad chain id or times, and siwe_params for Solana', async () => {
    const w = ethereumWallet();
    const bad = [
      { uri: 'https://evil.example/login' },
      { uri: 'http://localhost:3001/' },
      { uri: 'not a uri' },
      { chain_id: '0' },
      { chain_id: 'abc' },
      { chain_id: '-1' },
      { chain_id: '99999999999999999' },
      { issued_at: 'yesterday' },
      { issued_at: new Date(siwe.clock.t - 60 * 60_000).toISOString() },
      { not_before: new Date(siwe.clock.t + 11 * 60_000).toISOString() },
      { statement: 'line one\nline two' },
      { message_request_id: 'a b' },
      { resources: ['not a uri'] },
    ];
    for (const siwe_params of bad) refused(await start(siwe, w, { siwe_params }), 400, 'invalid_siwe_params');
    refused(await start(siwe, solanaWallet(), { siwe_params: { chain_id: '1' } }), 400, 'invalid_siwe_params');
    // Without an Origin (server to server), the URI must name one of the project's allowed origins.
    const noOrigin = await siwe.call('POST', '/sdk/v1/crypto_wallets/authenticate/start/primary', {
      body: { crypto_wallet_address: w.address, crypto_wallet_type: 'ethereum', siwe_params: { uri: 'https://evil.example/' } },
    });
    refused(noOrigin, 400, 'invalid_siwe_params');
  });

  it('SIWE: a message not yet valid (not-before in the future) is refused until its time', async () => {
    const w = ethereumWallet();
    const challenge = await challengeOf(siwe, w, { siwe_params: { not_before: new Date(siwe.clock.t + 5 * 60_000).toISOString() } });
    const signature = await w.sign(challenge);
    refused(await authenticate(siwe, w, signature), 401, 'unable_to_auth_crypto_wallet', 'siwe_not_yet_valid');
    siwe.advance(5 * 60_000);
    assert.equal((await authenticate(siwe, w, signature)).status, 200);
  });

  it('oversized messages and fields are refused before anything is stored', async () => {
    const w = ethereumWallet();
    for (const siwe_params of [
      { statement: 'x'.repeat(513) },
      { resources: Array.from({ length: 11 }, (_, i) => `https://example.com/${i}`) },
      { uri: `${ORIGIN}/${'a'.repeat(600)}` },
    ]) {
      refused(await start(siwe, w, { siwe_params }), 400, 'invalid_request_body');
    }
    refused(await start(t, { address: `0x${'a'.repeat(200)}`, type: 'ethereum' }), 400, 'invalid_request_body');
    await challengeOf(t, w);
    refused(await authenticate(t, w, `0x${'ab'.repeat(200)}`), 400, 'invalid_request_body');
  });
});
