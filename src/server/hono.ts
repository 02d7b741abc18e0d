/**
 * Hono middleware: verifies the request's session and sets `c.get('auth')`. Typed structurally, so the
 * kit does not depend on Hono; declare `Variables: { auth: VerifiedSession | null }` on your app.
 */
import { isSessionVerificationError } from './errors.ts';
import { errorBody, type NodeSessionOptions } from './express.ts';
import type { SessionVerifier, VerifiedSession } from './verifier.ts';

/** The part of Hono's `Context` the middleware uses. */
export interface HonoContextLike {
  req: { raw: Request };
  set(key: 'auth', value: VerifiedSession | null): void;
}

/**
 * Hono middleware: `app.use('/api/*', honoSession(verifier))`, then `c.get('auth').userId`. Refused
 * sessions are answered 401 (503 when the server is out of reach) as JSON `{ error, message }` unless
 * `required: false`, which sets `auth` to null and goes on.
 */
export function honoSession(
  verifier: SessionVerifier,
  options: NodeSessionOptions = {},
): (c: HonoContextLike, next: () => Promise<void>) => Promise<Response | undefined> {
  const { required = true, ...verifyOptions } = options;
  return async (c, next) => {
    try {
      c.set('auth', await verifier.verify(c.req.raw, verifyOptions));
    } catch (e) {
      if (!isSessionVerificationError(e)) throw e;
      if (required || e.code === 'network' || e.code === 'bad_secret') {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (e.status === 401) headers['www-authenticate'] = 'Bearer';
        return new Response(JSON.stringify(errorBody(e)), { status: e.status, headers });
      }
      c.set('auth', null);
    }
    await next();
    return undefined;
  };
}
