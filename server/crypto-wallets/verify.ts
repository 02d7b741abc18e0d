/**
 * Wallet addresses and signatures, verified with well-kept libraries: viem for EIP-55 checksums,
 * EIP-191 `personal_sign` recovery and EIP-4361 (SIWE) parsing; @noble/curves for ed25519 (Solana) and
 * @scure/base for base58. Nothing here touches the database.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { ApiError } from '../errors.ts';
import { viemLibrary } from './library.ts';

/** Wallet types the server accepts (docs/reference/methods/crypto-wallets.md#data: solana for Phantom and generic Solana wallets, else ethereum). */
export type WalletType = 'ethereum' | 'solana';

/** The body's wallet type. @throws ApiError invalid_crypto_wallet_type */
export function walletType(raw: string): WalletType {
  if (raw === 'ethereum' || raw === 'solana') return raw;
  throw new ApiError('invalid_crypto_wallet_type');
}

/**
 * The canonical form of an address, so one wallet is one row however it is typed: Ethereum addresses
 * EIP-55 checksummed (all-lower or all-upper case carry no checksum and are accepted; mixed case must be
 * a correct checksum, or it is a typo), Solana addresses base58 of exactly 32 bytes (an ed25519 key).
 * @throws ApiError invalid_crypto_wallet_address
 */
export async function canonicalAddress(type: WalletType, raw: string): Promise<string> {
  if (type === 'ethereum') {
    const { isAddress, getAddress } = (await viemLibrary()).utils;
    if (!isAddress(raw, { strict: true })) {
      throw new ApiError('invalid_crypto_wallet_address', {
        message: /^0x[0-9a-fA-F]{40}$/.test(raw)
          ? 'The Ethereum address has a wrong EIP-55 checksum (mixed case that does not match).'
          : 'An Ethereum address is 0x followed by 40 hexadecimal digits.',
      });
    }
    return getAddress(raw);
  }
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(raw);
  } catch {
    throw new ApiError('invalid_crypto_wallet_address', { message: 'A Solana address is the base58 encoding of a 32-byte public key.' });
  }
  if (bytes.length !== 32) throw new ApiError('invalid_crypto_wallet_address', { message: 'A Solana address is the base58 encoding of a 32-byte public key.' });
  // Round trip: leading-zero tricks and other encodings of the same bytes map to one canonical string.
  return base58.encode(bytes);
}

/** Why a signature did not verify (details.reason of unable_to_auth_crypto_wallet). */
export type SignatureFailure = 'malformed_signature' | 'wrong_signer' | 'siwe_not_yet_valid' | 'siwe_expired' | 'siwe_mismatch';

/**
 * Checks `signature` over `message` by `address` (canonical). Ethereum: EIP-191 personal_sign, the
 * recovered signer must be the address (externally owned accounts; EIP-1271 contract wallets need a chain
 * connection this server does not have). Solana: strict RFC 8032 ed25519 (no ZIP-215 leniency, so a
 * signature has one encoding). SIWE messages are also validated against `domain` and `now` (not-before,
 * expiration). Returns null when valid, else the reason.
 */
export async function checkSignature(o: {
  type: WalletType;
  address: string;
  message: string;
  siwe: boolean;
  signature: string;
  domain: string | null;
  now: number;
}): Promise<SignatureFailure | null> {
  if (o.type === 'ethereum') {
    const { utils, siwe } = await viemLibrary();
    const { isHex, recoverMessageAddress } = utils;
    const { parseSiweMessage, validateSiweMessage } = siwe;
    // 65 bytes r || s || v as 0x-hex; recovery refuses anything else, but a clear reason helps callers.
    if (!isHex(o.signature, { strict: true }) || o.signature.length !== 132) return 'malformed_signature';
    if (o.siwe) {
      const parsed = parseSiweMessage(o.message);
      const time = new Date(o.now);
      if (parsed.notBefore && time < parsed.notBefore) return 'siwe_not_yet_valid';
      if (parsed.expirationTime && time >= parsed.expirationTime) return 'siwe_expired';
      const valid = validateSiweMessage({
        message: parsed,
        address: o.address as `0x${string}`,
        ...(o.domain ? { domain: o.domain } : {}),
        time,
      });
      if (!valid) return 'siwe_mismatch';
    }
    let signer: string;
    try {
      signer = await recoverMessageAddress({ message: o.message, signature: o.signature as `0x${string}` });
    } catch {
      return 'malformed_signature';
    }
    return signer === o.address ? null : 'wrong_signer';
  }
  let sig: Uint8Array;
  try {
    sig = base58.decode(o.signature);
  } catch {
    return 'malformed_signature';
  }
  if (sig.length !== 64) return 'malformed_signature';
  try {
    const ok = ed25519.verify(sig, new TextEncoder().encode(o.message), base58.decode(o.address), { zip215: false });
    return ok ? null : 'wrong_signer';
  } catch {
    return 'malformed_signature';
  }
}
