/**
 * Crypto-wallet sign-in in the login widget, in real Chromium against the real reference server. The
 * page gets injected wallets that sign with real keys: an EIP-1193 provider (window.ethereum, or an
 * EIP-6963 announcement) backed by a viem account, and a Phantom-style Solana provider backed by an
 * ed25519 key pair (@noble/curves). Test-only: the kit's own browser code uses no wallet library.
 */
import { expect } from '@open-wc/testing';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { sendKeys } from '@web/test-runner-commands';
import 'axe-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { AuthEvent } from '../events.ts';
import { waitFor, widgetFixture } from '../test-utils.ts';

const axe = (globalThis as unknown as { axe: typeof import('axe-core') }).axe;
const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));
const LAZY_CRYPTO_MODULES =
  /\/react-internals\/crypto-wallets\/(WalletButtons|WalletButton|screens|providers|wallets|icons|styles)\.tsx?|\/sdk-core\/crypto-wallets\//;
performance.setResourceTimingBufferSize(100_000);
const loadedModules = () => performance.getEntriesByType('resource').map((e) => e.name);

type W = Window & { ethereum?: unknown; phantom?: unknown; solana?: unknown };
const win = window as W;

/** A gate a fake wallet waits on, so a test can look at the screen in between. */
function gate() {
  let open!: () => void;
  const p = new Promise<void>((r) => {
    open = r;
  });
  return { p, open };
}

/** An EIP-1193 provider signing with a real secp256k1 key; `hold` pauses personal_sign until opened. */
function ethereumProvider(
  flags: Record<string, boolean> = { isMetaMask: true },
  o: { key?: `0x${string}`; signer?: `0x${string}`; fail?: Error; hold?: Promise<void>; holdConnect?: Promise<void> } = {},
) {
  const account = privateKeyToAccount(o.key ?? generatePrivateKey());
  const signer = privateKeyToAccount(o.signer ?? o.key ?? generatePrivateKey());
  const calls: string[] = [];
  const provider = {
    ...flags,
    async request({ method, params }: { method: string; params?: unknown[] }) {
      calls.push(method);
      if (method === 'eth_requestAccounts') {
        await o.holdConnect;
        return [account.address.toLowerCase()];
      }
      if (method === 'eth_chainId') return '0x1';
      if (method === 'personal_sign') {
        await o.hold;
        if (o.fail) throw o.fail;
        const [data, address] = params as [`0x${string}`, string];
        expect(address.toLowerCase()).to.equal(account.address.toLowerCase());
        return (o.signer ? signer : account).signMessage({ message: { raw: data } });
      }
      throw new Error(`unexpected ${method}`);
    },
  };
  return { provider, address: account.address, calls };
}

/** A Phantom-style Solana provider signing with a real ed25519 key. */
function solanaProvider(isPhantom: boolean, secretKey = ed25519.utils.randomSecretKey()) {
  const publicKey = base58.encode(ed25519.getPublicKey(secretKey));
  const provider = {
    isPhantom,
    publicKey: null as null | { toString(): string },
    async connect() {
      provider.publicKey = { toString: () => publicKey };
      return { publicKey: provider.publicKey };
    },
    async signMessage(message: Uint8Array, display?: string) {
      expect(display).to.equal('utf8');
      return { signature: ed25519.sign(message, secretKey), publicKey: provider.publicKey };
    },
  };
  return { provider, address: publicKey, secretKey };
}

describe('crypto-wallet sign-in in the login widget (injected wallets, real keys, real server)', () => {
  const cryptoConfig = { products: ['crypto', 'otp'], otpOptions: { methods: ['email'] }, sessionOptions: { sessionDurationMinutes: 60 } };
  const w = widgetFixture({ config: cryptoConfig });
  const { q, qa, screen, render } = w;
  let events: AuthEvent[];
  const announce: ((e: Event) => void)[] = [];

  async function axeClean(what: string) {
    const result = await axe.run(w.host);
    expect(result.violations.map((v) => `${what}: ${v.id}: ${v.help}`)).to.deep.equal([]);
  }
  const walletButtons = () => qa<HTMLButtonElement>('[data-crypto-wallets] button').map((b) => b.textContent);

  beforeEach(() => {
    ({ events } = w);
  });
  afterEach(() => {
    delete win.ethereum;
    delete win.phantom;
    delete win.solana;
    for (const f of announce.splice(0)) {
      window.removeEventListener('eip6963:requestProvider', f);
      window.removeEventListener('wallet-standard:app-ready', f);
    }
  });

  it('a login without crypto renders no wallet button and never loads the wallet code', async () => {
    render({ config: { products: ['otp'], otpOptions: { methods: ['email'] } } });
    await waitFor(() => q('input[type="email"]'), 'email input');
    await settle(200);
    expect(q('[data-crypto-wallets]')).to.equal(null);
    const loaded = loadedModules();
    expect(loaded.some((n) => n.includes('/react-internals/login/MainScreen.tsx'))).to.equal(true);
    expect(loaded.filter((n) => LAZY_CRYPTO_MODULES.test(n))).to.deep.equal([]);
  });

  it('the 6-button rule: 5 wallets and "Continue with other Crypto Wallet" without OAuth; fewer with OAuth providers', async () => {
    render();
    await waitFor(() => q('[data-crypto-wallets]'), 'wallet buttons');
    expect(walletButtons()).to.deep.equal([
      'Continue with Phantom',
      'Continue with Vessel',
      'Continue with Binance',
      'Continue with Coinbase',
      'Continue with Metamask',
      'Continue with other Crypto Wallet',
    ]);
    // Wallets before the form, then an 'or' divider (docs/reference/elements/auth-login.md#main-screen).
    const email = q('input[type="email"]')!;
    expect(q('[data-crypto-wallets]')!.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    await axeClean('Main with wallets');

    q<HTMLButtonElement>('[data-crypto-other]')!.click();
    await waitFor(() => screen() === 'CryptoOtherScreen', 'CryptoOtherScreen');
    await waitFor(() => q('[data-crypto-screen="other"]'), 'other wallets');
    expect(q('h1')!.textContent).to.equal('Other Crypto Wallets');
    expect(qa('[data-wallet]').map((b) => b.textContent)).to.deep.equal(['Continue with Other Ethereum Wallet', 'Continue with Other Solana Wallet']);
    await axeClean('CryptoOtherScreen');

    for (const [providers, expected] of [
      [
        ['google', 'github'],
        ['Continue with Phantom', 'Continue with Vessel', 'Continue with Binance', 'Continue with other Crypto Wallet'],
      ],
      [['google', 'github', 'apple', 'microsoft', 'slack'], ['Continue with other Crypto Wallet']],
    ] as const) {
      w.unmount();
      render({ config: { ...cryptoConfig, products: ['crypto', 'oauth', 'otp'], oauthOptions: { providers: providers.map((type) => ({ type })) } } });
      await waitFor(() => q('[data-crypto-wallets]'), 'wallet buttons');
      expect(walletButtons()).to.deep.equal(expected);
    }
  });

  it('usable at 320 px: every wallet button fits, nothing scrolls sideways', async () => {
    w.host.style.width = '320px';
    render();
    await waitFor(() => q('[data-crypto-wallets]'), 'wallet buttons');
    await settle(100);
    for (const b of qa<HTMLButtonElement>('[data-crypto-wallets] button')) {
      expect(b.scrollWidth, b.textContent ?? '').to.be.at.most(b.clientWidth + 1);
      expect(b.getBoundingClientRect().right, b.textContent ?? '').to.be.at.most(w.host.getBoundingClientRect().right + 1);
    }
  });

  it('Metamask (window.ethereum): signs up, then signs the same user in; CryptoConfirmation completes the flow once', async () => {
    const key = generatePrivateKey();
    const hold = gate();
    const holdConnect = gate();
    const wallet = ethereumProvider({ isMetaMask: true }, { key, hold: hold.p, holdConnect: holdConnect.p });
    win.ethereum = wallet.provider;
    render();
    const button = await waitFor(() => q<HTMLButtonElement>('[data-wallet="Metamask"]'), 'Metamask button');
    button.click();
    await waitFor(() => screen() === 'CryptoConnect', 'CryptoConnect');
    await waitFor(() => q('[data-crypto-screen="connect"]'), 'connect screen');
    expect(q('h1')!.textContent).to.equal('Connecting to Metamask...');
    await waitFor(() => w.host.ownerDocument.activeElement === q('h1'), 'focus on the title');
    await axeClean('CryptoConnect');
    holdConnect.open();
    await waitFor(() => screen() === 'CryptoSignMessage', 'CryptoSignMessage');
    await waitFor(() => q('[data-crypto-screen="sign"]'), 'sign screen');
    expect(q('h1')!.textContent).to.equal('Complete signature request');
    await axeClean('CryptoSignMessage');
    hold.open();
    await waitFor(() => screen() === 'CryptoConfirmation', 'CryptoConfirmation');
    expect(q('h1')!.textContent).to.equal('Success!');
    expect(w.host.textContent).to.contain('You have successfully logged in.');
    // The completion event comes from an effect after the screen: wait for it, then give a repeat time.
    await waitFor(() => events.some((e) => e.type === 'authenticate-flow-complete'), 'authenticate-flow-complete');
    await settle();
    expect(events.map((e) => e.type)).to.deep.equal(['CRYPTO_WALLET_AUTHENTICATE_START', 'CRYPTO_WALLET_AUTHENTICATE', 'authenticate-flow-complete']);
    const session = w.client.session.getSync()!;
    expect(session.authentication_factors[0]?.type).to.equal('crypto');
    const user = await w.client.user.get();
    expect(user.crypto_wallets).to.deep.equal([
      { crypto_wallet_id: user.crypto_wallets[0]?.crypto_wallet_id, crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum', verified: true },
    ]);
    expect(wallet.calls).to.deep.equal(['eth_requestAccounts', 'personal_sign']);
    await axeClean('CryptoConfirmation');

    // Signed out, the same key signs the same user in.
    await w.client.session.revoke();
    w.unmount();
    win.ethereum = ethereumProvider({ isMetaMask: true }, { key }).provider;
    render();
    (await waitFor(() => q<HTMLButtonElement>('[data-wallet="Metamask"]'), 'Metamask button')).click();
    await waitFor(() => screen() === 'CryptoConfirmation', 'CryptoConfirmation again');
    expect(w.client.session.getSync()?.user_id).to.equal(user.user_id);
  });

  it('Phantom (window.phantom.solana): signs up and signs in with an ed25519 key', async () => {
    const secretKey = ed25519.utils.randomSecretKey();
    const first = solanaProvider(true, secretKey);
    win.phantom = { solana: first.provider };
    render();
    (await waitFor(() => q<HTMLButtonElement>('[data-wallet="Phantom"]'), 'Phantom button')).click();
    await waitFor(() => screen() === 'CryptoConfirmation', 'CryptoConfirmation');
    const user = await w.client.user.get();
    expect(user.crypto_wallets.map((x) => [x.crypto_wallet_address, x.crypto_wallet_type])).to.deep.equal([[first.address, 'solana']]);
    await w.client.session.revoke();
    w.unmount();
    win.phantom = { solana: solanaProvider(true, secretKey).provider };
    render();
    (await waitFor(() => q<HTMLButtonElement>('[data-wallet="Phantom"]'), 'Phantom button')).click();
    await waitFor(() => screen() === 'CryptoConfirmation', 'CryptoConfirmation again');
    expect(w.client.session.getSync()?.user_id).to.equal(user.user_id);
  });

  it('other wallets, keyboard only: an EIP-6963 Ethereum wallet and a generic Solana wallet (window.solana)', async () => {
    const eth = ethereumProvider({});
    const onRequest = () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: Object.freeze({ info: { uuid: 'test-wallet', name: 'Test Wallet', icon: '', rdns: 'com.example.wallet' }, provider: eth.provider }),
        }),
      );
    announce.push(onRequest);
    window.addEventListener('eip6963:requestProvider', onRequest);
    render();
    const other = await waitFor(() => q<HTMLButtonElement>('[data-crypto-other]'), 'other button');
    other.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => q('[data-wallet="OtherEthereum"]'), 'other screen');
    // Focus moved to the screen (the shell's rule); Tab reaches the back arrow, then the wallets.
    await waitFor(() => w.host.ownerDocument.activeElement === q('h1'), 'focus on the title');
    await sendKeys({ press: 'Tab' });
    expect(w.host.ownerDocument.activeElement?.textContent).to.equal('Continue with Other Ethereum Wallet');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => screen() === 'CryptoConfirmation', 'CryptoConfirmation (EIP-6963)');
    expect((await w.client.user.get()).crypto_wallets[0]?.crypto_wallet_address).to.equal(eth.address);

    await w.client.session.revoke();
    w.unmount();
    const sol = solanaProvider(false);
    win.solana = sol.provider;
    render();
    (await waitFor(() => q<HTMLButtonElement>('[data-crypto-other]'), 'other button')).click();
    (await waitFor(() => q<HTMLButtonElement>('[data-wallet="OtherSolana"]'), 'Other Solana')).click();
    await waitFor(() => screen() === 'CryptoConfirmation', 'CryptoConfirmation (Solana)');
    expect((await w.client.user.get()).crypto_wallets[0]?.crypto_wallet_address).to.equal(sol.address);
  });

  it('Other Solana Wallet through the Wallet Standard (a wallet that registers itself, no window.solana)', async () => {
    const secretKey = ed25519.utils.randomSecretKey();
    const address = base58.encode(ed25519.getPublicKey(secretKey));
    const account = { address, publicKey: ed25519.getPublicKey(secretKey), chains: ['solana:mainnet'], features: ['solana:signMessage'] };
    const wallet = {
      version: '1.0.0',
      name: 'Test Standard Wallet',
      icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
      chains: ['solana:mainnet'],
      accounts: [] as (typeof account)[],
      features: {
        'standard:connect': {
          version: '1.0.0',
          connect: async () => {
            wallet.accounts = [account];
            return { accounts: wallet.accounts };
          },
        },
        'solana:signMessage': {
          version: '1.0.0',
          signMessage: async (...inputs: { account: typeof account; message: Uint8Array }[]) =>
            inputs.map((i) => ({ signedMessage: i.message, signature: ed25519.sign(i.message, secretKey) })),
        },
      },
    };
    // The wallet's side of the Wallet Standard: register on the app's ready event, and announce itself.
    const onReady = (e: Event) => (e as CustomEvent<{ register(w: unknown): unknown }>).detail.register(wallet);
    window.addEventListener('wallet-standard:app-ready', onReady);
    announce.push(onReady);
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: (api: { register(w: unknown): unknown }) => api.register(wallet) }));
    render();
    (await waitFor(() => q<HTMLButtonElement>('[data-crypto-other]'), 'other button')).click();
    (await waitFor(() => q<HTMLButtonElement>('[data-wallet="OtherSolana"]'), 'Other Solana')).click();
    await waitFor(() => screen() === 'CryptoConfirmation', 'CryptoConfirmation (Wallet Standard)');
    expect((await w.client.user.get()).crypto_wallets[0]?.crypto_wallet_address).to.equal(address);
  });

  it('a refused signature goes to CryptoError with the reference texts; Try again signs in', async () => {
    const key = generatePrivateKey();
    win.ethereum = ethereumProvider({ isMetaMask: true }, { key, fail: Object.assign(new Error('User rejected the request.'), { code: 4001 }) }).provider;
    render();
    (await waitFor(() => q<HTMLButtonElement>('[data-wallet="Metamask"]'), 'Metamask button')).click();
    await waitFor(() => screen() === 'CryptoError', 'CryptoError');
    await waitFor(() => q('[data-crypto-screen="error"]'), 'error screen');
    expect(q('h1')!.textContent).to.equal('Looks like there was an error!');
    expect(q('[role="alert"]')!.textContent).to.equal('Crypto: your sign in request could not be completed.');
    expect(w.errors.length).to.equal(1);
    expect(w.client.session.getSync()).to.equal(null);
    await axeClean('CryptoError');
    win.ethereum = ethereumProvider({ isMetaMask: true }, { key }).provider;
    q<HTMLButtonElement>('[data-crypto-retry]')!.click();
    await waitFor(() => screen() === 'CryptoConfirmation', 'CryptoConfirmation after Try again');
  });

  it('a signature by another key is refused by the server: CryptoError, no session', async () => {
    win.ethereum = ethereumProvider({ isMetaMask: true }, { signer: generatePrivateKey() }).provider;
    render();
    (await waitFor(() => q<HTMLButtonElement>('[data-wallet="Metamask"]'), 'Metamask button')).click();
    await waitFor(() => screen() === 'CryptoError', 'CryptoError');
    await waitFor(() => w.errors.length > 0, 'onError');
    await settle();
    expect(w.errors.map((e) => (e as { error?: { error_type?: string } }).error?.error_type ?? JSON.stringify(e))).to.have.length(1);
    expect(w.client.session.getSync()).to.equal(null);
  });

  it('a wallet that is not installed shows CryptoSetupWallet with where to get it', async () => {
    render();
    (await waitFor(() => q<HTMLButtonElement>('[data-wallet="Coinbase"]'), 'Coinbase button')).click();
    await waitFor(() => screen() === 'CryptoSetupWallet', 'CryptoSetupWallet');
    await waitFor(() => q('[data-crypto-screen="setup"]'), 'setup screen');
    expect(q('h1')!.textContent).to.equal('Set up a new crypto wallet');
    const link = q<HTMLAnchorElement>('a[part~="wallet-install-link"]')!;
    expect(link.href).to.equal('https://www.coinbase.com/wallet');
    expect(link.rel).to.equal('noopener noreferrer');
    await axeClean('CryptoSetupWallet');
    q<HTMLButtonElement>('[part~="back-button"]')!.click();
    await waitFor(() => screen() === 'Main', 'back to Main');
  });
});
