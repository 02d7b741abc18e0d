/**
 * Test wallets with real keys (tests only): an Ethereum account (viem) that signs EIP-191 personal_sign
 * messages, and a Solana ed25519 key pair (@noble/curves) whose address and signatures are base58.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

/** A wallet that signs challenges as a browser wallet would. */
export interface TestWallet {
  type: 'ethereum' | 'solana';
  address: string;
  sign(message: string): Promise<string>;
}

/** A fresh Ethereum wallet (or the one of `privateKey`). */
export function ethereumWallet(privateKey: `0x${string}` = generatePrivateKey()): TestWallet {
  const account = privateKeyToAccount(privateKey);
  return { type: 'ethereum', address: account.address, sign: (message) => account.signMessage({ message }) };
}

/** A fresh Solana wallet (or the one of `secretKey`, 32 bytes). */
export function solanaWallet(secretKey: Uint8Array = ed25519.utils.randomSecretKey()): TestWallet {
  const publicKey = ed25519.getPublicKey(secretKey);
  return {
    type: 'solana',
    address: base58.encode(publicKey),
    sign: async (message) => base58.encode(ed25519.sign(new TextEncoder().encode(message), secretKey)),
  };
}
