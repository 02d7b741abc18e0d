/**
 * Crypto-wallet sign-in through the client against the real reference server, with real keys: an
 * Ethereum account (viem) and a Solana ed25519 key pair sign the server's challenge; the session is
 * the client's afterwards. Plus the docs/reference/methods/crypto-wallets.md#validation argument checks.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ethereumWallet, solanaWallet } from '../../server/crypto-wallets/test-wallets.ts';
import type { AuthClient } from '../client.ts';
import { ApiError, UsageError } from '../errors.ts';
import { recordingClient, referenceServer } from '../test-support.ts';

const clients: AuthClient[] = [];
const { server } = referenceServer({}, clients);
const newClient = (): AuthClient => recordingClient(server, clients).client;

describe('client.cryptoWallets against the reference server', () => {
  for (const make of [ethereumWallet, solanaWallet]) {
    it(`${make().type}: authenticateStart, sign, authenticate gives the client a session with the wallet`, async () => {
      const client = newClient();
      const w = make();
      const start = await client.cryptoWallets.authenticateStart({ crypto_wallet_address: w.address, crypto_wallet_type: w.type });
      assert.equal(start.user_created, true);
      const signature = await w.sign(start.challenge);
      const resp = await client.cryptoWallets.authenticate({
        crypto_wallet_address: w.address,
        crypto_wallet_type: w.type,
        signature,
        session_duration_minutes: 30,
      });
      assert.match(resp.crypto_wallet_id, /^crypto-wallet-test-/);
      assert.equal(resp.siwe_params, null);
      assert.equal(client.session.getSync()?.user_id, resp.user_id);
      assert.deepEqual(
        (await client.user.get()).crypto_wallets.map((x) => x.crypto_wallet_address),
        [w.address],
      );
      // The same signature again: the challenge is spent.
      await assert.rejects(
        client.cryptoWallets.authenticate({ crypto_wallet_address: w.address, crypto_wallet_type: w.type, signature, session_duration_minutes: 30 }),
        (e: unknown) => e instanceof ApiError && e.error_type === 'crypto_wallet_challenge_not_found',
      );
    });
  }

  it('argument checks name the field (docs/reference/methods/crypto-wallets.md#validation)', async () => {
    const client = newClient();
    const bad = [
      () => client.cryptoWallets.authenticateStart({ crypto_wallet_address: 1 as unknown as string, crypto_wallet_type: 'ethereum' }),
      () =>
        client.cryptoWallets.authenticate({
          crypto_wallet_address: '0x',
          crypto_wallet_type: 'ethereum',
          signature: '0x',
          session_duration_minutes: '30' as unknown as number,
        }),
    ];
    for (const [i, call] of bad.entries()) {
      await assert.rejects(call(), (e: unknown) => e instanceof UsageError && /crypto_wallet_address|session_duration_minutes/.test(e.message), `call ${i}`);
    }
  });
});
