/** The OAuth provider list, apart from the (lazily loaded) OAuth calls so hosts can read it at no cost. */
import { OAUTH_PROVIDER_TYPES } from '../schemas/oauth-providers.ts';

/** OAuth providers of docs/reference/methods/oauth.md#screens (the server's list: sdk-core/schemas/oauth-providers.ts). */
export const OAUTH_PROVIDERS = OAUTH_PROVIDER_TYPES;

/** One OAuth provider name. */
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** The provider's name as docs/reference/methods/oauth.md#screens writes it: brand names, not translated (the buttons' and the account page's). */
export const PROVIDER_NAMES: Readonly<Record<OAuthProvider, string>> = {
  google: 'Google',
  microsoft: 'Microsoft',
  apple: 'Apple',
  github: 'GitHub',
  gitlab: 'GitLab',
  facebook: 'Facebook',
  discord: 'Discord',
  salesforce: 'Salesforce',
  slack: 'Slack',
  amazon: 'Amazon',
  bitbucket: 'Bitbucket',
  linkedin: 'LinkedIn',
  coinbase: 'Coinbase',
  twitch: 'Twitch',
  twitter: 'Twitter',
  tiktok: 'TikTok',
  snapchat: 'Snapchat',
  figma: 'Figma',
  yahoo: 'Yahoo',
};
