/**
 * The OAuth redirect flow (issue 13 contract items 1-3, 6): start (validate, store the state, redirect to
 * the provider or the dev provider), callback (claim the state, exchange the code, link or create the
 * user, redirect with a single-use token), authenticate (redeem it once with PKCE), and removal of a
 * registration. The start and callback answer browsers: their refusals are HTML pages, never a redirect
 * to an unchecked URL.
 */
import { generateCodeVerifier } from 'arctic';
import {
  type AuthenticateResponse,
  OAuthAttachRequest,
  type OAuthAttachResponse,
  OAuthAuthenticateRequest,
  type OAuthAuthenticateResponse,
} from '../../sdk-core/schemas/index.ts';
import { requireSession } from '../auth-helpers.ts';
import { newSecretToken } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import { requireProjectAuth } from '../basic-auth.ts';
import { readBodyText, readJson } from '../body.ts';
import { clientIp } from '../request.ts';
import { ok } from '../responses.ts';
import type { Ctx, Services } from '../services.ts';
import { redirectAllowed } from '../redirect-allowlist.ts';
import { escapeHtml } from '../routes/dev.ts';
import { setPageSecurityHeaders } from '../routes/static.ts';
import type { Route } from '../routes/types.ts';
import { DEFAULT_SESSION_DURATION_MINUTES } from '../sessions.ts';
import { type SignInAnswer, signInOrSecondStep } from '../mfa/gate.ts';
import { bootstrapData } from '../project/bootstrap.ts';
import { devAuthorizationUrl, devExchange, devOAuthRoutes } from './dev-provider.ts';
import { isOAuthProvider, type OAuthProvider, PROVIDERS, type ProviderIdentity } from './providers.ts';
import { attachIdentity, claimAttachToken, claimState, issueAttachToken, issueOAuthToken, issueState, linkIdentity, redeemOAuthToken } from './store.ts';
import { hit } from '../rate-limit.ts';

/** Most custom scopes one start may ask for, and the longest one. */
export const MAX_CUSTOM_SCOPES = 20;
/** Most `provider_*` parameters one start may pass on, and their bounds. */
export const MAX_PROVIDER_PARAMS = 10;
/** Authorization request parameters the flow sets itself: a `provider_*` parameter may not replace them. */
const RESERVED_PARAMS = new Set([
  'client_id',
  'redirect_uri',
  'state',
  'code_challenge',
  'code_challenge_method',
  'response_type',
  'scope',
  'nonce',
  'response_mode',
]);

/** True when the project requires a PKCE challenge on OAuth starts (bootstrap pkce_required_for_oauth). */
export function pkceRequiredForOAuth(svc: Services): boolean {
  return bootstrapData(svc.project).pkce_required_for_oauth;
}

/**
 * The login and sign-up redirect URLs of a flow: each asked one must be an http(s) URL on the allowlist
 * (docs/reference/security.md#oauth-and-idp); a missing one is the project's default (`oauth.login_redirect_url` /
 * `oauth.signup_redirect_url`), else the other URL of the pair, else the first concrete allowlist entry.
 * @throws ApiError invalid_redirect_url, no_login_redirect_urls_set, no_signup_redirect_urls_set
 */
export function resolveOAuthRedirects(svc: Services, askedLogin: string | undefined, askedSignup: string | undefined): { login: string; signup: string } {
  const allow = svc.project.config.redirect_urls;
  const check = (url: string, field: string) => {
    if (!/^https?:\/\//i.test(url) || !redirectAllowed(url, allow)) {
      throw new ApiError('invalid_redirect_url', { message: `${field} is not on the project's redirect URL allowlist.`, details: { field } });
    }
    return url;
  };
  const login = askedLogin ? check(askedLogin, 'login_redirect_url') : undefined;
  const signup = askedSignup ? check(askedSignup, 'signup_redirect_url') : undefined;
  const o = svc.project.config.oauth ?? {};
  const concrete = allow.find((u) => !u.includes('*') && /^https?:\/\//i.test(u));
  const pick = (own: string | undefined, configured: string | undefined, other: string | undefined, field: string) => {
    if (own) return own;
    if (configured) return check(configured, `oauth.${field}`);
    return other ?? concrete;
  };
  const l = pick(login, o.login_redirect_url, signup, 'login_redirect_url');
  if (!l) throw new ApiError('no_login_redirect_urls_set');
  const s = pick(signup, o.signup_redirect_url, login, 'signup_redirect_url');
  if (!s) throw new ApiError('no_signup_redirect_urls_set');
  return { login: l, signup: s };
}

/** `url` with `stytch_token_type=oauth` and the given parameters added (keeping its own query). */
export function withOAuthParams(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  u.searchParams.set('stytch_token_type', 'oauth');
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.href;
}

/** The HTML page of a refused start or unusable callback (contract item 1: a browser is looking at it). */
export function oauthErrorPage(c: Ctx, err: ApiError): Response {
  c.header('Cache-Control', 'no-store');
  setPageSecurityHeaders(c, { 'default-src': "'none'", 'script-src': "'none'", 'style-src': "'none'", 'connect-src': "'none'", 'img-src': "'none'" });
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in could not continue</title></head><body><main><h1>Sign-in could not continue</h1><p>${escapeHtml(err.message)}</p><p>error_type: <code id="error-type">${escapeHtml(err.errorType)}</code></p><p>Go back to the page you came from and try again.</p></main></body></html>`,
    err.status as 400,
  );
}

/** A 302 carrying no referrer and never cached (the token is in the Location). */
function redirect(c: Ctx, url: string): Response {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.redirect(url, 302);
}

/** This server's public origin as the providers see it (the callback URL's base). */
function publicBase(c: Ctx, svc: Services): string {
  return (svc.project.config.oauth?.callback_base_url ?? new URL(c.req.url).origin).replace(/\/+$/, '');
}

/** Scopes of a start: the provider's defaults and the custom ones (space-separated, bounded). */
function scopesOf(provider: OAuthProvider, custom: string | undefined): string[] {
  const extra = (custom ?? '').split(' ').filter(Boolean);
  if (extra.length > MAX_CUSTOM_SCOPES || extra.some((s) => !/^[\x21-\x7e]{1,200}$/.test(s))) {
    throw new ApiError('invalid_request_body', {
      message: `custom_scopes must be at most ${MAX_CUSTOM_SCOPES} space-separated scopes of printable characters.`,
    });
  }
  return [...new Set([...PROVIDERS[provider].scopes, ...extra])];
}

/** The `provider_*` query parameters, passed on to the provider's authorization URL (bounded, none reserved). */
function providerParams(query: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith('provider_')) continue;
    const name = key.slice('provider_'.length);
    if (!/^[a-z0-9_]{1,40}$/.test(name) || RESERVED_PARAMS.has(name) || value.length > 500) {
      throw new ApiError('invalid_request_body', { message: `${key} is not a parameter that can be passed to the provider.` });
    }
    out[name] = value;
  }
  if (Object.keys(out).length > MAX_PROVIDER_PARAMS)
    throw new ApiError('invalid_request_body', { message: `At most ${MAX_PROVIDER_PARAMS} provider_* parameters.` });
  return out;
}

/** Registers the OAuth routes (and, for test projects, the dev provider's). */
export function oauthRoutes(route: Route, svc: Services): void {
  const pid = svc.project.project_id;

  route('GET', '/v1/public/oauth/:provider/start', async (c) => {
    try {
      const q = c.req.query();
      if (q.public_token !== svc.project.public_token) throw new ApiError('invalid_public_token');
      const provider = c.req.param('provider') ?? '';
      if (!isOAuthProvider(provider)) throw new ApiError('oauth_provider_not_supported');
      const creds = svc.project.config.oauth?.providers?.[provider];
      if (!creds && svc.project.mode === 'live') throw new ApiError('oauth_config_not_found');
      const challenge = q.code_challenge || undefined;
      if (challenge !== undefined && !/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
        throw new ApiError('invalid_request_body', { message: 'code_challenge must be an RFC 7636 S256 challenge (43 base64url characters).' });
      }
      if (!challenge && pkceRequiredForOAuth(svc))
        throw new ApiError('pkce_required', { message: 'This project requires PKCE: the start must carry a code_challenge.' });
      const { login, signup } = resolveOAuthRedirects(svc, q.login_redirect_url || undefined, q.signup_redirect_url || undefined);
      const scopes = scopesOf(provider, q.custom_scopes);
      const params = providerParams(q);
      // Each start stores a row: bounded per client IP like the sends (the send limits' numbers).
      await hit(svc.db, `oauth_start:ip:${pid}:${clientIp(c, svc)}`, svc.limits.sendPerIp, svc.now());
      // A link from a session (docs/reference/methods/oauth.md#rules): the attach token is spent here, once, and binds the flow to its user.
      let attachUserId: string | null = null;
      if (q.oauth_attach_token !== undefined) {
        attachUserId = q.oauth_attach_token.length <= 128 ? await claimAttachToken(svc, q.oauth_attach_token, provider) : null;
        if (!attachUserId) throw new ApiError('oauth_attach_token_not_found');
      }
      const base = publicBase(c, svc);
      const callbackUrl = `${base}/v1/public/oauth/callback/${provider}`;
      const codeVerifier = generateCodeVerifier();
      const nonce = newSecretToken();
      const dev = !creds;
      const state = await issueState(svc, {
        provider,
        code_challenge: challenge ?? null,
        provider_code_verifier: codeVerifier,
        nonce,
        login_redirect_url: login,
        signup_redirect_url: signup,
        scopes: scopes.join(' '),
        callback_url: callbackUrl,
        dev: dev ? 1 : 0,
        attach_user_id: attachUserId,
      });
      let target: URL;
      if (dev) {
        target = devAuthorizationUrl({ base, provider, callbackUrl, state, codeVerifier, nonce, scopes, params });
      } else {
        target = PROVIDERS[provider].client(creds, callbackUrl).authorizationUrl(state, codeVerifier, scopes, nonce);
        for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
      }
      return redirect(c, target.href);
    } catch (err) {
      if (err instanceof ApiError) return oauthErrorPage(c, err);
      throw err;
    }
  });

  const callback = async (c: Ctx) => {
    const provider = c.req.param('provider') ?? '';
    // Apple answers with response_mode=form_post when it is asked for the name or email: the same fields in a form.
    const q: Record<string, string> =
      c.req.method === 'POST' ? Object.fromEntries(new URLSearchParams(await readBodyText(c, svc.maxBodyBytes))) : c.req.query();
    try {
      if (!isOAuthProvider(provider)) throw new ApiError('oauth_provider_not_supported');
      const row = q.state ? await claimState(svc, q.state, provider) : null;
      if (!row) throw new ApiError('oauth_state_not_found');
      const fail = (reason: string) => redirect(c, withOAuthParams(row.login_redirect_url, { error: 'oauth_flow_callback_error', error_reason: reason }));
      if (q.error || !q.code) {
        svc.log(JSON.stringify({ level: 'warn', event: 'oauth_callback_error', provider, error: String(q.error ?? 'no code').slice(0, 100) }));
        return fail('provider_error');
      }
      let identity: ProviderIdentity;
      let accessToken: string | null = null;
      let idToken: string | null = null;
      let scopes = row.scopes.split(' ').filter(Boolean);
      try {
        if (row.dev === 1) {
          const r = await devExchange(svc, {
            provider,
            callbackUrl: row.callback_url,
            code: q.code,
            state: q.state ?? '',
            codeVerifier: row.provider_code_verifier,
            nonce: row.nonce,
          });
          ({ identity, accessToken, idToken, scopes } = r);
        } else {
          const creds = svc.project.config.oauth?.providers?.[provider];
          if (!creds) throw new Error(`no credentials for ${provider}`);
          const spec = PROVIDERS[provider];
          const tokens = await spec.client(creds, row.callback_url).exchange(q.code, row.provider_code_verifier);
          identity = await spec.identity(tokens, creds, row.nonce);
          accessToken = tokens.accessToken();
          idToken = 'id_token' in tokens.data ? tokens.idToken() : null;
          if (tokens.hasScopes()) scopes = tokens.scopes();
        }
      } catch (err) {
        svc.log(
          JSON.stringify({
            level: 'warn',
            event: 'oauth_exchange_failed',
            provider,
            error:
              err instanceof Error
                ? `${err.message} ${err.cause instanceof Error ? err.cause.message : JSON.stringify(err.cause ?? '')}`.slice(0, 300)
                : 'unknown',
          }),
        );
        return fail('code_exchange_failed');
      }
      let linked: Awaited<ReturnType<typeof linkIdentity>>;
      try {
        linked = row.attach_user_id ? await attachIdentity(svc, provider, identity, row.attach_user_id) : await linkIdentity(svc, provider, identity);
      } catch (err) {
        const reasons: readonly string[] = ['oauth_unverified_email_conflict', 'oauth_account_already_linked', 'oauth_attach_token_not_found'];
        if (err instanceof ApiError && reasons.includes(err.errorType)) return fail(err.errorType);
        throw err;
      }
      const token = await issueOAuthToken(svc, {
        linked,
        provider,
        subject: identity.subject,
        codeChallenge: row.code_challenge,
        accessToken,
        idToken,
        scopes,
      });
      return redirect(c, withOAuthParams(linked.created ? row.signup_redirect_url : row.login_redirect_url, { token }));
    } catch (err) {
      if (err instanceof ApiError) return oauthErrorPage(c, err);
      throw err;
    }
  };
  route('GET', '/v1/public/oauth/callback/:provider', { crossOrigin: 'navigation' }, callback);
  route('POST', '/v1/public/oauth/callback/:provider', { crossOrigin: 'navigation' }, callback);

  // Linking a provider account from a session (the provider's oauth/attach): a sensitive call, as adding
  // a way to sign in is (docs/reference/reverification.md#sensitive-calls).
  route('POST', '/sdk/v1/oauth/attach', async (c) => {
    const session = await requireSession(c, svc, { mintsAccess: true, sensitive: true });
    const body = await readJson(c, OAuthAttachRequest, svc.maxBodyBytes);
    if (!isOAuthProvider(body.provider)) throw new ApiError('oauth_provider_not_supported');
    if (!svc.project.config.oauth?.providers?.[body.provider] && svc.project.mode === 'live') throw new ApiError('oauth_config_not_found');
    const answer: OAuthAttachResponse = { oauth_attach_token: await issueAttachToken(svc, session.user_id, body.provider) };
    return ok(c, answer);
  });

  route('POST', '/sdk/v1/oauth/authenticate', async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, OAuthAuthenticateRequest, svc.maxBodyBytes);
    const row = await redeemOAuthToken(svc, body.token, body.code_verifier);
    const now = svc.now();
    const signedIn = await signInOrSecondStep(c, svc, {
      userId: row.user_id,
      durationMinutes: body.session_duration_minutes ?? DEFAULT_SESSION_DURATION_MINUTES,
      factor: {
        type: 'oauth',
        delivery_method: `oauth_${row.provider}`,
        last_authenticated_at: new Date(now).toISOString(),
        [`${row.provider}_oauth_factor`]: { id: row.oauth_user_registration_id, provider_subject: row.provider_subject, email_id: row.email_id ?? '' },
      },
    });
    const answer: Omit<OAuthAuthenticateResponse, keyof AuthenticateResponse> & SignInAnswer = {
      ...signedIn,
      provider_type: row.provider,
      provider_subject: row.provider_subject,
      provider_values: {
        ...(row.access_token ? { access_token: row.access_token } : {}),
        ...(row.id_token ? { id_token: row.id_token } : {}),
        scopes: row.scopes.split(' ').filter(Boolean),
      },
      oauth_user_registration_id: row.oauth_user_registration_id,
    };
    return ok(c, answer);
  });

  // Live projects have no dev provider at all: those paths fall through to 404.
  if (svc.project.mode === 'test') devOAuthRoutes(route, svc);
}
