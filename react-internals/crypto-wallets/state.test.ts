/** The crypto part of the state machine (SPEC §4 "Crypto") and the 6-button rule (SPEC §2), as pure functions. */
import { expect } from '@open-wc/testing';
import { initialWidgetState, type WidgetState, widgetReducer } from '../login/state.ts';
import { maxWalletButtons, splitWallets, WALLETS } from './wallets.ts';
import { loadAllUiMethods } from '../registry.ts';

const at = (screen: WidgetState['screen'], s = initialWidgetState()): WidgetState => ({ ...s, screen });

describe('crypto state machine', () => {
  // The state machine and Main's parts of a method are in its chunk (registry.ts): load them all.
  before(() => loadAllUiMethods());

  it('connect -> challenge -> sign -> success, counting the flow once', () => {
    let s = widgetReducer(at('Main'), { type: 'crypto_wallet_selected', wallet: 'Phantom' });
    expect(s.screen).to.equal('CryptoConnect');
    expect(s.cryptoState).to.deep.equal({ walletAddress: '', walletOption: 'Phantom', walletChallenge: '' });
    s = widgetReducer(s, { type: 'crypto_challenge_received', wallet: 'Phantom', address: 'addr', challenge: 'sign me' });
    expect(s.screen).to.equal('CryptoSignMessage');
    expect(s.cryptoState).to.deep.equal({ walletAddress: 'addr', walletOption: 'Phantom', walletChallenge: 'sign me' });
    s = widgetReducer(s, { type: 'crypto_authenticated', wallet: 'Phantom' });
    expect(s.screen).to.equal('CryptoConfirmation');
    expect(s.completedFlows).to.equal(1);
  });

  it('any failure during the flow goes to CryptoError; late answers after Back change nothing', () => {
    const connecting = widgetReducer(at('Main'), { type: 'crypto_wallet_selected', wallet: 'Metamask' });
    expect(widgetReducer(connecting, { type: 'crypto_failed', wallet: 'Metamask' }).screen).to.equal('CryptoError');
    const back = widgetReducer(connecting, { type: 'back_to_main' });
    expect(back.screen).to.equal('Main');
    expect(widgetReducer(back, { type: 'crypto_failed', wallet: 'Metamask' })).to.equal(back);
    expect(widgetReducer(back, { type: 'crypto_challenge_received', wallet: 'Metamask', address: 'a', challenge: 'c' })).to.equal(back);
    // An answer for another wallet than the one now connecting is ignored.
    const other = widgetReducer(back, { type: 'crypto_wallet_selected', wallet: 'Coinbase' });
    expect(widgetReducer(other, { type: 'crypto_challenge_received', wallet: 'Metamask', address: 'a', challenge: 'c' })).to.equal(other);
  });

  it('Back to Main forgets the address and the challenge', () => {
    const s = widgetReducer(widgetReducer(at('Main'), { type: 'crypto_wallet_selected', wallet: 'Metamask' }), {
      type: 'crypto_challenge_received',
      wallet: 'Metamask',
      address: 'a',
      challenge: 'c',
    });
    expect(widgetReducer(s, { type: 'back_to_main' }).cryptoState).to.deep.equal({ walletAddress: '', walletOption: 'Metamask', walletChallenge: '' });
  });

  it('6 - OAuth providers - 1 wallet buttons, never below 0; the rest under the other button', () => {
    expect(WALLETS.map((w) => [w.option, w.type])).to.deep.equal([
      ['Phantom', 'solana'],
      ['Vessel', 'ethereum'],
      ['Binance', 'ethereum'],
      ['Coinbase', 'ethereum'],
      ['Metamask', 'ethereum'],
      ['OtherEthereum', 'ethereum'],
      ['OtherSolana', 'solana'],
    ]);
    expect([0, 1, 2, 5, 6, 19].map(maxWalletButtons)).to.deep.equal([5, 4, 3, 0, 0, 0]);
    for (const n of [0, 1, 2, 3, 4, 5, 8]) {
      const { shown, rest } = splitWallets(n);
      expect(shown.length).to.equal(maxWalletButtons(n));
      expect([...shown, ...rest]).to.deep.equal(WALLETS);
      // With the "other" button, the button area holds six buttons at most.
      if (n <= 5) expect(n + shown.length + (rest.length > 0 ? 1 : 0)).to.equal(6);
    }
  });
});
