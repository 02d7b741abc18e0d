/**
 * The identity-provider screen's pure parts (docs/reference/elements/auth-idp-consent.md#screens "Identity-provider screen", docs/reference/methods/idp.md#data authorize and
 * logout params, docs/reference/methods/idp.md#validation required parameters): reading the request from the page's address, the client's
 * display name, the title, and the consent list (default or from the host's manifest generator).
 */
import type { AuthorizeParams } from '../../sdk-core/index.ts';
import type { RBACPolicy } from '../../sdk-core/schemas/bootstrap.ts';
import type { Strings } from '../strings.ts';
import { text } from '../text.ts';

/** docs/reference/methods/idp.md#data, docs/reference/constants.md#identity-provider: the scopes asked for when the request names none. */
export const DEFAULT_SCOPES: readonly string[] = ['openid', 'email', 'profile'];

/** Logout params (docs/reference/methods/idp.md#data). */
export interface LogoutParams {
  client_id: string;
  post_logout_redirect_uri: string;
  id_token_hint?: string;
  state?: string;
}

/** What the page's address asks the screen to do. */
export type IdpRequest =
  | { readonly kind: 'authorize'; readonly params: AuthorizeParams }
  | { readonly kind: 'logout'; readonly params: LogoutParams }
  /** docs/reference/methods/idp.md#validation: a required parameter is absent (or empty). */
  | { readonly kind: 'missing'; readonly param: string };

/**
 * Reads the request from a query string (docs/reference/methods/idp.md#screens: `post_logout_redirect_uri` present means the
 * logout flow, else the authorize flow). Optional params absent from the address are left out.
 */
export function readIdpRequest(search: string): IdpRequest {
  const q = new URLSearchParams(search);
  const get = (name: string): string | undefined => {
    const v = q.get(name);
    return v === null || v === '' ? undefined : v;
  };
  const optional = <K extends string>(names: readonly K[]): Partial<Record<K, string>> => {
    const out: Partial<Record<K, string>> = {};
    for (const n of names) {
      const v = get(n);
      if (v !== undefined) out[n] = v;
    }
    return out;
  };
  if (q.has('post_logout_redirect_uri')) {
    const client_id = get('client_id');
    const post_logout_redirect_uri = get('post_logout_redirect_uri');
    if (!client_id) return { kind: 'missing', param: 'client_id' };
    if (!post_logout_redirect_uri) return { kind: 'missing', param: 'post_logout_redirect_uri' };
    return { kind: 'logout', params: { client_id, post_logout_redirect_uri, ...optional(['id_token_hint', 'state'] as const) } };
  }
  const client_id = get('client_id');
  const redirect_uri = get('redirect_uri');
  if (!client_id) return { kind: 'missing', param: 'client_id' };
  if (!redirect_uri) return { kind: 'missing', param: 'redirect_uri' };
  // docs/reference/methods/idp.md#validation: empty scope values are dropped (double spaces, a trailing space).
  const scopes = (q.get('scope') ?? '').split(/\s+/).filter((s) => s !== '');
  return {
    kind: 'authorize',
    params: {
      client_id,
      redirect_uri,
      response_type: get('response_type') ?? 'code',
      scopes: scopes.length > 0 ? scopes : [...DEFAULT_SCOPES],
      ...optional(['code_challenge', 'code_challenge_method', 'state', 'nonce', 'prompt'] as const),
    },
  };
}

/** docs/reference/methods/idp.md#screens: the client's name, else the redirect URI's host name, else 'The App'. */
export function clientDisplayName(clientName: string | undefined, redirectUri: string, strings: Strings): string {
  const name = clientName?.trim();
  if (name) return name;
  try {
    const host = new URL(redirectUri).hostname;
    if (host) return host;
  } catch {
    // not an absolute URL: no host name to show
  }
  return strings['idp.fallbackClientName'];
}

/** The scopes the default consent texts know (docs/reference/elements/auth-idp-consent.md#screens "Scopes handled"). */
export const STANDARD_SCOPES: readonly string[] = ['openid', 'profile', 'email', 'phone', 'offline_access'];

/** docs/reference/elements/auth-idp-consent.md#screens: the custom-scope title when any scope is not a standard OpenID one. */
export function consentTitle(scopes: readonly string[], clientName: string, projectName: string, strings: Strings): string {
  const custom = scopes.some((s) => !STANDARD_SCOPES.includes(s));
  return text(strings, custom ? 'idp.titleCustom' : 'idp.titleStandard', { clientName, projectName });
}

/** One line of the consent list: a text and optional details under it. */
export interface IDPConsentItem {
  text: string;
  details?: string[];
}

/** A section of the consent screen: a header and its items (strings or items with details). */
export interface IDPConsentSection {
  header: string;
  items: (string | IDPConsentItem)[];
}

/** What a custom consent manifest generator returns: the sections to show instead of the default list. */
export type IDPConsentManifest = IDPConsentSection[];

/** What the manifest generator is given: the grantable scopes and the client's display name. */
export interface IDPConsentManifestInput {
  scopes: string[];
  clientName: string;
}

/** A host's consent manifest generator (docs/reference/elements/auth-idp-consent.md#screens "a consent-manifest generator"). */
export type IDPConsentManifestGenerator = (input: IDPConsentManifestInput) => IDPConsentManifest;

/**
 * The default consent items for `scopes` (docs/reference/elements/auth-idp-consent.md#screens "Scope texts"): openid; profile, email and phone
 * as one item whose details name each; offline_access; full_access; any other scope by its RBAC
 * policy description, else 'Use the {scope} scope'.
 */
export function defaultConsentItems(
  scopes: readonly string[],
  vars: { clientName: string; projectName: string },
  strings: Strings,
  policy: RBACPolicy | null,
): IDPConsentItem[] {
  const items: IDPConsentItem[] = [];
  const has = (s: string) => scopes.includes(s);
  if (has('openid')) items.push({ text: strings['idp.scopeOpenid'], details: [strings['idp.scopeOpenidDetail']] });
  const personal = [
    has('profile') ? strings['idp.scopeProfileDetail'] : null,
    has('email') ? strings['idp.scopeEmailDetail'] : null,
    has('phone') ? strings['idp.scopePhoneDetail'] : null,
  ].filter((d): d is string => d !== null);
  if (personal.length > 0) items.push({ text: strings['idp.scopeProfile'], details: personal });
  if (has('offline_access')) items.push({ text: strings['idp.scopeOfflineAccess'], details: [text(strings, 'idp.scopeOfflineAccessDetail', vars)] });
  if (has('full_access')) items.push({ text: text(strings, 'idp.scopeFullAccess', vars) });
  const known = new Set([...STANDARD_SCOPES, 'full_access']);
  for (const scope of scopes) {
    if (known.has(scope)) continue;
    const described = policy?.scopes.find((s) => s.scope === scope)?.description?.trim();
    items.push({ text: described || text(strings, 'idp.scopeOther', { scope }) });
  }
  return items;
}

const isItem = (v: unknown): v is string | IDPConsentItem => {
  if (typeof v === 'string') return true;
  if (typeof v !== 'object' || v === null) return false;
  const { text: t, details } = v as { text?: unknown; details?: unknown };
  return typeof t === 'string' && (details === undefined || (Array.isArray(details) && details.every((d) => typeof d === 'string')));
};

/**
 * Runs the host's generator and checks what it returned. docs/reference/methods/idp.md#screens: a failure (a throw or a malformed
 * manifest) is logged and the default list is shown, so a host bug never blocks consent.
 */
export function customManifest(generator: unknown, input: IDPConsentManifestInput): IDPConsentManifest | null {
  if (typeof generator !== 'function') return null;
  try {
    const manifest: unknown = generator(input);
    const ok =
      Array.isArray(manifest) &&
      manifest.every((s) => typeof s === 'object' && s !== null && typeof s.header === 'string' && Array.isArray(s.items) && s.items.every(isItem));
    if (!ok) throw new TypeError('the manifest must be an array of {header: string, items: (string | {text, details?})[]}');
    return manifest as IDPConsentManifest;
  } catch (e) {
    console.error('auth-elements: <auth-idp-consent> getIDPConsentManifest failed; showing the default consent list.', e);
    return null;
  }
}

/** Auth-token params (docs/reference/methods/idp.md#screens, docs/reference/methods/idp.md#validation): a trusted auth token from the host's identity system and its profile. */
export interface IDPAuthTokenParams {
  trustedAuthToken: string;
  tokenProfileID: string;
}

/** Schemes the screen never navigates to: each would run in (or read from) this page's origin. */
const SCRIPT_SCHEMES = ['javascript:', 'data:', 'vbscript:', 'blob:'];

/**
 * The absolute address to send the browser to, or null. The authorization server only returns
 * redirect URIs registered for the client, but a script URL is refused here whatever it says
 * (defence in depth: following one would run it in the identity provider's origin).
 */
export function navigableUrl(url: string, base?: string): string | null {
  try {
    const parsed = new URL(url, base);
    return SCRIPT_SCHEMES.includes(parsed.protocol) ? null : parsed.href;
  } catch {
    return null;
  }
}
