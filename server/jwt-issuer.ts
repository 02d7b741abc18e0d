/**
 * The session JWT's `iss` (docs/reference/wire-protocol.md#session-jwt): the server's public base URL, as the
 * provider's backend SDKs expect it (they accept `stytch.com/{project_id}` or the base URL they were given,
 * without its trailing slash). The server has no configured public URL, so the base URL is the one the
 * request that mints the JWT came to (its Host is checked before anything runs, hosts.ts); `JWT_ISSUER`
 * overrides it for deployments whose backends reach the server under another name.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { requestHeader } from './request.ts';
import type { AppEnv, Ctx, Services } from './services.ts';

// The request being answered: JWTs are signed deep in sessions.ts, which every method calls with the
// services alone, so the request reaches it this way rather than through every caller's arguments.
const currentRequest = new AsyncLocalStorage<Ctx>();

/** Middleware making the request visible to {@link sessionJwtIssuer} for the rest of its handling. */
export function issuerScope(): MiddlewareHandler<AppEnv> {
  return (c, next) => currentRequest.run(c, next);
}

/**
 * The base URL the request came to (scheme and authority, no trailing slash): behind a trusted proxy
 * (TRUST_PROXY) its `X-Forwarded-Proto`, since TLS ends at the proxy; the Host is the request's own.
 */
export function requestBaseUrl(c: Ctx, svc: Pick<Services, 'trustProxy'>): string {
  const url = new URL(c.req.url);
  const forwarded = svc.trustProxy ? requestHeader(c, 'x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() : undefined;
  const scheme = forwarded === 'https' || forwarded === 'http' ? `${forwarded}:` : url.protocol;
  return `${scheme}//${url.host}`;
}

/**
 * The `iss` of a session JWT signed now: `JWT_ISSUER` when set, else the base URL of the request being
 * answered; outside any request, `stytch.com/{project_id}`, the other issuer the provider's SDKs accept.
 */
export function sessionJwtIssuer(svc: Pick<Services, 'issuer' | 'trustProxy' | 'project'>): string {
  if (svc.issuer) return svc.issuer;
  const c = currentRequest.getStore();
  return c ? requestBaseUrl(c, svc) : `stytch.com/${svc.project.project_id}`;
}
