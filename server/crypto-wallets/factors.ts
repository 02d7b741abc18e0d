/** The crypto-wallets method's factors (server/method.ts MethodFactor): the user's wallets. */
import type { MethodFactor } from '../method.ts';

/** A wallet, removed by `DELETE /sdk/v1/users/crypto_wallets/:id`. */
export const CRYPTO_WALLETS_FACTORS: readonly MethodFactor[] = [
  {
    kind: 'crypto_wallets',
    notFound: 'crypto_wallet_not_found',
    async remove(svc, session, id) {
      const res = await svc.db.kysely
        .deleteFrom('crypto_wallets')
        .where('crypto_wallet_id', '=', id)
        .where('user_id', '=', session.user_id)
        .where('project_id', '=', svc.project.project_id)
        .executeTakeFirst();
      return res.numDeletedRows > 0n;
    },
  },
];
