/**
 * `auth-elements/server`: an app's backend trusting the signed-in user. Zero dependencies (Web Crypto and
 * `fetch`): Node 20+, Deno, Bun, edge runtimes. The verifier, and its Express / Connect, Hono and
 * Next.js adapters (typed structurally: none of those frameworks is imported).
 */
export { isSessionVerificationError, SessionVerificationError, type SessionVerificationErrorCode } from './server/errors.ts';
export { expressSession, type NodeAuthRequest, type NodeResponseLike, type NodeSessionOptions } from './server/express.ts';
export { type HonoContextLike, honoSession } from './server/hono.ts';
export type { CookieStoreLike, FetchRequestLike, NodeRequestLike, VerifyInput } from './server/input.ts';
export type { JwtAlgorithm } from './server/algorithms.ts';
export { type NextMiddlewareOptions, type NextRequestSources, nextMiddleware, nextSession } from './server/next.ts';
export {
  createSessionVerifier,
  SESSION_CLAIM,
  type SessionVerifier,
  type SessionVerifierOptions,
  type VerifiedSession,
  type VerifyOptions,
} from './server/verifier.ts';
export type { AuthenticationFactor, Session, User } from '../sdk-core/schemas/index.ts';
