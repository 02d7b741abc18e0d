/**
 * Express / Connect middleware (also plain `node:http`): verifies the request's session and sets
 * `req.auth`. Typed structurally, so the kit depends on neither framework.
 */
import { isSessionVerificationError, type SessionVerificationError } from './errors.ts';
import type { NodeRequestLike } from './input.ts';
import type { SessionVerifier, VerifiedSession, VerifyOptions } from './verifier.ts';

/** The request as the middleware sees it: a Node request, given `auth` on the way through. */
export interface NodeAuthRequest extends NodeRequestLike {
  auth?: VerifiedSession | null;
}

/** The response as the middleware uses it (a Node `ServerResponse`). */
export interface NodeResponseLike {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(body?: string): unknown;
}

/** Options of {@link expressSession}. */
export interface NodeSessionOptions extends VerifyOptions {
  /**
   * True (default): a request without a valid session is answered 401 (503 when the server is out of
   * reach) as JSON `{ error, message }`. False: it goes on with `req.auth = null` (pages that show more to
   * a signed-in user); a server out of reach or a refused secret is still answered (503 / 500), since
   * treating a signed-in user as a stranger would hide the fault.
   */
  required?: boolean;
}

/** The JSON body an adapter answers a refused request with. */
export function errorBody(e: SessionVerificationError): { error: string; message: string } {
  return { error: e.code, message: e.message };
}

/**
 * Express / Connect middleware: `app.use('/api', expressSession(verifier))`, then `req.auth.userId`.
 * Errors other than a refused session (a bug, a misconfiguration) go to `next(err)`.
 */
export function expressSession(
  verifier: SessionVerifier,
  options: NodeSessionOptions = {},
): (req: NodeAuthRequest, res: NodeResponseLike, next: (err?: unknown) => void) => Promise<void> {
  const { required = true, ...verifyOptions } = options;
  return async (req, res, next) => {
    try {
      req.auth = await verifier.verify(req, verifyOptions);
    } catch (e) {
      if (!isSessionVerificationError(e)) return next(e);
      if (required || e.code === 'network' || e.code === 'bad_secret') {
        res.statusCode = e.status;
        res.setHeader('content-type', 'application/json');
        if (e.status === 401) res.setHeader('www-authenticate', 'Bearer');
        res.end(JSON.stringify(errorBody(e)));
        return;
      }
      req.auth = null;
    }
    next();
  };
}
