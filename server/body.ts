/** Request bodies, read once with a byte cap, then JSON (depth-capped, no NUL) and the route's schema. */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { z } from 'zod/mini';
import { parseWith } from '../sdk-core/schemas/index.ts';
import { ApiError } from './errors.ts';
import { requestHeader } from './request.ts';
import type { Ctx } from './services.ts';

// zod/mini ships without messages (bundle size); the server can afford readable schema error messages.
z.config(z.locales.en());

/**
 * The raw body, read once with a hard byte cap (docs/reference/security.md#request-bodies) and kept on the context, so a middleware (the
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

/** Reads the body as UTF-8 text with a hard byte cap (docs/reference/security.md#request-bodies). @throws request_too_large, invalid_json (not UTF-8) */
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
 * Deepest JSON nesting accepted in a request body (docs/reference/security.md#host-and-transport "caps JSON nesting depth"): the deepest real
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
 * Reads the body with a hard byte cap BEFORE parsing (docs/reference/security.md#request-bodies), then JSON (depth-capped), then the schema.
 * Every JSON route reads its body here, so none can skip the caps. An empty body counts as `{}` so
 * body-less calls (sessions/revoke) work.
 */
export async function readJson<S extends z.ZodMiniType>(c: Ctx, schema: S, maxBytes: number): Promise<z.infer<S>> {
  const text = await readBodyText(c, maxBytes);
  const value: unknown = text.trim() === '' ? {} : parseJsonText(text);
  const body = parseBody(schema, value);
  noteEndUserIp(c, body);
  return body;
}

/**
 * A backend relays many users from one address: on a `/v1` call (its project secret already checked) the
 * end user's IP in `attributes.ip_address`, when it is one, stands for the client in rate limits and
 * lockouts (docs/reference/security.md), so one user's failures never lock the backend out for all.
 */
function noteEndUserIp(c: Ctx, body: unknown): void {
  if (!c.get('backendProject')) return;
  const ip = (body as { attributes?: { ip_address?: unknown } } | null)?.attributes?.ip_address;
  if (typeof ip === 'string' && isIP(ip) !== 0) c.set('endUserIp', ip);
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
