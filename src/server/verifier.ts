/**
 * `createSessionVerifier`: an app's backend trusting the signed-in user (docs/reference/wire-protocol.md#session-jwt).
 * The session JWT is checked locally against the server's JWKS (cached; fetched again for a key id it
 * has not seen, so a key rotation is followed), and the server is asked only when the JWT has expired or
 * the caller wants an answer fresher than the JWT (`maxAgeSeconds`: a revoke is seen at once), through
 * the backend API `POST /v1/sessions/authenticate` with the project secret
 * (docs/reference/wire-protocol.md#backend-api).
 */
import { DEFAULT_COOKIE_NAMES } from '../../sdk-core/schemas/defaults.ts';
import type { AuthenticationFactor, Session, User } from '../../sdk-core/schemas/index.ts';
import { SessionVerificationError } from './errors.ts';
import { type VerifyInput, sessionJwtOf } from './input.ts';
import { type JwtAlgorithm, KNOWN_ALGORITHMS } from './algorithms.ts';
import { type DecodedJwt, decodeJwt, importVerifyKey, type PublicJwk, verifySignature } from './jwt.ts';

/** The claim holding the session in the server's JWTs (the provider's name for it). */
export const SESSION_CLAIM = 'https://stytch.com/session';

/** Options of {@link createSessionVerifier}. */
export interface SessionVerifierOptions {
  /** The auth server's base URL, e.g. `https://auth.example.com` (the one the kit's `apiBaseUrl` names). */
  serverUrl: string;
  /** The project id (`project-test-…` / `project-live-…`): the JWT's `aud`. */
  projectId: string;
  /** A project secret (`auth-elements-server secrets create`): enables the server fallback. Keep it server-side. */
  secret?: string;
  /** Accepted `iss` values; default the server URL without trailing slashes, and `stytch.com/{projectId}`. */
  issuer?: string | readonly string[];
  /** The key set's URL; default `{serverUrl}/v1/sessions/jwks/{projectId}`. */
  jwksUrl?: string;
  /** Accepted signature algorithms; default `['ES256']` (what the server signs). `none` and HMAC never verify. */
  algorithms?: readonly JwtAlgorithm[];
  /** Name of the session JWT cookie; default `stytch_session_jwt` (the kit's). */
  cookieName?: string;
  /** Clock skew allowed on `exp`, `nbf` and `iat`, seconds; default 5. */
  clockToleranceSeconds?: number;
  /** How long a fetched key set is used before it is fetched again, ms; default 300 000 (the JWKS answer's max-age). */
  jwksCacheMs?: number;
  /** Least time between two fetches for an unknown key id, ms; default 10 000 (a forged `kid` cannot make every call fetch). */
  jwksCooldownMs?: number;
  /** Time limit of each call to the server, ms; default 10 000. */
  timeoutMs?: number;
  /** Fetch implementation; default the global `fetch`. */
  fetch?: typeof fetch;
  /** Clock in epoch ms; default `Date.now` (tests move it). */
  now?: () => number;
}

/** Options of one {@link SessionVerifier.verify} call. */
export interface VerifyOptions {
  /**
   * Revocation-fresh: a JWT issued more than this many seconds ago is checked with the server (needs
   * `secret`), so a session revoked since is refused. 0 asks the server every time.
   */
  maxAgeSeconds?: number;
}

/** A verified session. */
export interface VerifiedSession {
  /** The user's id (the JWT's `sub`). */
  userId: string;
  /** The session: from the JWT's session claim, or the server's answer when it was asked. */
  session: Session;
  /** The user, when the server was asked (the JWT carries only the id). */
  user?: User;
  /** A session JWT valid now: the one given, or the fresh one the server returned. */
  sessionJwt: string;
  /** `'jwt'`: checked locally; `'server'`: the server vouched for the session just now. */
  source: 'jwt' | 'server';
}

/** The verifier {@link createSessionVerifier} returns. */
export interface SessionVerifier {
  /** Verifies the session of a request (or of its cookies); throws a `SessionVerificationError`. */
  verify(input: VerifyInput, options?: VerifyOptions): Promise<VerifiedSession>;
  /** Verifies a session JWT given as a string. */
  verifyJwt(jwt: string, options?: VerifyOptions): Promise<VerifiedSession>;
}

/** Claims that are the JWT's own, not the session's custom claims. */
const REGISTERED = new Set(['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti', SESSION_CLAIM]);

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

interface KeySet {
  keys: PublicJwk[];
  fetchedAt: number;
  imported: Map<string, Promise<CryptoKey | null>>;
}

/** The session the JWT's session claim describes, in the wire's `Session` shape. */
function sessionOfClaims(payload: Record<string, unknown>): Session {
  const claim = payload[SESSION_CLAIM];
  if (typeof claim !== 'object' || claim === null || typeof (claim as { id?: unknown }).id !== 'string') {
    throw new SessionVerificationError('invalid', `The JWT has no ${SESSION_CLAIM} claim.`);
  }
  const c = claim as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const attrs = (typeof c.attributes === 'object' && c.attributes !== null ? c.attributes : {}) as Record<string, unknown>;
  return {
    session_id: c.id as string,
    user_id: payload.sub as string,
    started_at: text(c.started_at),
    last_accessed_at: text(c.last_accessed_at),
    expires_at: text(c.expires_at),
    attributes: { ip_address: text(attrs.ip_address), user_agent: text(attrs.user_agent) },
    authentication_factors: Array.isArray(c.authentication_factors) ? (c.authentication_factors as AuthenticationFactor[]) : [],
    custom_claims: Object.fromEntries(Object.entries(payload).filter(([k]) => !REGISTERED.has(k))),
    roles: Array.isArray(c.roles) ? c.roles.filter((r): r is string => typeof r === 'string') : [],
  };
}

/**
 * Makes a verifier for one project's sessions. Zero dependencies: Web Crypto and `fetch` (Node 20+, Deno,
 * Bun, edge runtimes).
 * @example const verifier = createSessionVerifier({ serverUrl: 'https://auth.example.com', projectId, secret });
 * const { userId } = await verifier.verify(request);
 */
export function createSessionVerifier(options: SessionVerifierOptions): SessionVerifier {
  if (typeof options.serverUrl !== 'string' || !/^https?:\/\//i.test(options.serverUrl)) throw new TypeError('serverUrl must be an http(s) URL.');
  if (typeof options.projectId !== 'string' || options.projectId === '') throw new TypeError('projectId is required.');
  const serverUrl = trimSlashes(options.serverUrl);
  const projectId = options.projectId;
  const issuers =
    options.issuer === undefined ? [serverUrl, `stytch.com/${projectId}`] : typeof options.issuer === 'string' ? [options.issuer] : [...options.issuer];
  const jwksUrl = options.jwksUrl ?? `${serverUrl}/v1/sessions/jwks/${encodeURIComponent(projectId)}`;
  const algorithms = options.algorithms ?? ['ES256'];
  for (const a of algorithms) if (!KNOWN_ALGORITHMS.includes(a)) throw new TypeError(`Unsupported algorithm ${String(a)}: use ${KNOWN_ALGORITHMS.join(', ')}.`);
  const cookieName = options.cookieName ?? DEFAULT_COOKIE_NAMES.jwt;
  const tolerance = options.clockToleranceSeconds ?? 5;
  const cacheMs = options.jwksCacheMs ?? 300_000;
  const cooldownMs = options.jwksCooldownMs ?? 10_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  const doFetch = (url: string, init: RequestInit) => (options.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });

  let keySet: KeySet | undefined;
  let inFlight: Promise<KeySet> | undefined;
  let lastFetchAt = Number.NEGATIVE_INFINITY;

  /** Fetches the key set once for every caller waiting at the moment. */
  function refreshKeys(): Promise<KeySet> {
    inFlight ??= (async () => {
      lastFetchAt = now();
      try {
        let res: Response;
        try {
          res = await doFetch(jwksUrl, { headers: { accept: 'application/json' } });
        } catch (e) {
          throw new SessionVerificationError('network', `The key set at ${jwksUrl} could not be fetched.`, { cause: e });
        }
        if (!res.ok) throw new SessionVerificationError('network', `The key set at ${jwksUrl} answered ${res.status}.`);
        const body = (await res.json().catch(() => null)) as { keys?: unknown } | null;
        if (!body || !Array.isArray(body.keys)) throw new SessionVerificationError('network', `The key set at ${jwksUrl} is not a JWKS.`);
        keySet = { keys: body.keys.filter((k): k is PublicJwk => typeof k === 'object' && k !== null), fetchedAt: now(), imported: new Map() };
        return keySet;
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  }

  /** The key `kid` for `alg`: from the cached set, fetched again when stale or when the id is new (rate-limited). */
  async function keyFor(kid: string, alg: JwtAlgorithm): Promise<CryptoKey> {
    let set = keySet;
    if (!set || now() - set.fetchedAt >= cacheMs) {
      try {
        set = await refreshKeys();
      } catch (e) {
        // A stale set still verifies JWTs of keys it has while the server is out of reach.
        if (!set?.keys.some((k) => k.kid === kid)) throw e;
      }
    }
    let jwk = set.keys.find((k) => k.kid === kid);
    if (!jwk && now() - lastFetchAt >= cooldownMs) {
      set = await refreshKeys();
      jwk = set.keys.find((k) => k.kid === kid);
    }
    if (!jwk) throw new SessionVerificationError('invalid', `The JWT's key ${kid} is not in the server's key set.`);
    const id = `${kid}\n${alg}`;
    let key = set.imported.get(id);
    if (!key) {
      key = importVerifyKey(jwk, alg);
      set.imported.set(id, key);
    }
    const imported = await key;
    if (!imported) throw new SessionVerificationError('invalid', `The key ${kid} cannot verify ${alg}.`);
    return imported;
  }

  /** Signature, algorithm, issuer, audience and times; `expired` tells whether only `exp` failed. */
  async function checkLocally(decoded: DecodedJwt): Promise<{ expired: boolean }> {
    const { header, payload } = decoded;
    const alg = header.alg;
    if (typeof alg !== 'string' || !(algorithms as readonly string[]).includes(alg)) {
      throw new SessionVerificationError('invalid', `The JWT's algorithm ${String(alg)} is not accepted.`);
    }
    if (header.typ !== undefined && (typeof header.typ !== 'string' || header.typ.toUpperCase() !== 'JWT')) {
      throw new SessionVerificationError('invalid', 'The JWT is not of type JWT.');
    }
    if (header.crit !== undefined) throw new SessionVerificationError('invalid', 'The JWT has critical header parameters this verifier does not know.');
    if (typeof header.kid !== 'string' || header.kid === '') throw new SessionVerificationError('invalid', 'The JWT has no key id.');
    const key = await keyFor(header.kid, alg as JwtAlgorithm);
    if (!(await verifySignature(decoded, key, alg as JwtAlgorithm))) throw new SessionVerificationError('invalid', 'The JWT signature does not verify.');
    // The claims are trusted only from here on.
    if (typeof payload.iss !== 'string' || !issuers.includes(payload.iss))
      throw new SessionVerificationError('invalid', `The JWT's issuer ${String(payload.iss)} is not accepted.`);
    const aud = payload.aud;
    if (!(aud === projectId || (Array.isArray(aud) && aud.includes(projectId))))
      throw new SessionVerificationError('invalid', 'The JWT is not for this project.');
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new SessionVerificationError('invalid', 'The JWT has no subject.');
    if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number') throw new SessionVerificationError('invalid', 'The JWT has no exp or iat.');
    const t = now() / 1000;
    if (typeof payload.nbf === 'number' && payload.nbf > t + tolerance) throw new SessionVerificationError('invalid', 'The JWT is not valid yet.');
    if (payload.iat > t + tolerance) throw new SessionVerificationError('invalid', 'The JWT was issued in the future.');
    return { expired: payload.exp <= t - tolerance };
  }

  /** Asks the server about the session (`POST /v1/sessions/authenticate`, Basic project_id:secret). */
  async function askServer(jwt: string, secret: string): Promise<VerifiedSession> {
    let res: Response;
    try {
      res = await doFetch(`${serverUrl}/v1/sessions/authenticate`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa(`${projectId}:${secret}`)}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ session_jwt: jwt }),
      });
    } catch (e) {
      throw new SessionVerificationError('network', 'The auth server could not be reached.', { cause: e });
    }
    const body = (await res.json().catch(() => null)) as {
      session?: Session;
      user?: User;
      session_jwt?: string;
      error_type?: string;
      error_message?: string;
    } | null;
    if (res.ok && body?.session && typeof body.session.user_id === 'string') {
      return {
        userId: body.session.user_id,
        session: body.session,
        ...(body.user ? { user: body.user } : {}),
        sessionJwt: body.session_jwt || jwt,
        source: 'server',
      };
    }
    const why = body?.error_type ? `${body.error_type}: ${body.error_message ?? ''}`.trim() : `status ${res.status}`;
    if (res.status === 401 && body?.error_type === 'unauthorized_credentials')
      throw new SessionVerificationError('bad_secret', `The auth server refused the project secret (${why}).`);
    if (res.status === 429 || res.status >= 500 || !body) throw new SessionVerificationError('network', `The auth server could not answer (${why}).`);
    if (body.error_type === 'session_not_found') throw new SessionVerificationError('revoked', `The session is over (${why}).`);
    throw new SessionVerificationError('invalid', `The auth server refused the session (${why}).`);
  }

  async function verifyJwt(jwt: string, opts: VerifyOptions = {}): Promise<VerifiedSession> {
    const maxAge = opts.maxAgeSeconds;
    if (maxAge !== undefined && (!Number.isFinite(maxAge) || maxAge < 0)) throw new TypeError('maxAgeSeconds must be a number >= 0.');
    if (maxAge !== undefined && !options.secret)
      throw new TypeError('maxAgeSeconds needs the project secret (createSessionVerifier({ secret })): only the server knows of a revoke.');
    if (typeof jwt !== 'string' || jwt === '') throw new SessionVerificationError('missing', 'No session JWT.');
    const decoded = decodeJwt(jwt);
    const { expired } = await checkLocally(decoded);
    const tooOld = maxAge !== undefined && now() / 1000 - (decoded.payload.iat as number) >= maxAge;
    if (expired || tooOld) {
      if (!options.secret)
        throw new SessionVerificationError('expired', 'The session JWT has expired; the client refreshes it (or give the verifier a secret).');
      return askServer(jwt, options.secret);
    }
    return { userId: decoded.payload.sub as string, session: sessionOfClaims(decoded.payload), sessionJwt: jwt, source: 'jwt' };
  }

  return {
    verifyJwt,
    verify(input, opts) {
      const jwt = sessionJwtOf(input, cookieName);
      if (!jwt)
        return Promise.reject(new SessionVerificationError('missing', `No session: neither an Authorization: Bearer header nor a ${cookieName} cookie.`));
      return verifyJwt(jwt, opts);
    },
  };
}
