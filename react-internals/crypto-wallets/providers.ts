/**
 * The wallets in the page, without any wallet library (the browser bundle takes no dependency):
 * Ethereum wallets through EIP-1193 providers, found by EIP-6963 announcements where wallets make them
 * and by `window.ethereum` (and its `providers` list) otherwise; Solana wallets through the Phantom
 * provider API (`window.phantom.solana`, `window.solana`) or, for other Solana wallets, the Wallet
 * Standard's registration events (`standard:connect`, `solana:signMessage`). Loaded with the wallet
 * buttons only.
 */
import type { WalletInfo } from './wallets.ts';

/** An EIP-1193 provider (the part used here), with the flags wallets set on it. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  isMetaMask?: boolean;
  isCoinbaseWallet?: boolean;
  isBinance?: boolean;
  isVessel?: boolean;
  providers?: Eip1193Provider[];
}

/** The Phantom-style Solana provider (the part used here). */
export interface SolanaProvider {
  isPhantom?: boolean;
  publicKey?: { toString(): string } | null;
  connect(): Promise<{ publicKey?: { toString(): string } } | undefined>;
  signMessage(message: Uint8Array, display?: 'utf8'): Promise<{ signature: Uint8Array } | Uint8Array>;
}

/** EIP-6963 provider info (the fields used here). */
interface Eip6963Detail {
  info: { uuid: string; name: string; rdns: string };
  provider: Eip1193Provider;
}

/** A Wallet Standard account (the part used here). */
interface StandardAccount {
  address: string;
}

/** A Wallet Standard wallet with the two Solana features used here. */
interface StandardWallet {
  name: string;
  /** The accounts the user has connected (the connect screen and the sign screen each find the wallet anew). */
  readonly accounts?: readonly StandardAccount[];
  features: {
    'standard:connect'?: { connect(): Promise<{ accounts: readonly StandardAccount[] }> };
    'solana:signMessage'?: { signMessage(...inputs: { account: StandardAccount; message: Uint8Array }[]): Promise<readonly { signature: Uint8Array }[]> };
  };
}

/** A wallet ready to use: connect, then sign the server's challenge. */
export interface WalletHandle {
  /** Asks the wallet for its account; resolves to the address. */
  connect(): Promise<string>;
  /** The EIP-155 chain id as a decimal string (Ethereum), or null. */
  chainId(): Promise<string | null>;
  /** Signs `message` (UTF-8) as the wallet's user approves; resolves to the signature in the server's encoding. */
  sign(address: string, message: string): Promise<string>;
}

type WalletWindow = Window & {
  ethereum?: Eip1193Provider;
  BinanceChain?: Eip1193Provider;
  phantom?: { solana?: SolanaProvider };
  solana?: SolanaProvider;
};

const announced = new Map<string, Eip6963Detail>();
const standard = new Set<StandardWallet>();
let listening = false;

/** The Wallet Standard app API: wallets register themselves through it (Solana wallets are kept). */
const standardApi = {
  register(...wallets: StandardWallet[]) {
    const solana = wallets.filter((w) => w?.features?.['standard:connect'] && w.features['solana:signMessage']);
    for (const w of solana) standard.add(w);
    return () => {
      for (const w of solana) standard.delete(w);
    };
  },
};

/**
 * Asks EIP-6963 wallets to announce themselves and tells Wallet Standard wallets the app is ready (both
 * answer at once; later announcements and registrations are kept too).
 */
export function discoverWallets(): void {
  if (typeof window === 'undefined') return;
  if (!listening) {
    listening = true;
    window.addEventListener('eip6963:announceProvider', (e) => {
      const detail = (e as CustomEvent<Eip6963Detail>).detail;
      if (detail?.info?.uuid && typeof detail.provider?.request === 'function') announced.set(detail.info.uuid, detail);
    });
    window.addEventListener('wallet-standard:register-wallet', (e) => {
      const callback = (e as CustomEvent<unknown>).detail;
      if (typeof callback === 'function') callback(standardApi);
    });
    window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: standardApi }));
  }
  window.dispatchEvent(new Event('eip6963:requestProvider'));
}

/** Which wallet an EIP-6963 announcement or an injected provider is. */
const MATCHERS: Partial<Record<WalletInfo['option'], { rdns: RegExp; flag: (p: Eip1193Provider) => boolean }>> = {
  Metamask: { rdns: /^io\.metamask/, flag: (p) => p.isMetaMask === true && !p.isCoinbaseWallet && !p.isBinance && !p.isVessel },
  Coinbase: { rdns: /^com\.coinbase/, flag: (p) => p.isCoinbaseWallet === true },
  Binance: { rdns: /binance/, flag: (p) => p.isBinance === true },
  Vessel: { rdns: /vessel/, flag: (p) => p.isVessel === true },
};

function ethereumProvider(option: WalletInfo['option']): Eip1193Provider | null {
  discoverWallets();
  const w = window as WalletWindow;
  const injected = w.ethereum ? [...(w.ethereum.providers ?? []), w.ethereum] : [];
  if (option === 'OtherEthereum') return [...announced.values()][0]?.provider ?? w.ethereum ?? null;
  const m = MATCHERS[option];
  if (!m) return null;
  const byAnnouncement = [...announced.values()].find((d) => m.rdns.test(d.info.rdns) || m.rdns.test(d.info.name.toLowerCase()));
  if (byAnnouncement) return byAnnouncement.provider;
  if (option === 'Binance' && w.BinanceChain) return w.BinanceChain;
  return injected.find(m.flag) ?? null;
}

function solanaHandleFor(option: WalletInfo['option']): WalletHandle | null {
  discoverWallets();
  const w = window as WalletWindow;
  const phantom = w.phantom?.solana ?? (w.solana?.isPhantom ? w.solana : undefined);
  const injected = option === 'Phantom' ? phantom : (w.solana ?? phantom);
  if (injected) return solanaHandle(injected);
  const registered = [...standard].find((x) => option !== 'Phantom' || /phantom/i.test(x.name));
  return registered ? standardHandle(registered) : null;
}

/** The page's provider for `wallet` as a {@link WalletHandle}, or null when the wallet is not installed. */
export function findWallet(wallet: WalletInfo): WalletHandle | null {
  if (typeof window === 'undefined') return null;
  if (wallet.type === 'solana') return solanaHandleFor(wallet.option);
  const p = ethereumProvider(wallet.option);
  return p ? ethereumHandle(p) : null;
}

const hexOf = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function ethereumHandle(p: Eip1193Provider): WalletHandle {
  return {
    async connect() {
      const accounts = await p.request({ method: 'eth_requestAccounts' });
      const address = Array.isArray(accounts) ? accounts[0] : undefined;
      if (typeof address !== 'string') throw new Error('The wallet returned no account.');
      return address;
    },
    async chainId() {
      const id = await p.request({ method: 'eth_chainId' }).catch(() => null);
      return typeof id === 'string' && /^0x[0-9a-f]+$/i.test(id) ? BigInt(id).toString(10) : null;
    },
    async sign(address, message) {
      // personal_sign (EIP-191) takes the message as hex of its UTF-8 bytes, then the account.
      const signature = await p.request({ method: 'personal_sign', params: [`0x${hexOf(new TextEncoder().encode(message))}`, address] });
      if (typeof signature !== 'string') throw new Error('The wallet returned no signature.');
      return signature;
    },
  };
}

function solanaHandle(p: SolanaProvider): WalletHandle {
  return {
    async connect() {
      const res = await p.connect();
      const key = res?.publicKey ?? p.publicKey;
      if (!key) throw new Error('The wallet returned no public key.');
      return key.toString();
    },
    chainId: async () => null,
    async sign(_address, message) {
      const res = await p.signMessage(new TextEncoder().encode(message), 'utf8');
      const signature = res instanceof Uint8Array ? res : res.signature;
      if (!(signature instanceof Uint8Array)) throw new Error('The wallet returned no signature.');
      return base58(signature);
    },
  };
}

function standardHandle(wallet: StandardWallet): WalletHandle {
  let account: StandardAccount | undefined;
  return {
    async connect() {
      const res = await wallet.features['standard:connect']?.connect();
      account = res?.accounts[0];
      if (!account) throw new Error('The wallet returned no account.');
      return account.address;
    },
    chainId: async () => null,
    async sign(address, message) {
      account ??= wallet.accounts?.find((a) => a.address === address);
      if (!account) throw new Error('The wallet is not connected.');
      const [out] = (await wallet.features['solana:signMessage']?.signMessage({ account, message: new TextEncoder().encode(message) })) ?? [];
      if (!(out?.signature instanceof Uint8Array)) throw new Error('The wallet returned no signature.');
      return base58(out.signature);
    },
  };
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * Base58 (Bitcoin alphabet), the encoding Solana uses for keys and signatures. Hand-written (a few
 * lines) because the kit's browser code takes no runtime dependency; the server decodes with @scure/base.
 */
export function base58(bytes: Uint8Array): string {
  const digits: number[] = [];
  for (const byte of bytes) {
    let carry = byte;
    for (let i = 0; i < digits.length; i++) {
      carry += (digits[i] as number) << 8;
      digits[i] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = Math.floor(carry / 58);
    }
  }
  let out = '';
  for (const byte of bytes) {
    if (byte !== 0) break;
    out += '1';
  }
  for (let i = digits.length - 1; i >= 0; i--) out += ALPHABET[digits[i] as number];
  return out;
}
