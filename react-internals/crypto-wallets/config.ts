/**
 * What the wallet buttons read from the host's config. docs/reference/elements/auth-login.md#main-screen's 6-button rule counts the OAuth
 * providers beside the wallets: read here from `oauthOptions.providers` (docs/reference/config.md#product-options) when the `oauth`
 * product is configured, so the rule holds whichever module renders the OAuth row.
 */
import { isRecord } from '../config-parse.ts';

/** The wallet part of the host config: none of its own (docs/reference/methods/crypto-wallets.md#data has no wallet options). */
export type CryptoOptions = Record<never, never>;

/** The wallet part of the resolved config. */
export interface CryptoConfig {
  /** How many OAuth buttons share Main's button area with the wallets (0 without the oauth product). */
  cryptoOAuthProviderCount: number;
}

/** Reads the OAuth provider count from the raw config (anything: checked here). */
export function resolveCryptoConfig(raw: Readonly<Record<string, unknown>>): CryptoConfig {
  const products = Array.isArray(raw['products']) ? raw['products'] : [];
  const oauth = isRecord(raw['oauthOptions']) ? raw['oauthOptions'] : {};
  const providers = Array.isArray(oauth['providers']) ? oauth['providers'] : [];
  return { cryptoOAuthProviderCount: products.includes('oauth') ? providers.length : 0 };
}
