/** The crypto-wallets method's migration 0009_crypto_wallets: wallets and their sign-in challenges. */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Adds `crypto_wallets` and `crypto_wallet_challenges`. */
export const m0009_crypto_wallets: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('crypto_wallets')
      .addColumn('crypto_wallet_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('crypto_wallet_type', 'text', (c) => c.notNull())
      .addColumn('crypto_wallet_address', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      // One wallet belongs to one user of a project: two parallel sign-ups of a wallet race on this.
      .addUniqueConstraint('crypto_wallets_address_unique', ['project_id', 'crypto_wallet_type', 'crypto_wallet_address'])
      .execute();
    await db.schema.createIndex('crypto_wallets_user_idx').on('crypto_wallets').column('user_id').execute();

    // In the database, not in memory: any instance can finish a sign-in another started, and the
    // conditional UPDATE that consumes a challenge is the single-use guarantee.
    await db.schema
      .createTable('crypto_wallet_challenges')
      .addColumn('challenge_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('crypto_wallet_type', 'text', (c) => c.notNull())
      .addColumn('crypto_wallet_address', 'text', (c) => c.notNull())
      .addColumn('nonce_hash', 'text', (c) => c.notNull().unique())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('siwe', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('requester_hash', 'text', (c) => c.notNull())
      .addColumn('origin', 'text')
      .addColumn('user_id', 'text')
      .addColumn('session_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('crypto_wallet_challenges_wallet_idx')
      .on('crypto_wallet_challenges')
      .columns(['project_id', 'crypto_wallet_type', 'crypto_wallet_address'])
      .execute();
    await db.schema.createIndex('crypto_wallet_challenges_expiry_idx').on('crypto_wallet_challenges').column('expires_at').execute();
  },
  async down(db: AnyDb) {
    for (const t of ['crypto_wallet_challenges', 'crypto_wallets']) await db.schema.dropTable(t).ifExists().execute();
  },
};

/** The crypto-wallets method's migrations by name (merged with core's in name order, db/migrations.ts). */
export const CRYPTO_WALLETS_MIGRATIONS: Readonly<Record<string, Migration>> = { '0009_crypto_wallets': m0009_crypto_wallets };
