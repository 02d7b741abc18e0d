/**
 * A redirect page's first step, kept in the client's core while the groups that redeem the token
 * load on first use (issue 16): a sign-in token in the page's address is a credential, so it leaves
 * the address bar (history, screenshots, and the Referer of the request that fetches the group's
 * code) before anything is fetched. The group's `readUrl` then reads the address it is handed.
 */
import { isRecord } from './schemas/stored.ts';

/** Which query parameters make a redirect address, and which of them to take out. */
export interface RedirectParams {
  /** True when the address's query carries this method's token (or its error). */
  matches(query: URLSearchParams): boolean;
  /** The parameters that leave the address bar. */
  remove: readonly string[];
}

/**
 * When the page's address is a redirect of `params`, takes its parameters out of the address bar
 * and returns the address as it was; undefined otherwise (or where there is no history API, in
 * which case the group reads the address itself, as it always did).
 */
export function takeFromAddressBar(params: RedirectParams): string | undefined {
  const href = globalThis.location?.href;
  if (!href || !globalThis.history?.replaceState) return undefined;
  const url = new URL(href);
  if (!params.matches(url.searchParams)) return undefined;
  for (const k of params.remove) url.searchParams.delete(k);
  globalThis.history.replaceState(globalThis.history.state, '', url.href);
  return href;
}

/**
 * The options of a lazily loaded URL reader (`readUrl`, `authenticateFromUrl`): when the caller
 * names no `url`, the page's address is taken out of the address bar now and handed on as `url`.
 * Options of the wrong type pass through untouched, for the group's argument checks to reject.
 */
export function withPageUrl<O>(options: O, params: RedirectParams): O {
  if (options !== undefined && !isRecord(options)) return options;
  if ((options as { url?: unknown } | undefined)?.url !== undefined) return options;
  const href = takeFromAddressBar(params);
  return href === undefined ? options : ({ ...options, url: href } as O);
}

/** The address parameters of an email magic link or a password-reset link (docs/reference/sdk.md#sessions). */
export const MAGIC_LINK_REDIRECT: RedirectParams = {
  matches: (q) => Boolean(q.get('token')) && ['magic_links', 'login'].includes(q.get('stytch_token_type') ?? ''),
  remove: ['token', 'stytch_token_type'],
};

/** The address parameters of an OAuth redirect: a token, or the provider's error. */
export const OAUTH_REDIRECT: RedirectParams = {
  matches: (q) => q.get('stytch_token_type') === 'oauth' && (Boolean(q.get('token')) || q.get('error') !== null),
  remove: ['token', 'stytch_token_type', 'error'],
};

/** A group with URL readers (magic links, OAuth). */
type UrlReaders = { readUrl(options: never): unknown; authenticateFromUrl(options: never): unknown };

/**
 * The `eager` members of a group with URL readers: `readUrl` and `authenticateFromUrl` take the
 * page's address out of the address bar now ({@link withPageUrl}), then call the lazily loaded ones.
 */
export const urlReaders =
  <G extends UrlReaders>(params: RedirectParams) =>
  (lazy: G): Pick<G, keyof UrlReaders> => {
    const out: Partial<Record<keyof UrlReaders, (o?: unknown) => unknown>> = {};
    for (const k of ['readUrl', 'authenticateFromUrl'] as const) out[k] = (o) => lazy[k](withPageUrl(o, params) as never);
    return out as Pick<G, keyof UrlReaders>;
  };
