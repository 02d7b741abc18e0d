/** The OAuth provider list, apart from the (lazily loaded) OAuth calls so hosts can read it at no cost. */
import { OAUTH_PROVIDER_TYPES } from '../schemas/oauth-providers.ts';

/** OAuth providers of docs/reference/methods/oauth.md#screens (the server's list: sdk-core/schemas/oauth-providers.ts). */
export const OAUTH_PROVIDERS = OAUTH_PROVIDER_TYPES;

/** One OAuth provider name. */
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
