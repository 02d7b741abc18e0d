/** Request plumbing shared by the routes: services, the success envelope, bounded JSON bodies, Basic auth, origins. */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { z } from 'zod/mini';
import type { APIErrorBody, SchemaErrorBody } from '../sdk-core/schemas/index.ts';
import { parseWith } from '../sdk-core/schemas/index.ts';
import type { Db } from './db/index.ts';
import { ApiError, ERROR_URL_BASE, ERRORS } from './errors.ts';
import type { SigningKeys } from './keys.ts';
import type { ClientKeys } from './client-keys.ts';
import type { Delivery } from './messaging/delivery.ts';
import type { ServerMethod } from './method.ts';
import type { Outbox } from './outbox.ts';
import { routeLabel } from './ops/route-label.ts';
import { originAllowed, type Project } from './project.ts';
import type { RateLimits } from './rate-limit.ts';
import type { SessionJwtCache } from './session-jwt-cache.ts';
import type { SessionReadCache } from './session-read-cache.ts';

// zod/mini ships without messages (bundle size); the server can afford readable schema error messages.
z.config(z.locales.en());

/** Everything a route needs, built once per app. */
export interface Services {
  db: Db;
  project: Project;
  /** Injected clock (epoch ms) so tests can move time instead of sleeping. */
  now: () => number;
  /** Sends one message now; routes never call it (they enqueue on `outbox`), the outbox worker does. */
  delivery: Delivery;
  /** The durable queue every send goes through (DESIGN 3: sends leave the request path). */
  outbox: Outbox;
  /** Keyed hashes of client IPs and SDK ids (the lockouts' client keys). */
  clientKeys: ClientKeys;
  keys: SigningKeys;
  /** This process's session JWTs, served again while fresh (session-jwt-cache.ts); never a liveness check. */
  sessionJwts: SessionJwtCache;
  /** This process's sessions/authenticate reads, served only while the database is unchanged (session-read-cache.ts). */
  sessionReads: SessionReadCache;
  limits: RateLimits;
  issuer: string;
  maxBodyBytes: number;
  /** Read the client IP from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean;
  log: (line: string) => void;
  /** The registered sign-in methods (server/methods.ts): loadUser asks each for its part of a user. */
  methods: readonly ServerMethod[];
}

/** Hono environment: node-server bindings (absent under `app.request`) and per-request variables. */
export interface AppEnv {
  Bindings: { incoming?: IncomingMessage };
  /**
   * `body`: the one read of the request body ({@link readBodyBytes}); `captchaVerified`: the captcha
   * guard accepted this request's captcha_token.
   */
  Variables: { requestId: string; body?: Promise<Buffer>; captchaVerified?: boolean; errorType?: string };
}

/** The Hono context of this app. */
export type Ctx = Context<AppEnv>;

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

/** Success answer in the DESIGN 2 envelope, with the request id and status_code 200. */
export function ok<T extends object>(c: Ctx, payload: T): Response {
  return c.json({ data: { ...payload, request_id: c.get('requestId'), status_code: 200 } }, 200);
}

/**
 * {@link ok} for a payload already serialized (`JSON.stringify` of a plain object), byte for byte the
 * same answer: sessions/authenticate serves a session's unchanged answer again without serializing it
 * anew (about 15% of its CPU per call, --cpu-prof).
 */
export function okSerialized(c: Ctx, payloadJson: string): Response {
  const fields = payloadJson === '{}' ? '{' : `${payloadJson.slice(0, -1)},`;
  const tail = JSON.stringify({ request_id: c.get('requestId'), status_code: 200 }).slice(1);
  return c.body(`{"data":${fields}${tail}}`, 200, { 'content-type': 'application/json' });
}

/** DESIGN 2 error body for an {@link ApiError}; schema errors also carry the `body` key. */
export function errorBody(err: ApiError, requestId: string): APIErrorBody | SchemaErrorBody {
  const body: APIErrorBody = {
    status_code: err.status,
    request_id: requestId,
    error_type: err.errorType,
    error_message: err.message,
    error_url: `${ERROR_URL_BASE}${err.errorType}`,
  };
  if (err.details) body.error_details = err.details;
  if (err.schemaErrors) return { ...body, body: err.schemaErrors };
  return body;
}

/** Error response for anything thrown: ApiErrors as themselves, everything else as a logged 500. */
export function errorResponse(c: Ctx, err: unknown, log: (line: string) => void): Response {
  let apiErr: ApiError;
  // DESIGN 2: the client retries once with a fresh captcha on a text answer saying 'Captcha required'.
  if (err instanceof ApiError && err.errorType === 'captcha_required') return c.text(ERRORS.captcha_required.message, 403);
  // For the request log and metrics (server/ops): rate-limit refusals and lockouts are counted by type.
  if (err instanceof ApiError) c.set('errorType', err.errorType);
  if (err instanceof ApiError) {
    apiErr = err;
  } else {
    log(
      JSON.stringify({
        time: new Date().toISOString(),
        level: 'error',
        request_id: c.get('requestId'),
        method: c.req.method,
        // The pattern, never the raw path (ops/route-label.ts: a path can carry a token or an address).
        route: routeLabel(c, 500),
        error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      }),
    );
    apiErr = new ApiError('internal_server_error', { message: ERRORS.internal_server_error.message });
  }
  return c.json(errorBody(apiErr, c.get('requestId')), apiErr.status as 400);
}

/**
 * The raw body, read once with a hard byte cap (DESIGN 3) and kept on the context, so a middleware (the
 * captcha guard) and the handler can both read it; a failed read fails the same way for both.
 * Every caller passes the app's maxBodyBytes. @throws request_too_large
 */
export async function readBodyBytes(c: Ctx, maxBytes: number): Promise<Buffer> {
  let read = c.get('body');
  if (!read) {
    read = readBodyOnce(c, maxBytes);
    c.set('body', read);
  }
  return read;
}

async function readBodyOnce(c: Ctx, maxBytes: number): Promise<Buffer> {
  const declared = Number(requestHeader(c, 'content-length') ?? '0');
  if (Number.isFinite(declared) && declared > maxBytes) throw new ApiError('request_too_large');
  const incoming = c.env?.incoming;
  // Under node-server, straight from the socket's IncomingMessage: going through c.req.raw.body
  // builds a web Request, an AbortController and two ReadableStreams per call (~10% of a
  // sessions/authenticate call). Elsewhere (app.request in tests), the web stream.
  if (incoming && !incoming.readableDidRead && !incoming.readableEnded) return readIncoming(incoming, maxBytes);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const stream = c.req.raw.body;
  if (stream) {
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        // Stop reading at once: a chunked upload without Content-Length must not be buffered whole.
        await reader.cancel().catch(() => undefined);
        throw new ApiError('request_too_large');
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

/** One body being read by {@link readIncoming}, kept on the IncomingMessage its listeners get as `this`. */
interface BodyRead {
  chunks: Buffer[];
  total: number;
  maxBytes: number;
  resolve(body: Buffer): void;
  reject(err: ApiError): void;
}

const BODY_READ = Symbol('bodyRead');
type ReadingMessage = IncomingMessage & { [BODY_READ]?: BodyRead };

/**
 * Reads an IncomingMessage to its end, refusing (and no longer buffering) past `maxBytes`. The listeners
 * are module functions reading their state from the message (`this`), not closures made per request.
 */
function readIncoming(incoming: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    (incoming as ReadingMessage)[BODY_READ] = { chunks: [], total: 0, maxBytes, resolve, reject };
    incoming.on('data', onBodyData);
    incoming.once('end', onBodyEnd);
    incoming.once('error', onBodyError);
    incoming.once('close', onBodyClose);
  });
}

/** Detaches the body listeners; the read's state, or undefined when it already settled. */
function finishBodyRead(incoming: ReadingMessage): BodyRead | undefined {
  const read = incoming[BODY_READ];
  incoming[BODY_READ] = undefined;
  incoming.off('data', onBodyData);
  incoming.off('end', onBodyEnd);
  incoming.off('error', onBodyError);
  incoming.off('close', onBodyClose);
  return read;
}

function onBodyData(this: ReadingMessage, chunk: Buffer): void {
  const read = this[BODY_READ];
  if (!read) return;
  read.total += chunk.byteLength;
  if (read.total > read.maxBytes) {
    // Stop reading at once: a chunked upload without Content-Length must not be buffered whole
    // (node-server drains or drops the rest once the answer is sent).
    finishBodyRead(this);
    this.pause();
    read.reject(new ApiError('request_too_large'));
    return;
  }
  read.chunks.push(chunk);
}

function onBodyEnd(this: ReadingMessage): void {
  const read = finishBodyRead(this);
  read?.resolve(Buffer.concat(read.chunks, read.total));
}

// A body cut off (the client went away, or the server's request time-out dropped the socket) has
// no one left to answer; a 408 rather than a thrown Error keeps it out of the 500 log.
const bodyCutOff = (cause?: Error) => new ApiError('request_timeout', { message: 'The request body was cut off before its end.', cause });

function onBodyError(this: ReadingMessage, err: Error): void {
  finishBodyRead(this)?.reject(bodyCutOff(err));
}

function onBodyClose(this: ReadingMessage): void {
  finishBodyRead(this)?.reject(bodyCutOff());
}

// One decoder for every body: without `stream`, each decode starts afresh (no state carries over).
const UTF8_FATAL = new TextDecoder('utf-8', { fatal: true });

/** Reads the body as UTF-8 text with a hard byte cap (DESIGN 3). @throws request_too_large, invalid_json (not UTF-8) */
export async function readBodyText(c: Ctx, maxBytes: number): Promise<string> {
  const bytes = await readBodyBytes(c, maxBytes);
  try {
    return UTF8_FATAL.decode(bytes);
  } catch {
    throw new ApiError('invalid_json', { message: 'The request body is not valid UTF-8.' });
  }
}

/**
 * The dataPath of the first string (value or key) in `value` holding U+0000, or null. No field of this
 * API has a use for NUL, and Postgres text cannot store it (the query fails: a 500 the fuzzer found).
 * Recursion is bounded by the JSON depth cap.
 */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNul(value[i], `${path}[${i}]`);
      if (hit !== null) return hit;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return `${path}.${k}`;
      const hit = findNul(v, `${path}.${k}`);
      if (hit !== null) return hit;
    }
  }
  return null;
}

/** Refuses U+0000 anywhere in `value` (see {@link findNul}). @throws ApiError invalid_request_body naming the field */
export function assertNoNul(value: unknown): void {
  const at = findNul(value);
  if (at !== null) {
    throw new ApiError('invalid_request_body', { schemaErrors: [{ dataPath: at, message: 'must not contain the NUL character (U+0000)' }] });
  }
}

/**
 * Validates an already parsed body (JSON or a form) against `schema`, after refusing NUL characters.
 * @throws ApiError invalid_request_body (with `body`)
 */
export function parseBody<S extends z.ZodMiniType>(schema: S, value: unknown): z.infer<S> {
  assertNoNul(value);
  const parsed = parseWith(schema, value);
  if (!parsed.ok) throw new ApiError('invalid_request_body', { schemaErrors: parsed.errors });
  return parsed.value;
}

/**
 * Deepest JSON nesting accepted in a request body (DESIGN 3 "caps JSON nesting depth"): the deepest real
 * body (a telemetry batch) is 4 levels. Deeper values would cost every later recursive walk
 * (validation, JSON.stringify on storage) stack space, which is how a 30,000-deep body became a 500.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Nesting depth of JSON text, counted on the raw characters before any parse (one linear pass: brackets
 * outside strings), stopping as soon as it passes `limit`. Not a validator: malformed text is the parser's.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: the next character is escaped, whatever it is
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > limit) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}

/**
 * Parses JSON text from a client (a body, or JSON carried inside one: WebAuthn credentials) with the
 * depth cap checked first. @throws ApiError json_too_deep, invalid_json
 */
export function parseJsonText(text: string): unknown {
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
    throw new ApiError('json_too_deep', { message: `The JSON is nested deeper than ${MAX_JSON_DEPTH} levels.` });
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('invalid_json');
  }
}

/**
 * Reads the body with a hard byte cap BEFORE parsing (DESIGN 3), then JSON (depth-capped), then the schema.
 * Every JSON route reads its body here, so none can skip the caps. An empty body counts as `{}` so
 * body-less calls (sessions/revoke) work.
 */
export async function readJson<S extends z.ZodMiniType>(c: Ctx, schema: S, maxBytes: number): Promise<z.infer<S>> {
  const text = await readBodyText(c, maxBytes);
  const value: unknown = text.trim() === '' ? {} : parseJsonText(text);
  return parseBody(schema, value);
}

/**
 * Caps a free-form JSON field (untrusted_metadata, telemetry details) by its serialised UTF-8 size.
 * @throws ApiError invalid_request_body naming the field (`dataPath`), e.g. `.untrusted_metadata`
 */
export function assertJsonFieldSize(value: unknown, maxBytes: number, dataPath: string): void {
  if (value === undefined) return;
  if (Buffer.byteLength(JSON.stringify(value) ?? '') > maxBytes) {
    const field = dataPath.replace(/^\./, '');
    throw new ApiError('invalid_request_body', {
      message: `${field} exceeds ${maxBytes} bytes.`,
      schemaErrors: [{ dataPath, message: `must be at most ${maxBytes} bytes as JSON` }],
    });
  }
}

/** Parsed `Authorization: Basic base64(public_token:secret)`. */
export interface BasicCredentials {
  publicToken: string;
  secret: string;
}

/** Parses Basic credentials; null when the header is absent or malformed. */
export function parseBasicAuth(header: string | undefined): BasicCredentials | null {
  if (!header) return null;
  const m = /^Basic\s+([A-Za-z0-9+/=_-]{1,8192})$/i.exec(header.trim());
  if (!m?.[1]) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i <= 0) return null;
  return { publicToken: decoded.slice(0, i), secret: decoded.slice(i + 1) };
}

/**
 * Project authentication for /sdk/v1 calls: the public token must be the active project's.
 * Returns the secret part (a session token, or the public token again when signed out).
 */
export function requireProjectAuth(c: Ctx, svc: Services): BasicCredentials {
  const creds = parseBasicAuth(requestHeader(c, 'authorization'));
  if (!creds) throw new ApiError('unauthorized_credentials', { message: 'Missing or malformed Basic authorization header.' });
  if (creds.publicToken !== svc.project.public_token) throw new ApiError('invalid_public_token');
  return creds;
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

/** Client IP: socket address, or the first X-Forwarded-For hop when the proxy is trusted. */
export function clientIp(c: Ctx, svc: Services): string {
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
