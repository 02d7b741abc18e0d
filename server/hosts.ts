/**
 * The Host check (docs/reference/security.md#host-and-transport "the server answers only for its own host names"): DNS rebinding points an
 * attacker's name at this server, so a page on that name is same-origin with us in the victim's
 * browser and could read the dev inbox or have its Origin echoed as allowed. Every request's Host
 * (and the authority of an absolute request target) must be one of the project's own host names,
 * checked before anything else answers.
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors.ts';
import { requestHeader } from './request.ts';
import type { AppEnv, Services } from './services.ts';

/** Loopback names every project answers to: a rebinding attacker cannot make a browser send them. */
export const LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** A parsed `Host` value: lower-cased hostname (IPv6 in brackets) and the port, if any. */
export interface HostName {
  hostname: string;
  port: string | null;
}

/**
 * Parses a Host header value (RFC 9110 7.2: uri-host [":" port]), lower-cased. Null for anything else:
 * userinfo, paths, empty ports, and a trailing dot, which browsers treat as another origin with its
 * own cookies ("localhost." is not "localhost"), so it is refused rather than normalised.
 */
export function parseHost(value: string): HostName | null {
  // A DNS name is at most 253 characters; with brackets and a port, 300 bounds any real Host.
  if (value.length > 300) return null;
  const v = value.trim().toLowerCase();
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*)(?::(\d{1,5}))?$/.exec(v);
  if (!m?.[1]) return null;
  return { hostname: m[1], port: m[2] ?? null };
}

/**
 * True when `host` (a Host header value) is a loopback name or matches an allowed entry: `name` (any
 * port) or `name:port` (that port only), compared case-insensitively.
 */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = parseHost(host);
  if (!h) return false;
  if (LOOPBACK_HOSTNAMES.includes(h.hostname)) return true;
  return allowed.some((entry) => {
    const a = parseHost(entry);
    return a !== null && a.hostname === h.hostname && (a.port === null || a.port === h.port);
  });
}

/**
 * The host names a project answers to besides loopback: a live project's `allowed_hosts` (project file
 * or ALLOWED_HOSTS); none for a test project, whose dev inbox must stay on the developer's machine.
 */
export function projectHosts(svc: Services): readonly string[] {
  return svc.project.mode === 'live' ? (svc.project.config.allowed_hosts ?? []) : [];
}

/** Middleware refusing (421 invalid_host) a request whose Host or request-target authority is not ours. */
export function hostGuard(svc: Services): MiddlewareHandler<AppEnv> {
  const allowed = projectHosts(svc);
  // Verdicts by (Host header, the URL up to its authority's end): the same pair always gets the same
  // verdict, and a server sees few distinct pairs, so a bounded memo spares a URL parse and two
  // host parses per request. Beyond the bound every pair is still checked, just not remembered.
  const verdicts = new Map<string, boolean>();
  return async (c, next) => {
    const header = requestHeader(c, 'host');
    const url = c.req.url;
    const key = `${header === undefined ? '' : `h${header}`}\n${URL_AUTHORITY.exec(url)?.[0] ?? url}`;
    let ok = verdicts.get(key);
    if (ok === undefined) {
      // The URL's authority is what the app uses (origin checks, links); under node-server it is the
      // Host header, or an absolute-form request target's authority, which must pass too.
      const urlHost = new URL(url).host;
      ok = (header === undefined || hostAllowed(header, allowed)) && hostAllowed(urlHost, allowed);
      if (verdicts.size < HOST_VERDICTS_MAX) verdicts.set(key, ok);
    }
    if (!ok) throw new ApiError('invalid_host');
    await next();
  };
}

/** Distinct (Host, authority) pairs {@link hostGuard} remembers per app. */
const HOST_VERDICTS_MAX = 256;
// A URL's scheme and authority: the authority ends at the first '/', '\\' (special schemes), '?' or '#'
// (WHATWG URL), so the rest of the URL cannot change its host.
const URL_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/[^/\\?#]*/i;
