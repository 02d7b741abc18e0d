/** The OAuth provider list, apart from the (lazily loaded) OAuth calls so hosts can read it at no cost. */

/** OAuth providers of SPEC §2. */
export const OAUTH_PROVIDERS = [
  'google',
  'microsoft',
  'apple',
  'github',
  'gitlab',
  'facebook',
  'discord',
  'salesforce',
  'slack',
  'amazon',
  'bitbucket',
  'linkedin',
  'coinbase',
  'twitch',
  'twitter',
  'tiktok',
  'snapchat',
  'figma',
  'yahoo',
] as const;

/** One OAuth provider name. */
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
