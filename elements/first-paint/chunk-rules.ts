/**
 * The lazily loaded chunks' rules some first screens need (index.ts `firstPaintRules`), loaded on
 * demand so the first load of an email or phone form does not carry them.
 */
export { CRYPTO_RULES } from '../../react-internals/crypto-wallets/styles.ts';
export { OAUTH_RULES } from '../../react-internals/oauth/styles.ts';
export { PASSWORD_RULES } from '../../react-internals/passwords/styles.ts';
