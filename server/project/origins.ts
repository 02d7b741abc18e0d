/** Allowed origins: what an `allowed_origins` entry may be, and whether a request's Origin matches one. */

/**
 * Why an `allowed_origins` entry is refused, or null: an entry is an exact origin (`https://app.example.com`,
 * `http://localhost:8080`) or `scheme://host:*` (any port), http or https, never a wildcard host, a bare
 * scheme, a path or `null` (issue 18: an entry must not match more than the host meant).
 */
export function allowedOriginProblem(entry: string): string | null {
  const text = entry.endsWith(':*') ? entry.slice(0, -2) : entry;
  if (text.includes('*')) return 'must not contain a wildcard host (list each origin)';
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return 'is not an origin (scheme://host[:port])';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'must be an http or https origin';
  if (u.hostname === '') return 'needs a host';
  if (u.origin !== text) return 'must be an origin only: no path, query, fragment or userinfo';
  return null;
}

/** True when `origin` matches one of the patterns (exact origin, or `scheme://host:*` for any port). */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  // An Origin header is only ever scheme://host[:port]; anything with a path is not a real origin.
  if (o.origin !== origin) return false;
  for (const p of patterns) {
    if (p.endsWith(':*')) {
      try {
        const base = new URL(p.slice(0, -2));
        if (base.protocol === o.protocol && base.hostname === o.hostname) return true;
      } catch {
        // A malformed pattern matches nothing.
      }
    } else if (p === origin) {
      return true;
    } else {
      try {
        if (new URL(p).origin === origin) return true;
      } catch {
        // ignore
      }
    }
  }
  return false;
}
