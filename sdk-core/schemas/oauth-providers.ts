/** The one list of OAuth provider names, shared by the server's schemas and the browser client. */

/**
 * The OAuth provider names of docs/reference/methods/oauth.md#screens, as the start and callback paths spell them (the server's catalogue
 * and the client's OAUTH_PROVIDERS). No zod here: the browser's sdk-core/oauth/providers.ts imports it.
 */
export const OAUTH_PROVIDER_TYPES = [
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
/** One OAuth provider name of {@link OAUTH_PROVIDER_TYPES}. */
export type OAuthProviderType = (typeof OAUTH_PROVIDER_TYPES)[number];
