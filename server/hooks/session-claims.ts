/**
 * The session_claims hook (issue 28): asked each time a session JWT is signed (not when this process
 * serves a cached one again, sessions.ts), its claims are added at the JWT's top level. Reserved claims
 * (the registered JWT claims, `roles`, anything under `https://stytch.com/`) are dropped and logged: a hook
 * can never change whom or what a JWT is about.
 */
import type { Session, User } from '../../sdk-core/schemas/index.ts';
import { BACKEND_JSON_FIELD_MAX_BYTES } from '../backend/schemas.ts';
import { ApiError } from '../errors.ts';
import { RESERVED_JWT_CLAIMS } from '../keys.ts';
import { logLine } from '../ops/log.ts';
import type { Services } from '../services.ts';
import { callHook, isObject } from './call.ts';

/** Claim names a hook may never set, besides {@link RESERVED_JWT_CLAIMS}: the provider's own namespace and `roles`. */
const RESERVED_PREFIX = 'https://stytch.com/';
const RESERVED_EXTRA = ['roles'];

/** True when a hook may not set claim `name`. */
export function reservedClaim(name: string): boolean {
  return RESERVED_JWT_CLAIMS.includes(name) || RESERVED_EXTRA.includes(name) || name.startsWith(RESERVED_PREFIX);
}

/**
 * The claims the project's session_claims hook adds to the JWT about to be signed for `session`: null
 * when no hook is set or it failed open (the JWT is then signed without them, and not kept for reuse).
 * @throws ApiError hook_unavailable when a fail-closed hook failed
 */
export async function hookClaims(svc: Services, session: Session, user: User): Promise<Record<string, unknown> | null> {
  const data = { session_id: session.session_id, user_id: session.user_id, session, user };
  const r = await callHook(svc, 'session_claims', data, parseAnswer);
  if (r.kind === 'none') return null;
  if (r.kind === 'failed') {
    if (r.failOpen) return null;
    throw new ApiError('hook_unavailable');
  }
  const claims: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const [name, value] of Object.entries(r.value)) {
    if (reservedClaim(name)) dropped.push(name);
    else claims[name] = value;
  }
  if (dropped.length > 0) svc.log(logLine('warn', { msg: 'session_claims hook set reserved claims: dropped', claims: dropped }));
  return claims;
}

/** The answer `{ claims: { ... } }` (4 KB at most as JSON), or what is wrong with it. */
function parseAnswer(a: unknown): Record<string, unknown> | string {
  if (!isObject(a)) return 'not a JSON object';
  if (a.claims === undefined) return {};
  if (!isObject(a.claims)) return 'claims must be a JSON object';
  if (Buffer.byteLength(JSON.stringify(a.claims)) > BACKEND_JSON_FIELD_MAX_BYTES) return `claims exceed ${BACKEND_JSON_FIELD_MAX_BYTES} bytes`;
  return a.claims;
}
