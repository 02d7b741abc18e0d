import type { AuthenticateResult } from '../api-types.ts';
import type { MethodContext, SdkMethod } from '../method.ts';
import { check } from '../validate.ts';
import { OAUTH_PROVIDERS, type OAuthProvider } from './providers.ts';

export { OAUTH_PROVIDERS, type OAuthProvider };

/** Options of an OAuth start redirect (SPEC §7). */
export interface OAuthStartOptions {
  login_redirect_url?: string;
  signup_redirect_url?: string;
  custom_scopes?: string[];
  provider_params?: Record<string, string>;
}

/** OAuth sign-in through a browser redirect. */
export interface OAuth {
  /** The provider start URL (PKCE challenge included when the project requires it). */
  startUrl(provider: OAuthProvider, o?: OAuthStartOptions): Promise<string>;
  /** Navigates the browser to the provider. */
  start(provider: OAuthProvider, o?: OAuthStartOptions): Promise<void>;
  /** Exchanges the token on the redirect URL for a session. */
  authenticate(token: string, o: { session_duration_minutes: number }): Promise<AuthenticateResult>;
}

/** Builds the OAuth calls; the context's `baseUrl` is where /v1/public lives. */
export function createOAuth(ctx: MethodContext): OAuth {
  const { baseUrl: apiBaseUrl, publicToken } = ctx;
  const startUrl = async (provider: OAuthProvider, o: OAuthStartOptions = {}) => {
    const m = 'oauth.start';
    check(m)
      .string('provider', provider)
      .optionalObject('options', o)
      .optionalString('login_redirect_url', o.login_redirect_url)
      .optionalString('signup_redirect_url', o.signup_redirect_url)
      .optionalStringArray('custom_scopes', o.custom_scopes)
      .optionalObject('provider_params', o.provider_params);
    const q = new URLSearchParams({ public_token: publicToken });
    if ((await ctx.bootstrap()).pkce_required_for_oauth) q.set('code_challenge', (await ctx.pkce.start('oauth')).code_challenge);
    if (o.login_redirect_url) q.set('login_redirect_url', o.login_redirect_url);
    if (o.signup_redirect_url) q.set('signup_redirect_url', o.signup_redirect_url);
    if (o.custom_scopes?.length) q.set('custom_scopes', o.custom_scopes.join(' '));
    for (const [k, v] of Object.entries(o.provider_params ?? {})) q.set(`provider_${k}`, String(v));
    return `${apiBaseUrl}/v1/public/oauth/${encodeURIComponent(provider)}/start?${q}`;
  };
  return {
    startUrl,
    async start(provider, o) {
      globalThis.location.assign(await startUrl(provider, o));
    },
    async authenticate(token, o) {
      const m = 'oauth.authenticate';
      check(m).string('token', token).optionalObject('options', o).number('session_duration_minutes', o?.session_duration_minutes);
      const verifier = ctx.pkce.get('oauth')?.code_verifier;
      const resp = await ctx.signIn({
        method: 'POST',
        path: '/oauth/authenticate',
        body: { token, session_duration_minutes: o.session_duration_minutes, ...(verifier ? { code_verifier: verifier } : {}) },
      });
      ctx.pkce.clear('oauth');
      return resp;
    },
  };
}

/** The registry entry (../methods.ts): `client.oauth`. */
export const oauthMethod = { name: 'oauth', create: createOAuth } satisfies SdkMethod<'oauth', OAuth>;
