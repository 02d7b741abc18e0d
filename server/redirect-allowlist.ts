/**
 * The redirect allowlist of magic links and password resets (docs/reference/security.md#redirect-urls): URLs are compared parsed, never
 * as string prefixes. An entry names a scheme, a host, a port (`:*` = any port, for test projects) and a
 * path prefix; a URL matches when its scheme, host and port are exactly the entry's and its path is the
 * prefix itself or continues it at a `/` boundary (`/app` allows `/app` and `/app/x`, not `/apps`).
 * Userinfo, backslashes, encoded slashes and dots, dot segments and control characters are refused
 * outright: they are how a URL is made to read differently to us, to the browser and to the host's router.
 */

/** A parsed allowlist entry. */
export interface RedirectEntry {
  /** `https:` */
  protocol: string;
  /** As the URL parser gives it: lower-case, punycode, IPv6 in brackets. */
  hostname: string;
  /** '' for the scheme's default port, '*' for any port. */
  port: string;
  /** Path prefix, starting with '/'. */
  path: string;
}

const SCHEME_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i;
// `scheme://host:*` (IPv6 hosts in brackets), followed by the end, a path, a query or a fragment.
const PORT_WILDCARD = /^([a-z][a-z0-9+.-]*:\/\/(?:\[[0-9a-f:.]*\]|[^/?#:@[\]]*)):\*(?=$|[/?#])/i;

/**
 * Why a raw URL (or entry) is refused before it is even parsed, or null. The query and fragment are the
 * host page's own business: encodings there change nothing we compare.
 */
export function rawUrlProblem(raw: string): string | null {
  // The URL parser silently drops tabs and newlines and trims C0 controls and spaces: what we would
  // compare would not be what was written.
  if (/[\p{Cc}\s]/u.test(raw)) return 'contains whitespace or control characters';
  if (raw.includes('\\')) return 'contains a backslash';
  const beforeQuery = raw.split(/[?#]/, 1)[0] ?? '';
  if (/%(2f|5c)/i.test(beforeQuery)) return 'contains an encoded slash';
  if (/%2e/i.test(beforeQuery)) return 'contains an encoded dot';
  const authority = SCHEME_AUTHORITY.exec(beforeQuery);
  if (!authority) return 'is not an absolute URL with a host';
  if (authority[1]?.includes('@')) return 'contains userinfo';
  const path = beforeQuery.slice(authority[0].length);
  if (path.split('/').some((seg) => seg === '.' || seg === '..')) return 'contains a dot segment';
  return null;
}

/** Parses one allowlist entry; a string says why it is not a valid entry. */
export function parseRedirectEntry(entry: string): RedirectEntry | string {
  const wildcard = PORT_WILDCARD.exec(entry);
  const text = wildcard ? `${wildcard[1]}${entry.slice(wildcard[0].length)}` : entry;
  const problem = rawUrlProblem(text);
  if (problem) return problem;
  if (/[?#]/.test(text)) return 'must not contain a query or fragment';
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return 'is not a valid URL';
  }
  if (u.hostname === '') return 'needs a scheme and a host';
  if (u.username !== '' || u.password !== '') return 'contains userinfo';
  // The URL parser takes `*` as a host character; an entry never means "any host" (issue 18).
  if (u.hostname.includes('*')) return 'must not contain a wildcard host (list each host)';
  return { protocol: u.protocol, hostname: u.hostname, port: wildcard ? '*' : u.port, path: u.pathname || '/' };
}

/** Problems of a project's `redirect_urls`, one line per bad entry (empty when all are valid). */
export function redirectAllowlistProblems(entries: readonly string[]): string[] {
  const out: string[] = [];
  entries.forEach((entry, i) => {
    const parsed = parseRedirectEntry(entry);
    if (typeof parsed === 'string') out.push(`redirect_urls[${i}] ${JSON.stringify(entry)} ${parsed}`);
  });
  return out;
}

/** True when `path` is `prefix` or continues it at a `/` boundary. */
function pathWithin(path: string, prefix: string): boolean {
  if (prefix.endsWith('/')) return path.startsWith(prefix);
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** True when `url` is allowed by one of the allowlist `entries` (see the module comment). */
export function redirectAllowed(url: string, entries: readonly string[]): boolean {
  if (rawUrlProblem(url)) return false;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.username !== '' || u.password !== '' || u.hostname === '') return false;
  return entries.some((entry) => {
    const e = parseRedirectEntry(entry);
    if (typeof e === 'string') return false; // refused at load; a bad entry never matches
    return e.protocol === u.protocol && e.hostname === u.hostname && (e.port === '*' || e.port === u.port) && pathWithin(u.pathname, e.path);
  });
}

/**
 * Why a URI cannot be registered, or null when it can: an absolute http(s) URI without fragment or
 * userinfo (RFC 6749 3.1.2), https unless it is a loopback host (RFC 8252 7.3). The OpenID provider's client URIs
 * (server/idp), which are matched exactly as strings, not against this allowlist.
 */
export function registeredUriProblem(uri: string): string | null {
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return `${uri} is not an absolute URI`;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return `${uri} is not http(s)`;
  if (uri.includes('#')) return `${uri} has a fragment`;
  if (u.username || u.password) return `${uri} has userinfo`;
  const loopback = u.hostname === 'localhost' || u.hostname === '127.0.0.1' || u.hostname === '[::1]';
  if (u.protocol === 'http:' && !loopback) return `${uri} must use https (http is allowed for loopback hosts only)`;
  return null;
}
