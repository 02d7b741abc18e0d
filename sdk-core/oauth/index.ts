/**
 * OAuth sign-in (docs/reference/methods/oauth.md#screens, docs/reference/methods/oauth.md#calls; issue 13 wire contract): the browser redirect to
 * `{api}/v1/public/oauth/{provider}/start`, the token the server sends back on the login or sign-up
 * redirect URL, its redemption with the flow's PKCE verifier, and Google One Tap's start and submit.
 * Loaded lazily (../methods.ts): a page that never uses OAuth ships none of this.
 */
import type { Meta } from '../api-types.ts';
import { isApiError, NoSessionError } from '../errors.ts';
import type { MethodContext, SdkMethod } from '../method.ts';
import { PKCEStore } from '../pkce/index.ts';
import type { OAuthAttachResponse, OAuthAuthenticateResponse, OneTapStartRequest, OneTapStartResponse, OneTapSubmitResponse } from '../schemas/oauth.ts';
import { check, type Validator } from '../validate.ts';
import { OAuthCallbackError, OAuthTokenNotFoundError } from './errors.ts';
import { OAUTH_PROVIDERS, type OAuthProvider } from './providers.ts';

export { OAUTH_PROVIDERS, type OAuthProvider };

/** Options of an OAuth start redirect (docs/reference/methods/oauth.md#calls; contract item 1). */
export interface OAuthStartOptions {
  /** Where an existing user lands (on the project's redirect allowlist); default: the project's. */
  login_redirect_url?: string;
  /** Where a new user lands; default: the project's. */
  signup_redirect_url?: string;
  /** Scopes asked for beside the provider's defaults. */
  custom_scopes?: string[];
  /** Extra parameters for the provider's authorization page (sent as `provider_{key}`). */
  provider_params?: Record<string, string>;
  /** From {@link OAuth.attach}: the flow links the provider account to the signed-in user instead of signing in. */
  oauth_attach_token?: string;
}

/** One provider's calls: `client.oauth.google.start()`. */
export interface OAuthProviderGroup {
  /** Navigates the browser to this provider's start URL. */
  start(options?: OAuthStartOptions): Promise<void>;
}

/** `oauth.{provider}` for each of the 19 providers of docs/reference/methods/oauth.md#screens. */
export type OAuthProviderGroups = { readonly [P in OAuthProvider]: OAuthProviderGroup };

/** The authenticate answer of `/oauth/authenticate` (contract item 3): the session, plus `provider_type`, `provider_subject`, `provider_values`, `oauth_user_registration_id`. */
export type OAuthAuthenticateResult = OAuthAuthenticateResponse & Meta;

/** Redirect URLs of a One Tap sign-in (contract item 5); omitted: the project's defaults. */
export type OneTapRedirectOptions = OneTapStartRequest;

/** `/oauth/google/onetap/start`'s answer: the Google client id (`dev-google-client-id` for a test project without one) and a single-use nonce (10 minutes) the ID token must carry. */
export type OneTapStartResult = OneTapStartResponse & Meta;

/** Google One Tap's two calls (contract item 5). */
export interface GoogleOneTap {
  /** Asks the server for the client id and a fresh nonce. */
  start(options?: OneTapRedirectOptions): Promise<OneTapStartResult>;
  /**
   * Sends Google's ID token and the nonce; resolves to the login or sign-up URL carrying an OAuth
   * token, where the browser goes next (the page there redeems it with {@link OAuth.authenticate}).
   */
  submit(id_token: string, nonce: string, options?: OneTapRedirectOptions): Promise<OneTapSubmitResponse & Meta>;
}

/** OAuth sign-in through a browser redirect. */
export interface OAuth extends OAuthProviderGroups {
  /** The provider start URL, a fresh PKCE challenge included. */
  startUrl(provider: OAuthProvider, options?: OAuthStartOptions): Promise<string>;
  /** Navigates the browser to the provider (the generic form of `oauth.{provider}.start`). */
  start(provider: OAuthProvider, options?: OAuthStartOptions): Promise<void>;
  /**
   * Exchanges the token on the redirect URL for a session, sending the stored PKCE verifier and
   * clearing it. @throws OAuthTokenNotFoundError for an unknown, used or expired token.
   */
  authenticate(token: string, options: { session_duration_minutes: number }): Promise<OAuthAuthenticateResult>;
  /**
   * For the redirect page: the OAuth token in the address (`stytch_token_type=oauth&token=...`), or
   * null when there is none; takes it out of the address bar (unless `url` is given).
   * @throws OAuthCallbackError when the address carries `stytch_token_type=oauth&error=...`.
   */
  readUrl(options?: { url?: string }): Promise<{ token: string } | null>;
  /** {@link readUrl}, then {@link authenticate}; null when the address carries no OAuth token. */
  authenticateFromUrl(options: { session_duration_minutes: number; url?: string }): Promise<OAuthAuthenticateResult | null>;
  /** Google One Tap (docs/reference/methods/oauth.md#screens, docs/reference/methods/oauth.md#rules). */
  googleOneTap: GoogleOneTap;
  /**
   * Starts linking `provider`'s account to the signed-in user (a sensitive call): a single-use token (5
   * minutes) to pass as `oauth_attach_token` to that provider's start.
   */
  attach(provider: OAuthProvider): Promise<string>;
}

const checkStartOptions = (v: Validator, o: OAuthStartOptions | undefined) => {
  v.optionalObject('options', o);
  if (!o) return;
  v.optionalString('login_redirect_url', o.login_redirect_url)
    .optionalString('signup_redirect_url', o.signup_redirect_url)
    .optionalStringArray('custom_scopes', o.custom_scopes)
    .optionalObject('provider_params', o.provider_params)
    .optionalString('oauth_attach_token', o.oauth_attach_token);
  for (const [k, value] of Object.entries(o.provider_params ?? {})) v.string(`provider_params.${k}`, value);
};

const checkRedirects = (v: Validator, o: OneTapRedirectOptions | undefined) =>
  v.optionalObject('options', o).optionalString('login_redirect_url', o?.login_redirect_url).optionalString('signup_redirect_url', o?.signup_redirect_url);

const redirects = (o: OneTapRedirectOptions | undefined) => ({
  ...(o?.login_redirect_url ? { login_redirect_url: o.login_redirect_url } : {}),
  ...(o?.signup_redirect_url ? { signup_redirect_url: o.signup_redirect_url } : {}),
});

/** Builds the OAuth calls; the context's `baseUrl` is where /v1/public lives. */
export function createOAuth(ctx: MethodContext): OAuth {
  // PKCE verifiers per flow (docs/reference/constants.md#client-sdk), kept in the client's storage.
  const pkce = new PKCEStore(ctx.storage, ctx.publicToken);
  const { baseUrl: apiBaseUrl, publicToken } = ctx;

  const buildStartUrl = async (method: string, provider: OAuthProvider, o: OAuthStartOptions | undefined) => {
    const v = check(method).string('provider', provider);
    if (!OAUTH_PROVIDERS.includes(provider)) throw v.fail('provider', `must be one of ${OAUTH_PROVIDERS.join(', ')}.`);
    checkStartOptions(v, o);
    const q = new URLSearchParams({ public_token: publicToken });
    // A challenge on every start, required or not: it binds the token the callback hands out to
    // this browser's verifier (RFC 7636), so a token leaked from the redirect URL is useless elsewhere.
    q.set('code_challenge', (await pkce.start('oauth')).code_challenge);
    if (o?.login_redirect_url) q.set('login_redirect_url', o.login_redirect_url);
    if (o?.signup_redirect_url) q.set('signup_redirect_url', o.signup_redirect_url);
    if (o?.custom_scopes?.length) q.set('custom_scopes', o.custom_scopes.join(' '));
    for (const [k, value] of Object.entries(o?.provider_params ?? {})) q.set(`provider_${k}`, value);
    if (o?.oauth_attach_token) q.set('oauth_attach_token', o.oauth_attach_token);
    return `${apiBaseUrl}/v1/public/oauth/${provider}/start?${q}`;
  };
  const go = async (method: string, provider: OAuthProvider, o: OAuthStartOptions | undefined) => {
    const url = await buildStartUrl(method, provider, o);
    globalThis.location.assign(url);
  };

  const providers = Object.fromEntries(
    OAUTH_PROVIDERS.map((p): [OAuthProvider, OAuthProviderGroup] => [p, { start: (o) => go(`oauth.${p}.start`, p, o) }]),
  ) as unknown as OAuthProviderGroups;

  const self: OAuth = {
    ...providers,
    startUrl: (provider, o) => buildStartUrl('oauth.startUrl', provider, o),
    start: (provider, o) => go('oauth.start', provider, o),
    async attach(provider) {
      const v = check('oauth.attach').string('provider', provider);
      if (!OAUTH_PROVIDERS.includes(provider)) throw v.fail('provider', `must be one of ${OAUTH_PROVIDERS.join(', ')}.`);
      if (!ctx.sessions.getTokens()) throw new NoSessionError();
      return (await ctx.request<OAuthAttachResponse>({ method: 'POST', path: '/oauth/attach', body: { provider } })).oauth_attach_token;
    },
    async authenticate(token, o) {
      check('oauth.authenticate').string('token', token).optionalObject('options', o).number('session_duration_minutes', o?.session_duration_minutes);
      const verifier = pkce.get('oauth')?.code_verifier;
      try {
        const resp = await ctx.signIn<OAuthAuthenticateResult>({
          method: 'POST',
          path: '/oauth/authenticate',
          body: { token, session_duration_minutes: o.session_duration_minutes, ...(verifier ? { code_verifier: verifier } : {}) },
        });
        // docs/reference/sdk.md#pkce: the verifier is cleared after a successful authenticate.
        pkce.clear('oauth');
        return resp;
      } catch (e) {
        if (isApiError(e, 'oauth_token_not_found')) throw new OAuthTokenNotFoundError(e);
        throw e;
      }
    },
    async readUrl(options) {
      check('oauth.readUrl').optionalObject('options', options).optionalString('url', options?.url);
      const href = options?.url ?? globalThis.location?.href;
      if (!href) return null;
      const url = new URL(href);
      if (url.searchParams.get('stytch_token_type') !== 'oauth') return null;
      const token = url.searchParams.get('token');
      const error = url.searchParams.get('error');
      if (!token && error === null) return null;
      // The token is a credential: out of the address bar (history, screenshots, Referer) at once.
      if (!options?.url && globalThis.history?.replaceState) {
        for (const k of ['token', 'stytch_token_type', 'error']) url.searchParams.delete(k);
        globalThis.history.replaceState(globalThis.history.state, '', url.href);
      }
      if (error !== null) throw new OAuthCallbackError(error, url.searchParams.get('error_reason'));
      return token ? { token } : null;
    },
    async authenticateFromUrl(options) {
      check('oauth.authenticateFromUrl')
        .optionalObject('options', options)
        .number('session_duration_minutes', options?.session_duration_minutes)
        .optionalString('url', options.url);
      const found = await self.readUrl(options.url !== undefined ? { url: options.url } : {});
      return found ? self.authenticate(found.token, { session_duration_minutes: options.session_duration_minutes }) : null;
    },
    googleOneTap: {
      async start(o) {
        checkRedirects(check('oauth.googleOneTap.start'), o);
        return ctx.request<OneTapStartResult>({ method: 'POST', path: '/oauth/google/onetap/start', body: redirects(o) });
      },
      async submit(id_token, nonce, o) {
        checkRedirects(check('oauth.googleOneTap.submit').string('id_token', id_token).string('nonce', nonce), o);
        // The redirect page redeems the token with this browser's verifier, as after a start redirect.
        const { code_challenge } = await pkce.start('oauth');
        return ctx.request<OneTapSubmitResponse & Meta>({
          method: 'POST',
          path: '/oauth/google/onetap/submit',
          body: { id_token, nonce, code_challenge, ...redirects(o) },
        });
      },
    },
  };
  return self;
}

/** The registry entry (../methods.ts): `client.oauth`. */
export const oauthMethod = { name: 'oauth', create: createOAuth } satisfies SdkMethod<'oauth', OAuth>;
