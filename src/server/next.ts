/**
 * Next.js: a `proxy.ts` / `middleware.ts` guard (redirects to the sign-in page, or answers 401) and a
 * helper for route handlers and server components (`cookies()` / `headers()`). Only Fetch types: it
 * runs on the Edge and the Node runtimes, and the kit does not depend on Next.js.
 */
import { errorBody } from './express.ts';
import { isSessionVerificationError, type SessionVerificationError } from './errors.ts';
import { type CookieStoreLike, type FetchRequestLike, parseCookieHeader } from './input.ts';
import type { SessionVerifier, VerifiedSession, VerifyOptions } from './verifier.ts';

/** Options of {@link nextMiddleware}. */
export interface NextMiddlewareOptions extends VerifyOptions {
  /**
   * Where a request without a valid session is sent (307), e.g. `/login`; its path and query go along
   * in `returnToParam`. Without it, such a request is answered 401 with JSON `{ error, message }`.
   */
  loginUrl?: string;
  /** Query parameter carrying the path to come back to; default `next`. */
  returnToParam?: string;
}

/**
 * The guard of a Next.js `proxy.ts` (Next 16; `middleware.ts` before): `export const proxy =
 * nextMiddleware(verifier, { loginUrl: '/login' })` with a `config.matcher` naming the protected paths.
 * It answers the refused requests and returns undefined for the others (Next.js then goes on). A server
 * out of reach answers 503 rather than sending a signed-in user to the sign-in page.
 */
export function nextMiddleware(verifier: SessionVerifier, options: NextMiddlewareOptions = {}): (request: Request) => Promise<Response | undefined> {
  const { loginUrl, returnToParam = 'next', ...verifyOptions } = options;
  return async (request) => {
    try {
      await verifier.verify(request, verifyOptions);
      return undefined;
    } catch (e) {
      if (!isSessionVerificationError(e)) throw e;
      if (loginUrl && e.status === 401) {
        const here = new URL(request.url);
        const target = new URL(loginUrl, here);
        target.searchParams.set(returnToParam, `${here.pathname}${here.search}`);
        return new Response(null, { status: 307, headers: { location: target.toString() } });
      }
      return refused(e);
    }
  };
}

/** A JSON answer for a refused session (401, or 503 / 500 for the server's and the configuration's troubles). */
function refused(e: SessionVerificationError): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (e.status === 401) headers['www-authenticate'] = 'Bearer';
  return new Response(JSON.stringify(errorBody(e)), { status: e.status, headers });
}

/** What a route handler or a server component has at hand: `await cookies()` and / or `await headers()`. */
export interface NextRequestSources {
  cookies?: CookieStoreLike;
  headers?: FetchRequestLike['headers'];
}

/**
 * The session of the request being rendered, or null when it has none (missing, invalid, expired,
 * revoked): `const auth = await nextSession(verifier, { cookies: await cookies(), headers: await headers() })`.
 * Throws a `SessionVerificationError` only when the server is out of reach or refuses the secret.
 */
export async function nextSession(verifier: SessionVerifier, sources: NextRequestSources, options: VerifyOptions = {}): Promise<VerifiedSession | null> {
  const authorization = sources.headers?.get('authorization') ?? null;
  const cookieHeader = sources.headers?.get('cookie') ?? null;
  // A Bearer header first, as for a request; then the cookie store, then the Cookie header.
  const input = authorization
    ? { headers: { get: (name: string) => (name === 'authorization' ? authorization : null) } }
    : sources.cookies
      ? sources.cookies
      : parseCookieHeader(cookieHeader ?? '');
  try {
    return await verifier.verify(input, options);
  } catch (e) {
    if (isSessionVerificationError(e) && e.status === 401) return null;
    throw e;
  }
}
