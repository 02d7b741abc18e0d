/** What a request says about its sender: headers, origin, client IP, user agent. */
import { originAllowed } from './project/origins.ts';
import type { Ctx, Services } from './services.ts';

/**
 * A request header as Fetch's `Headers.get` gives it (every field of that name, in order, joined by
 * ", "; undefined when absent), `name` in lower case. Under node-server it is read from the socket's raw
 * header list: `c.req.header` makes node-server build a Fetch Headers object of every header on the
 * first read (--cpu-prof: a few % of a sessions/authenticate call). Under `app.request` (tests), `c.req.header`.
 */
export function requestHeader(c: Ctx, name: string): string | undefined {
  const incoming = c.env?.incoming;
  if (!incoming) return c.req.header(name);
  const raw = incoming.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length === name.length && key.toLowerCase() === name) value = value === undefined ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
  }
  return value;
}

/** True when the request's Origin may call the API: absent (server-to-server), same origin, or allowlisted. */
export function requestOriginAllowed(c: Ctx, svc: Services): boolean {
  const origin = requestHeader(c, 'origin');
  if (origin === undefined) return true;
  return isOriginAllowed(c, svc, origin);
}

/** True when `origin` is the server's own origin or on the project's allowlist. */
export function isOriginAllowed(c: Ctx, svc: Services, origin: string): boolean {
  if (origin === new URL(c.req.url).origin) return true;
  return originAllowed(origin, svc.project.config.allowed_origins);
}

/**
 * Client IP: the end user's address a `/v1` backend call reported (body.ts), else the socket address, or
 * the first X-Forwarded-For hop when the proxy is trusted.
 */
export function clientIp(c: Ctx, svc: Services): string {
  const endUser = c.get('endUserIp');
  if (endUser) return endUser;
  if (svc.trustProxy) {
    const xff = requestHeader(c, 'x-forwarded-for')?.split(',')[0]?.trim();
    if (xff) return xff.slice(0, 64);
  }
  return c.env?.incoming?.socket?.remoteAddress ?? '127.0.0.1';
}

/** User agent, bounded so a huge header cannot bloat session rows. */
export function userAgent(c: Ctx): string {
  return (requestHeader(c, 'user-agent') ?? '').slice(0, 512);
}
