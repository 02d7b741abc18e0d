// A host backend verifying the signed-in user, the two ways docs/reference/wire-protocol.md#authenticate-answers describes:
// 1. locally: the session JWT (cookie `stytch_session_jwt`) against the server's JWKS, with jose;
// 2. remotely: the opaque session token (cookie `stytch_session`) through sessions/authenticate,
//    for when the JWT has expired (it lives 5 minutes) or a revoke must be seen at once.
//
// Run: AUTH_SERVER=http://localhost:8787 node demo/backend/verify-session.mjs
// then open http://localhost:3000/ in a browser that is signed in on the demo (same host, so the
// cookies are sent): it answers with the user id, or 401.
import { createServer } from 'node:http';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';

/**
 * Makes a verifier for one project.
 * @param {{ server: string, publicToken: string, projectId: string }} o
 */
export function sessionVerifier({ server, publicToken, projectId }) {
  const jwks = createRemoteJWKSet(new URL(`${server}/.well-known/jwks.json`));
  return {
    /** Verifies a session JWT locally; resolves to its claims (the session, roles included, in `https://stytch.com/session`). Throws on a bad or expired token. */
    async verifyJwt(jwt) {
      // `iss` is the server's base URL without a trailing slash (or JWT_ISSUER when the server sets it).
      const { payload } = await jwtVerify(jwt, jwks, { audience: projectId, issuer: server.replace(/\/+$/, ''), typ: 'JWT', algorithms: ['ES256'] });
      return payload;
    },
    /** Asks the server; resolves to { user_id, session_jwt } or throws with the error_type. */
    async verifyToken(sessionToken) {
      const r = await fetch(`${server}/sdk/v1/sessions/authenticate`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${publicToken}:${sessionToken}`).toString('base64')}`,
        },
        body: '{}',
      });
      const body = await r.json();
      if (!r.ok) throw new Error(body.error_type ?? `status ${r.status}`);
      return { user_id: body.data.user_id, session_jwt: body.data.session_jwt };
    },
    /** JWT first (no network once the keys are cached), the server when the JWT has expired. */
    async userIdFromCookies(cookies) {
      try {
        return (await this.verifyJwt(cookies.stytch_session_jwt ?? '')).sub;
      } catch (e) {
        if (!(e instanceof errors.JWTExpired) || !cookies.stytch_session) throw e;
        return (await this.verifyToken(cookies.stytch_session)).user_id;
      }
    },
  };
}

const parseCookies = (header = '') =>
  Object.fromEntries(
    header
      .split(';')
      .map((p) => p.trim().split('='))
      .filter(([k, v]) => k && v !== undefined)
      .map(([k, v]) => [k, decodeURIComponent(v)]),
  );

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = process.env.AUTH_SERVER ?? 'http://localhost:8787';
  const project = await fetch(`${server}/dev/project.json`).then((r) => r.json());
  const verifier = sessionVerifier({ server, publicToken: project.public_token, projectId: project.project_id });
  createServer(async (req, res) => {
    try {
      const userId = await verifier.userIdFromCookies(parseCookies(req.headers.cookie));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ user_id: userId }));
    } catch (e) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(e.message ?? e) }));
    }
  }).listen(Number(process.env.PORT ?? 3000), () => console.log(`host backend on http://localhost:${process.env.PORT ?? 3000}/`));
}
