/** The crypto-wallets method's queries: wallets in wire shape, challenges stored, claimed once, pruned. */
import type { CryptoWalletInfo } from '../../sdk-core/schemas/index.ts';
import { claimOnce } from '../claim-once.ts';
import { preparedQuery } from '../db/prepared.ts';
import type { Services } from '../services.ts';
import type { UserRecords } from '../method.ts';
import type { CryptoWalletChallengesTable, CryptoWalletsTable } from './tables.ts';

/** Wire shape of one stored wallet. */
export function toWalletInfo(r: CryptoWalletsTable): CryptoWalletInfo {
  return {
    crypto_wallet_id: r.crypto_wallet_id,
    crypto_wallet_address: r.crypto_wallet_address,
    crypto_wallet_type: r.crypto_wallet_type === 'solana' ? 'solana' : 'ethereum',
    verified: true,
  };
}

/** The user's wallet rows, oldest first (compiled once: loadUser runs it on every authenticate). */
const userWalletRows = preparedQuery((k, userId: string, projectId: string) =>
  k
    .selectFrom('crypto_wallets')
    .selectAll()
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('crypto_wallet_id'),
);

/** The crypto-wallets method's part of the wire user (docs/reference/wire-protocol.md#authenticate-answers `user.crypto_wallets`), for loadUser. */
export async function cryptoWalletUserRecords(svc: Services, userId: string): Promise<UserRecords> {
  const rows = await userWalletRows(svc.db.kysely, userId, svc.project.project_id);
  return { crypto_wallets: rows.map(toWalletInfo) };
}

/** The wallet row of (type, canonical address) in the project, if any. */
export async function findWallet(svc: Services, type: string, address: string): Promise<CryptoWalletsTable | null> {
  const row = await svc.db.kysely
    .selectFrom('crypto_wallets')
    .selectAll()
    .where('project_id', '=', svc.project.project_id)
    .where('crypto_wallet_type', '=', type)
    .where('crypto_wallet_address', '=', address)
    .executeTakeFirst();
  return row ?? null;
}

/** Most live challenges of one wallet tried by one authenticate from their own client (each costs a signature check). */
export const OWN_CHALLENGES_TRIED = 10;
/** Most live challenges of one wallet tried from other clients (an IP that changed between start and authenticate). */
export const OTHER_CHALLENGES_TRIED = 5;

/**
 * The wallet's live (unused, unexpired) challenges to try, newest first: those the same client started,
 * then the newest of any client. Own ones first, so a stranger who starts many challenges for someone
 * else's address cannot push the owner's challenge out of the list (a lockout keyed by user and client,
 * docs/reference/security.md#tokens).
 */
export async function liveChallenges(svc: Services, type: string, address: string, requesterHash: string): Promise<CryptoWalletChallengesTable[]> {
  const live = () =>
    svc.db.kysely
      .selectFrom('crypto_wallet_challenges')
      .selectAll()
      .where('project_id', '=', svc.project.project_id)
      .where('crypto_wallet_type', '=', type)
      .where('crypto_wallet_address', '=', address)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', svc.now())
      .orderBy('created_at', 'desc');
  const own = await live().where('requester_hash', '=', requesterHash).limit(OWN_CHALLENGES_TRIED).execute();
  const any = await live().limit(OTHER_CHALLENGES_TRIED).execute();
  const seen = new Set(own.map((r) => r.challenge_id));
  return [...own, ...any.filter((r) => !seen.has(r.challenge_id))];
}

/** Claims a challenge exactly once (atomic conditional UPDATE); false when it was used or expired meanwhile. */
export async function claimChallenge(svc: Services, challengeId: string): Promise<boolean> {
  return (await claimOnce(svc.db.kysely, 'crypto_wallet_challenges', { challenge_id: challengeId, project_id: svc.project.project_id }, { now: svc.now() })).ok;
}

/** Removes challenges whose time is up or that were used (cheap thanks to the expiry index). */
export async function pruneChallenges(svc: Services): Promise<void> {
  await svc.db.kysely.deleteFrom('crypto_wallet_challenges').where('expires_at', '<', svc.now()).execute();
}
