/**
 * Crypto-wallet sign-in (docs/reference/methods/crypto-wallets.md#calls `/crypto_wallets/*`): start issues a single-use challenge for one wallet,
 * authenticate verifies the wallet's signature over it, consumes it once, then signs in, signs up, or
 * (a secondary start under a session) attaches the wallet to the session's user. Plus the factor delete
 * `DELETE /users/crypto_wallets/{id}`.
 */
import {
  type AuthenticationFactor,
  CryptoWalletsAuthenticateRequest,
  CryptoWalletsAuthenticateStartRequest,
  type CryptoWalletsAuthenticateStartResponse,
  type SiweParamsResponse,
} from '../../sdk-core/schemas/index.ts';
import { requireSession } from '../auth-helpers.ts';
import { clientIpHash } from '../client-keys.ts';
import { newId, sha256Hex } from '../crypto.ts';
import { type NewUserRow, newUserRow } from '../user-row.ts';
import { ApiError } from '../errors.ts';
import { requireProjectAuth } from '../basic-auth.ts';
import { readJson } from '../body.ts';
import { clientIp } from '../request.ts';
import { ok } from '../responses.ts';
import type { Ctx, Services } from '../services.ts';
import { hit, type Limit } from '../rate-limit.ts';
import type { Route } from '../routes/types.ts';
import { addSessionFactor } from '../session-factors.ts';
import { authenticateAnswer, DEFAULT_SESSION_DURATION_MINUTES, findLiveSession } from '../sessions.ts';
import { signInOrSecondStep } from '../mfa/gate.ts';
import { buildChallenge, CRYPTO_CHALLENGE_TTL_MS } from './challenge.ts';
import { claimChallenge, findWallet, liveChallenges, pruneChallenges } from './store.ts';
import type { CryptoWalletChallengesTable, CryptoWalletsTable } from './tables.ts';
import { viemLibrary } from './library.ts';
import { canonicalAddress, checkSignature, type SignatureFailure, walletType } from './verify.ts';

/** Authenticate starts per client IP per 10 minutes: each stores a challenge, so unauthenticated starts are bounded. */
export const CRYPTO_STARTS_PER_IP: Limit = { max: 600, windowMs: 10 * 60 * 1000 };

/** The crypto factor of a session (the provider's shape). */
function cryptoFactor(w: CryptoWalletsTable, now: number): AuthenticationFactor {
  return {
    type: 'crypto',
    delivery_method: 'crypto_wallet',
    last_authenticated_at: new Date(now).toISOString(),
    crypto_wallet_factor: { crypto_wallet_id: w.crypto_wallet_id, crypto_wallet_address: w.crypto_wallet_address, crypto_wallet_type: w.crypto_wallet_type },
  };
}

/** A wallet factor is the same factor as another of its wallet (a step-up refreshes it). */
const walletFactorIdentity = (f: AuthenticationFactor): string =>
  JSON.stringify([f.type, (f['crypto_wallet_factor'] as { crypto_wallet_id?: string } | undefined)?.crypto_wallet_id]);

/**
 * The wallet's owner after a proven signature: the existing row, or a new row for `userId` (a secondary
 * attach) or for a new user (a sign-up). Two parallel sign-ups of one wallet race on the unique
 * (project, type, address) constraint; the loser takes the winner's row.
 */
async function ownWallet(svc: Services, type: string, address: string, userId: string | null): Promise<{ wallet: CryptoWalletsTable; created: boolean }> {
  const existing = await findWallet(svc, type, address);
  if (existing) return { wallet: existing, created: false };
  const k = svc.db.kysely;
  const now = svc.now();
  const mode = svc.project.mode;
  // A wallet signing up asks the project's before_user_create hook first, outside the transaction.
  const row = userId
    ? null
    : await newUserRow(svc, { source: 'crypto-wallets', status: 'active', details: { crypto_wallet_type: type, crypto_wallet_address: address } });
  const wallet: CryptoWalletsTable = {
    crypto_wallet_id: newId('crypto-wallet', mode),
    project_id: svc.project.project_id,
    user_id: userId ?? (row as NewUserRow).user_id,
    crypto_wallet_type: type,
    crypto_wallet_address: address,
    created_at: now,
    last_used_at: null,
  };
  const won = await k.transaction().execute(async (tx) => {
    if (row) await tx.insertInto('users').values(row).execute();
    const inserted = await tx
      .insertInto('crypto_wallets')
      .values(wallet)
      .onConflict((oc) => oc.columns(['project_id', 'crypto_wallet_type', 'crypto_wallet_address']).doNothing())
      .returning('crypto_wallet_id')
      .executeTakeFirst();
    if (!inserted && !userId) await tx.deleteFrom('users').where('user_id', '=', wallet.user_id).execute();
    return inserted !== undefined;
  });
  if (won) {
    if (userId === null) await svc.events.emit({ type: 'user.created', user_id: wallet.user_id });
    await svc.events.emit({
      type: 'factor.added',
      user_id: wallet.user_id,
      factor: { kind: 'wallet', id: wallet.crypto_wallet_id, crypto_wallet_type: wallet.crypto_wallet_type },
    });
    return { wallet, created: userId === null };
  }
  const winner = await findWallet(svc, type, address);
  if (!winner) throw new Error('wallet row vanished after a conflicting insert');
  return { wallet: winner, created: false };
}

/** The SIWE fields of a stored SIWE message (echoed by authenticate). */
async function siweFields(message: string): Promise<SiweParamsResponse> {
  const p = (await viemLibrary()).siwe.parseSiweMessage(message);
  return {
    domain: p.domain ?? '',
    uri: p.uri ?? '',
    chain_id: p.chainId === undefined ? '' : String(p.chainId),
    resources: p.resources ?? [],
    issued_at: p.issuedAt?.toISOString() ?? '',
    message_request_id: p.requestId ?? '',
  };
}

/** Registers the crypto-wallet routes. */
export function cryptoWalletRoutes(route: Route, svc: Services): void {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;

  const authenticateStart = (variant: 'primary' | 'secondary') => async (c: Ctx) => {
    requireProjectAuth(c, svc);
    const session = variant === 'secondary' ? await requireSession(c, svc, { mintsAccess: true }) : null;
    const body = await readJson(c, CryptoWalletsAuthenticateStartRequest, svc.maxBodyBytes);
    const type = walletType(body.crypto_wallet_type);
    const address = await canonicalAddress(type, body.crypto_wallet_address);
    const origin = c.req.header('origin') ?? null;
    const built = await buildChallenge(svc, { type, address, origin, siweParams: body.siwe_params });
    const now = svc.now();
    await hit(svc.db, `crypto_start:ip:${pid}:${clientIp(c, svc)}`, CRYPTO_STARTS_PER_IP, now);
    await pruneChallenges(svc);
    const row: CryptoWalletChallengesTable = {
      challenge_id: newId('crypto-challenge', svc.project.mode),
      project_id: pid,
      crypto_wallet_type: type,
      crypto_wallet_address: address,
      nonce_hash: sha256Hex(built.nonce),
      requester_hash: clientIpHash(c, svc),
      message: built.message,
      siwe: built.siwe ? 1 : 0,
      origin,
      user_id: session?.user_id ?? null,
      session_id: session?.session_id ?? null,
      created_at: now,
      expires_at: now + CRYPTO_CHALLENGE_TTL_MS,
      consumed_at: null,
    };
    await k.insertInto('crypto_wallet_challenges').values(row).execute();
    const known = session ? true : (await findWallet(svc, type, address)) !== null;
    const answer: CryptoWalletsAuthenticateStartResponse = {
      user_id: session?.user_id ?? '',
      challenge: built.message,
      // Enumeration protection (project setting) answers the same for every wallet.
      user_created: !known && svc.project.config.enumeration_protection !== true,
    };
    return ok(c, answer);
  };
  route('POST', '/sdk/v1/crypto_wallets/authenticate/start/primary', { captcha: true }, authenticateStart('primary'));
  route('POST', '/sdk/v1/crypto_wallets/authenticate/start/secondary', { captcha: true }, authenticateStart('secondary'));

  route('POST', '/sdk/v1/crypto_wallets/authenticate', async (c) => {
    const creds = requireProjectAuth(c, svc);
    const body = await readJson(c, CryptoWalletsAuthenticateRequest, svc.maxBodyBytes);
    const type = walletType(body.crypto_wallet_type);
    const address = await canonicalAddress(type, body.crypto_wallet_address);
    const origin = c.req.header('origin') ?? null;
    const challenges = await liveChallenges(svc, type, address, clientIpHash(c, svc));
    if (challenges.length === 0) throw new ApiError('crypto_wallet_challenge_not_found');

    // The signature picks its challenge among the wallet's live ones (a user may have clicked twice; this
    // client's own first, store.ts).
    // A failed check burns nothing: signatures cannot be guessed, and burning would let anyone who knows
    // an address cancel its owner's sign-in in progress.
    let matched: CryptoWalletChallengesTable | null = null;
    let failure: SignatureFailure | 'origin_mismatch' = 'wrong_signer';
    for (const ch of challenges) {
      // A challenge started by a page finishes only on that page's origin (the SIWE domain it names).
      if (ch.origin !== null && ch.origin !== origin) {
        failure = 'origin_mismatch';
        continue;
      }
      const why = await checkSignature({
        type,
        address,
        message: ch.message,
        siwe: ch.siwe === 1,
        signature: body.signature,
        domain: ch.origin ? new URL(ch.origin).host : null,
        now: svc.now(),
      });
      if (why === null) {
        matched = ch;
        break;
      }
      failure = why;
    }
    if (!matched) throw new ApiError('unable_to_auth_crypto_wallet', { details: { reason: failure } });

    const current = creds.secret && creds.secret !== creds.publicToken ? await findLiveSession(svc, creds.secret) : null;
    // A secondary challenge attaches the wallet to the session that asked for it, and only that one.
    if (matched.session_id !== null && current?.session_id !== matched.session_id) {
      throw new ApiError('unable_to_auth_crypto_wallet', {
        message: 'This challenge was started under a session: authenticate with that same session.',
        details: { reason: 'session_mismatch' },
      });
    }
    if (!(await claimChallenge(svc, matched.challenge_id))) throw new ApiError('crypto_wallet_challenge_not_found');

    const { wallet } = await ownWallet(svc, type, address, matched.user_id);
    if (matched.user_id !== null && wallet.user_id !== matched.user_id) throw new ApiError('duplicate_crypto_wallet');
    const now = svc.now();
    await k.updateTable('crypto_wallets').set({ last_used_at: now }).where('crypto_wallet_id', '=', wallet.crypto_wallet_id).execute();
    const factor = cryptoFactor(wallet, now);
    const extra = { crypto_wallet_id: wallet.crypto_wallet_id, siwe_params: matched.siwe === 1 ? await siweFields(matched.message) : null };

    // With a live session of the same user the factor joins it; otherwise this is a fresh sign-in.
    if (current && current.user_id === wallet.user_id) {
      const updated = await addSessionFactor(svc, current, factor, { durationMinutes: body.session_duration_minutes, identity: walletFactorIdentity });
      if (updated) return ok(c, { ...(await authenticateAnswer(svc, updated, creds.secret)), ...extra });
    }
    const answer = await signInOrSecondStep(c, svc, {
      userId: wallet.user_id,
      factor,
      durationMinutes: body.session_duration_minutes ?? DEFAULT_SESSION_DURATION_MINUTES,
    });
    return ok(c, { ...answer, ...extra });
  });
}
