/** The crypto part of the state machine (docs/reference/methods/crypto-wallets.md#rules "Crypto") and the 6-button rule (docs/reference/elements/auth-login.md#main-screen), as pure functions. */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { initialWidgetState, type WidgetState, widgetReducer } from '../login/state.ts';
import { maxWalletButtons, splitWallets, WALLETS } from './wallets.ts';
import { loadAllUiMethods } from '../registry.ts';

const at = (screen: WidgetState['screen'], s = initialWidgetState()): WidgetState => ({ ...s, screen });

describe('crypto state machine', () => {
  // The state machine and Main's parts of a method are in its chunk (registry.ts): load them all.
  before(() => loadAllUiMethods());

  it('connect -> challenge -> sign -> success, counting the flow once', () => {
    let s = widgetReducer(at('Main'), { type: 'crypto_wallet_selected', wallet: 'Phantom' });
    assert.equal(s.screen, 'CryptoConnect');
    assert.deepEqual(s.cryptoState, { walletAddress: '', walletOption: 'Phantom', walletChallenge: '' });
    s = widgetReducer(s, { type: 'crypto_challenge_received', wallet: 'Phantom', address: 'addr', challenge: 'sign me' });
    assert.equal(s.screen, 'CryptoSignMessage');
    assert.deepEqual(s.cryptoState, { walletAddress: 'addr', walletOption: 'Phantom', walletChallenge: 'sign me' });
    s = widgetReducer(s, { type: 'crypto_authenticated', wallet: 'Phantom' });
    assert.equal(s.screen, 'CryptoConfirmation');
    assert.equal(s.completedFlows, 1);
  });

  it('any failure during the flow goes to CryptoError; late answers after Back change nothing', () => {
    const connecting = widgetReducer(at('Main'), { type: 'crypto_wallet_selected', wallet: 'Metamask' });
    assert.equal(widgetReducer(connecting, { type: 'crypto_failed', wallet: 'Metamask' }).screen, 'CryptoError');
    const back = widgetReducer(connecting, { type: 'back_to_main' });
    assert.equal(back.screen, 'Main');
    assert.equal(widgetReducer(back, { type: 'crypto_failed', wallet: 'Metamask' }), back);
    assert.equal(widgetReducer(back, { type: 'crypto_challenge_received', wallet: 'Metamask', address: 'a', challenge: 'c' }), back);
    // An answer for another wallet than the one now connecting is ignored.
    const other = widgetReducer(back, { type: 'crypto_wallet_selected', wallet: 'Coinbase' });
    assert.equal(widgetReducer(other, { type: 'crypto_challenge_received', wallet: 'Metamask', address: 'a', challenge: 'c' }), other);
  });

  it('Back to Main forgets the address and the challenge', () => {
    const s = widgetReducer(widgetReducer(at('Main'), { type: 'crypto_wallet_selected', wallet: 'Metamask' }), {
      type: 'crypto_challenge_received',
      wallet: 'Metamask',
      address: 'a',
      challenge: 'c',
    });
    assert.deepEqual(widgetReducer(s, { type: 'back_to_main' }).cryptoState, { walletAddress: '', walletOption: 'Metamask', walletChallenge: '' });
  });

  it('6 - OAuth providers - 1 wallet buttons, never below 0; the rest under the other button', () => {
    assert.deepEqual(
      WALLETS.map((w) => [w.option, w.type]),
      [
        ['Phantom', 'solana'],
        ['Vessel', 'ethereum'],
        ['Binance', 'ethereum'],
        ['Coinbase', 'ethereum'],
        ['Metamask', 'ethereum'],
        ['OtherEthereum', 'ethereum'],
        ['OtherSolana', 'solana'],
      ],
    );
    assert.deepEqual([0, 1, 2, 5, 6, 19].map(maxWalletButtons), [5, 4, 3, 0, 0, 0]);
    for (const n of [0, 1, 2, 3, 4, 5, 8]) {
      const { shown, rest } = splitWallets(n);
      assert.equal(shown.length, maxWalletButtons(n));
      assert.deepEqual([...shown, ...rest], WALLETS);
      // With the "other" button, the button area holds six buttons at most.
      if (n <= 5) assert.equal(n + shown.length + (rest.length > 0 ? 1 : 0), 6);
    }
  });
});
