/**
 * The OAuth product's options (docs/reference/config.md#product-options oauthOptions {providers, loginRedirectURL, signupRedirectURL};
 * each provider: type, custom_scopes, provider_params, one_tap, position, cancel_on_tap_outside):
 * the host's type, their checks, and how they are read.
 */
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../sdk-core/oauth/providers.ts';
import { isRecord, str } from '../config-parse.ts';
import type { ConfigIssue, Shape } from '../method.ts';

/** Where Google One Tap shows: inside the widget (default) or Google's own floating prompt. */
export type OneTapPosition = 'embedded' | 'floating';

/** Google's script unless the host (or a test) names a stand-in: `oauthOptions.oneTapScriptURL`. */
export const GOOGLE_ONE_TAP_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

/** One OAuth provider of the config (docs/reference/config.md#product-options). */
export interface OAuthProviderOptions {
  /** Which provider, e.g. `google` (lowercase, one of the 19 of docs/reference/methods/oauth.md#screens). */
  type: OAuthProvider;
  /** Scopes asked for beside the provider's defaults. */
  custom_scopes?: string[];
  /** Extra parameters for the provider's authorization page (e.g. `{ prompt: 'select_account' }`). */
  provider_params?: Record<string, string>;
  /** Google only: offer Google One Tap (docs/reference/methods/oauth.md#screens), falling back to the button on cancel or failure. */
  one_tap?: boolean;
  /** Google One Tap only: `embedded` in the widget (default) or `floating` (Google's corner prompt). */
  position?: OneTapPosition;
  /** Google One Tap only: a tap outside the prompt closes it; default true. */
  cancel_on_tap_outside?: boolean;
}

/** OAuth options (docs/reference/config.md#product-options oauthOptions). */
export interface OAuthOptions {
  /** The provider buttons, in the order shown. */
  providers?: OAuthProviderOptions[];
  /** Where an existing user lands after the provider (must be on the project's redirect allowlist); default: the project's. */
  loginRedirectURL?: string;
  /** Where a new user lands; default: the project's. */
  signupRedirectURL?: string;
  /** The One Tap script's URL; default Google's (`https://accounts.google.com/gsi/client`); tests load a stand-in. */
  oneTapScriptURL?: string;
}

/** One provider as the widget uses it. */
export interface ResolvedOAuthProvider {
  type: OAuthProvider;
  custom_scopes: string[];
  provider_params: Record<string, string>;
  one_tap: boolean;
  position: OneTapPosition;
  cancel_on_tap_outside: boolean;
}

/** oauthOptions as the widget uses them. */
export interface ResolvedOAuthOptions {
  /** Known providers, first occurrence of each, in configured order. */
  providers: ResolvedOAuthProvider[];
  loginRedirectURL?: string;
  signupRedirectURL?: string;
  oneTapScriptURL: string;
}

/** The checks of one provider entry. */
export const OAUTH_PROVIDER_SHAPE: Shape = {
  type: { enum: OAUTH_PROVIDERS },
  custom_scopes: 'stringList',
  provider_params: 'stringMap',
  one_tap: 'boolean',
  position: { enum: ['embedded', 'floating'] },
  cancel_on_tap_outside: 'boolean',
};

/** The checks of oauthOptions (config-check.ts). */
export const OAUTH_OPTIONS_SHAPE: Shape = {
  providers: { items: OAUTH_PROVIDER_SHAPE },
  loginRedirectURL: 'url',
  signupRedirectURL: 'url',
  oneTapScriptURL: 'url',
};

const isProvider = (v: unknown): v is OAuthProvider => typeof v === 'string' && (OAUTH_PROVIDERS as readonly string[]).includes(v);

/** Reads config.oauthOptions (anything): unknown providers and repeats dropped, defaults filled. */
export function resolveOAuthOptions(raw: unknown): ResolvedOAuthOptions {
  const o = isRecord(raw) ? raw : {};
  const seen = new Set<OAuthProvider>();
  const providers: ResolvedOAuthProvider[] = [];
  for (const p of Array.isArray(o['providers']) ? o['providers'] : []) {
    if (!isRecord(p)) continue;
    const entry = p;
    const type = entry['type'];
    if (!isProvider(type) || seen.has(type)) continue;
    seen.add(type);
    const scopes = entry['custom_scopes'];
    const params = entry['provider_params'];
    providers.push({
      type,
      custom_scopes: Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string' && s !== '') : [],
      provider_params: isRecord(params) ? Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string')) : {},
      // docs/reference/methods/oauth.md#screens: One Tap is Google's.
      one_tap: type === 'google' && entry['one_tap'] === true,
      position: entry['position'] === 'floating' ? 'floating' : 'embedded',
      cancel_on_tap_outside: entry['cancel_on_tap_outside'] !== false,
    });
  }
  const resolved: ResolvedOAuthOptions = { providers, oneTapScriptURL: GOOGLE_ONE_TAP_SCRIPT_URL };
  const login = str(o['loginRedirectURL']);
  const signup = str(o['signupRedirectURL']);
  const script = str(o['oneTapScriptURL']);
  if (login) resolved.loginRedirectURL = login;
  if (signup) resolved.signupRedirectURL = signup;
  if (script && URL.canParse(script)) resolved.oneTapScriptURL = script;
  return resolved;
}

/** The OAuth product offers nothing without a known provider (config-check.ts). */
export function oauthOffersNothing(raw: Readonly<Record<string, unknown>>): ConfigIssue | null {
  const o = raw['oauthOptions'];
  if (resolveOAuthOptions(o).providers.length > 0) return null;
  return {
    field: 'config.oauthOptions.providers',
    message: `config.oauthOptions.providers names no provider; list at least one of ${OAUTH_PROVIDERS.map((p) => `"${p}"`).join(', ')} (e.g. [{ "type": "google" }])`,
  };
}
