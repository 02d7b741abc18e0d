/** How each OAuth provider is named on its button (docs/reference/methods/oauth.md#screens 'Continue with {provider}'): brand names, not translated. */
export { PROVIDER_NAMES } from '../../sdk-core/oauth/providers.ts';
