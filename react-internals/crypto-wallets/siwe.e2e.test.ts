/**
 * Sign-In with Ethereum through the built widget (the demo's wallet preset) against a server whose
 * project requires SIWE (bootstrap `siwe_required_for_crypto_wallets`): the wallet is asked to sign an
 * EIP-4361 message for the page's own domain and URI, on the chain the wallet reports, and the
 * signature (made in Node with a real key, as a wallet extension would) signs the visitor in.
 * Needs the built bundle (dist/).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hexToString } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { e2eHarness, root } from '../../test/e2e-harness.ts';

const e2e = e2eHarness({
  name: 'siwe',
  page: { dir: join(root, 'demo/public') },
  app: { bootstrap: { siwe_required_for_crypto_wallets: true } },
});

describe('crypto wallets: SIWE through the widget (built bundle)', () => {
  it('the wallet signs an EIP-4361 message naming the page, its chain and a fresh nonce; the visitor is signed in', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const account = privateKeyToAccount(generatePrivateKey());
    const signed: string[] = [];
    await page.exposeFunction('testWalletSign', async (raw: `0x${string}`) => {
      signed.push(hexToString(raw));
      return account.signMessage({ message: { raw } });
    });
    // A string, not a function: tsx's transform would name the function's helpers, which the page lacks.
    await page.addInitScript(`window.ethereum = {
      isMetaMask: true,
      request: async ({ method, params }) => {
        if (method === 'eth_requestAccounts') return [${JSON.stringify(account.address.toLowerCase())}];
        if (method === 'eth_chainId') return '0x89';
        if (method === 'personal_sign') return window.testWalletSign(params[0]);
        throw new Error('unsupported ' + method);
      },
    };`);
    await page.goto(`${e2e.base}/?methods=wallet`);
    const login = page.locator('auth-login');
    await login.getByRole('button', { name: 'Continue with Metamask' }).click();
    await login.getByText('Success!').waitFor();
    await page.locator('#signed-in').waitFor({ state: 'visible' });

    assert.equal(signed.length, 1);
    const m = parseSiweMessage(signed[0] as string);
    const origin = new URL(e2e.base);
    assert.equal(m.domain, origin.host);
    assert.equal(m.uri, origin.origin);
    assert.equal(m.address, account.address);
    assert.equal(m.chainId, 137);
    assert.match(String(m.nonce), /^[0-9a-f]{32}$/);
    assert.equal(await page.locator('#user-email').textContent(), account.address);
    await context.close();
  });
});
