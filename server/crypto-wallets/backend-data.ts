/** The crypto-wallets method's operands of `POST /v1/users/search` (issue 27). */
import { z } from 'zod/mini';
import { searchOperand, type UserSearchOperand } from '../method.ts';

const list = z.array(z.string().check(z.maxLength(512))).check(z.minLength(1), z.maxLength(100));

/**
 * `crypto_wallet_id` / `crypto_wallet_address` (an Ethereum one in any case, EIP-55 being only a checksum): users
 * holding one of these wallets; `crypto_wallet_verified`: users holding a verified wallet (every stored one
 * is: a wallet is kept only once its signature verified), so `false` matches no one.
 */
export const CRYPTO_WALLETS_SEARCH_OPERANDS: Readonly<Record<string, UserSearchOperand>> = {
  crypto_wallet_id: searchOperand(list, (svc, ids) =>
    svc.db.kysely
      .selectFrom('crypto_wallets')
      .select('crypto_wallets.user_id')
      .where('crypto_wallets.project_id', '=', svc.project.project_id)
      .where('crypto_wallets.crypto_wallet_id', 'in', ids),
  ),
  crypto_wallet_address: searchOperand(list, (svc, addresses) =>
    svc.db.kysely
      .selectFrom('crypto_wallets')
      .select('crypto_wallets.user_id')
      .where('crypto_wallets.project_id', '=', svc.project.project_id)
      .where((eb) => {
        // Ethereum addresses match whatever their case (EIP-55 case is a checksum); Solana's base58 is case-sensitive.
        const ethereum = addresses.filter((a) => /^0x/i.test(a)).map((a) => a.toLowerCase());
        const exact = eb('crypto_wallets.crypto_wallet_address', 'in', addresses);
        return ethereum.length === 0 ? exact : eb.or([exact, eb(eb.fn<string>('lower', ['crypto_wallets.crypto_wallet_address']), 'in', ethereum)]);
      }),
  ),
  crypto_wallet_verified: searchOperand(z.boolean(), (svc, verified) =>
    svc.db.kysely
      .selectFrom('crypto_wallets')
      .select('crypto_wallets.user_id')
      .where('crypto_wallets.project_id', '=', verified ? svc.project.project_id : ''),
  ),
};
