/**
 * Where a session JWT comes from: a Fetch `Request` (Hono, Next.js, Deno, Bun, workers), a Node
 * `IncomingMessage` (Express, Connect, node:http), or cookies already parsed (a map, a record, or a
 * framework's cookie store such as Next.js `cookies()`). Typed structurally: no framework is imported.
 */

/** Anything with Fetch-style headers: a `Request`, or `{ headers: Headers }`. */
export interface FetchRequestLike {
  headers: { get(name: string): string | null };
}

/** A Node request: `IncomingMessage` (Express's and Connect's `req` too). */
export interface NodeRequestLike {
  headers: Record<string, string | string[] | undefined>;
}

/** A cookie store whose `get` answers `{ value }` (Next.js `cookies()`, Hono's cookie helpers' shape). */
export interface CookieStoreLike {
  get(name: string): { value: string } | undefined;
}

/** What `verify` takes: a request of either kind, or the request's cookies. */
export type VerifyInput = FetchRequestLike | NodeRequestLike | CookieStoreLike | ReadonlyMap<string, string> | Readonly<Record<string, string>>;

/** Parses a `Cookie` header (RFC 6265 pairs); a value that is not valid percent-encoding is kept as sent. */
export function parseCookieHeader(header: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    // The first of two same-named cookies is the most specific path's (RFC 6265 5.4): keep it.
    if (out.has(name)) continue;
    try {
      out.set(name, decodeURIComponent(value));
    } catch {
      out.set(name, value);
    }
  }
  return out;
}

const isFetchHeaders = (h: unknown): h is FetchRequestLike['headers'] =>
  typeof h === 'object' && h !== null && typeof (h as { get?: unknown }).get === 'function';

/** A header of either kind of request (the first value of a repeated Node header). */
function headerOf(input: FetchRequestLike | NodeRequestLike, name: string): string | undefined {
  const h = input.headers;
  if (isFetchHeaders(h)) return h.get(name) ?? undefined;
  const v = (h as NodeRequestLike['headers'])[name];
  return Array.isArray(v) ? v.join('; ') : v;
}

/** True for a request of either kind (it has a `headers` object), as opposed to a cookie collection. */
function isRequest(input: VerifyInput): input is FetchRequestLike | NodeRequestLike {
  if (input instanceof Map) return false;
  const h = (input as { headers?: unknown }).headers;
  return typeof h === 'object' && h !== null;
}

/** The cookie `name` of a cookie collection. */
function cookieOf(input: CookieStoreLike | ReadonlyMap<string, string> | Readonly<Record<string, string>>, name: string): string | undefined {
  if (typeof (input as { get?: unknown }).get === 'function') {
    const got = (input as { get(n: string): unknown }).get(name);
    if (typeof got === 'string') return got;
    if (typeof got === 'object' && got !== null && typeof (got as { value?: unknown }).value === 'string') return (got as { value: string }).value;
    return undefined;
  }
  const v = (input as Readonly<Record<string, unknown>>)[name];
  return typeof v === 'string' ? v : undefined;
}

/**
 * The session JWT `input` carries: an `Authorization: Bearer` header first (an API client's), else the
 * cookie `cookieName` (the browser's, set by the kit's client). Undefined when neither is there.
 */
export function sessionJwtOf(input: VerifyInput, cookieName: string): string | undefined {
  if (!isRequest(input)) return cookieOf(input, cookieName) || undefined;
  const auth = headerOf(input, 'authorization');
  const bearer = auth ? /^Bearer[ ]+(\S+)\s*$/i.exec(auth)?.[1] : undefined;
  if (bearer) return bearer;
  const cookie = headerOf(input, 'cookie');
  return (cookie ? parseCookieHeader(cookie).get(cookieName) : undefined) || undefined;
}
