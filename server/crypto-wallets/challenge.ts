/**
 * The message a wallet signs (docs/reference/methods/crypto-wallets.md#calls authenticate start): a plain challenge naming the project and a
 * nonce, or, for Ethereum when the project requires SIWE or the caller sends `siwe_params`, an EIP-4361
 * message whose domain and URI come from the request's Origin (a wallet warns its user when the domain is
 * not the site asking), with chain id, issued-at, not-before, expiration and resources.
 */
import { randomBytes } from 'node:crypto';
import type { SiweParamsRequest, SiweParamsResponse } from '../../sdk-core/schemas/index.ts';
import { ApiError } from '../errors.ts';
import type { Services } from '../services.ts';
import { originAllowed } from '../project/origins.ts';
import { viemLibrary } from './library.ts';
import type { WalletType } from './verify.ts';

/** How long a challenge may wait for its signature (10 minutes; also the SIWE expiration time). */
export const CRYPTO_CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** Nonce size in bytes: 128 bits from the CSPRNG (hex, so it is also a valid EIP-4361 alphanumeric nonce). */
export const CRYPTO_NONCE_BYTES = 16;
/** How far a caller's `issued_at` may be from the server's clock. */
export const SIWE_ISSUED_AT_SKEW_MS = 5 * 60 * 1000;

/** A built challenge: the text to sign, its nonce, and the SIWE fields when it is a SIWE message. */
export interface BuiltChallenge {
  message: string;
  nonce: string;
  siwe: SiweParamsResponse | null;
}

const bad = (message: string) => new ApiError('invalid_siwe_params', { message });

/** An RFC 3339 time from `siwe_params`; @throws invalid_siwe_params naming the field. */
function rfc3339(field: string, value: string): Date {
  // Date.parse accepts many shapes; EIP-4361 wants RFC 3339 date-time, so the shape is checked first.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw bad(`siwe_params.${field} must be an RFC 3339 date-time such as 2030-01-01T12:00:00Z.`);
  }
  return new Date(value);
}

/**
 * Builds the challenge of one start. `origin` is the request's (already checked against the project's
 * allowed origins by the app), or null for a server-to-server call.
 * @throws ApiError invalid_siwe_params
 */
export async function buildChallenge(
  svc: Services,
  o: { type: WalletType; address: string; origin: string | null; siweParams: SiweParamsRequest | undefined },
): Promise<BuiltChallenge> {
  const nonce = randomBytes(CRYPTO_NONCE_BYTES).toString('hex');
  const siweRequired = svc.project.config.bootstrap.siwe_required_for_crypto_wallets === true;
  if (o.type === 'solana') {
    if (o.siweParams) throw bad('siwe_params apply to Ethereum wallets only (EIP-4361).');
    return { message: plainMessage(svc, nonce), nonce, siwe: null };
  }
  if (!siweRequired && !o.siweParams) return { message: plainMessage(svc, nonce), nonce, siwe: null };

  const p = o.siweParams ?? {};
  const now = svc.now();
  // URI: the resource being signed in to; on the requesting origin (a page cannot ask for a message
  // naming another site), or on an allowed origin for a server-to-server start.
  const uri = p.uri ?? o.origin;
  if (!uri) throw bad('siwe_params.uri is required when the request has no Origin.');
  let uriOrigin: string;
  let host: string;
  try {
    const u = new URL(uri);
    uriOrigin = u.origin;
    host = u.host;
  } catch {
    throw bad('siwe_params.uri must be an absolute URI.');
  }
  if (o.origin ? uriOrigin !== o.origin : !originAllowed(uriOrigin, svc.project.config.allowed_origins)) {
    throw bad(o.origin ? `siwe_params.uri must be on the requesting origin ${o.origin}.` : "siwe_params.uri must be on one of the project's allowed origins.");
  }
  const domain = o.origin ? new URL(o.origin).host : host;
  const chainIdText = p.chain_id ?? '1';
  if (!/^[1-9][0-9]{0,15}$/.test(chainIdText) || !Number.isSafeInteger(Number(chainIdText))) {
    throw bad('siwe_params.chain_id must be an EIP-155 chain id: a positive decimal integer.');
  }
  const issuedAt = p.issued_at === undefined ? new Date(now) : rfc3339('issued_at', p.issued_at);
  if (Math.abs(issuedAt.getTime() - now) > SIWE_ISSUED_AT_SKEW_MS) throw bad('siwe_params.issued_at must be within 5 minutes of now.');
  const expirationTime = new Date(now + CRYPTO_CHALLENGE_TTL_MS);
  const notBefore = p.not_before === undefined ? undefined : rfc3339('not_before', p.not_before);
  if (notBefore && notBefore >= expirationTime) throw bad('siwe_params.not_before must be before the challenge expires (10 minutes from now).');
  if (p.statement !== undefined && /[\r\n]/.test(p.statement)) throw bad('siwe_params.statement must be one line.');
  if (p.message_request_id !== undefined && !/^[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*$/.test(p.message_request_id)) {
    throw bad('siwe_params.message_request_id may contain only URI characters.');
  }
  const { createSiweMessage } = (await viemLibrary()).siwe;
  let message: string;
  try {
    message = createSiweMessage({
      address: o.address as `0x${string}`,
      chainId: Number(chainIdText),
      domain,
      nonce,
      uri,
      version: '1',
      issuedAt,
      expirationTime,
      ...(notBefore ? { notBefore } : {}),
      ...(p.statement ? { statement: p.statement } : {}),
      ...(p.message_request_id ? { requestId: p.message_request_id } : {}),
      ...(p.resources?.length ? { resources: p.resources } : {}),
    });
  } catch (cause) {
    const field = (cause as { message?: string }).message?.match(/Invalid Sign-In with Ethereum message field "(\w+)"/)?.[1];
    throw new ApiError('invalid_siwe_params', { cause, message: field ? `siwe_params: the ${field} is not valid for EIP-4361.` : undefined });
  }
  return {
    message,
    nonce,
    siwe: {
      domain,
      uri,
      chain_id: chainIdText,
      resources: p.resources ?? [],
      issued_at: issuedAt.toISOString(),
      message_request_id: p.message_request_id ?? '',
    },
  };
}

/** The non-SIWE challenge: the project and the nonce, as the provider words it. */
function plainMessage(svc: Services, nonce: string): string {
  return `Signing in with Project: ${svc.project.project_name}\nNonce: ${nonce}`;
}
