/**
 * The one way the server POSTs to a URL a project configured (webhooks, blocking hooks): a JSON body
 * signed in the Standard Webhooks format by the `standardwebhooks` package, a time-out, redirects never
 * followed, and the target checked again at send time and the connection pinned to the checked address
 * (a name that resolved to a public address at configuration time may point at 127.0.0.1 now: DNS rebinding).
 */
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { checkTarget, type OutboundMode, type ResolvedAddress, type Resolver, type TargetRefusal } from './target.ts';

/** Default time-out of one POST (webhooks; blocking hooks pass their own). */
export const OUTBOUND_TIMEOUT_MS = 10_000;
/** At most this much of a response body is read (a hook's answer); the rest is discarded. */
export const OUTBOUND_MAX_RESPONSE_BYTES = 256 * 1024;

/** Options of {@link signedPost}. */
export interface SignedPostOptions {
  /** A `whsec_` secret (base64 key after the prefix). */
  secret: string;
  /** The `webhook-id` header: the same on every retry and replay of one message. */
  msgId: string;
  /** Epoch ms of this attempt (the injected clock); sent as whole seconds in `webhook-timestamp`. */
  timestamp: number;
  /** Default {@link OUTBOUND_TIMEOUT_MS}. */
  timeoutMs?: number;
  mode: OutboundMode;
  /** Default: the system resolver. */
  resolve?: Resolver;
  /** Extra request headers (never overriding the signature headers). */
  headers?: Record<string, string>;
}

/** The outcome of one POST; never thrown. `ok` is a 2xx answer; `status` null when none arrived. */
export interface SignedPostResult {
  ok: boolean;
  status: number | null;
  durationMs: number;
  /** Why it failed (refused target, network error, time-out, redirect, non-2xx). */
  error?: string;
  /** Set when the target was refused before any connection. */
  refused?: TargetRefusal;
  /** The response body (up to {@link OUTBOUND_MAX_RESPONSE_BYTES}), for hooks that answer. */
  body?: string;
}

/** The Standard Webhooks headers for `body` (what a receiver's `Webhook.verify` checks). */
export function signatureHeaders(secret: string, msgId: string, timestamp: number, body: string): Record<string, string> {
  const seconds = Math.floor(timestamp / 1000);
  const signature = new Webhook(secret).sign(msgId, new Date(seconds * 1000), body);
  return { 'webhook-id': msgId, 'webhook-timestamp': String(seconds), 'webhook-signature': signature };
}

/** A lookup that answers every name with the one address already checked (the connection is pinned). */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as unknown as LookupFunction;
}

/**
 * POSTs `payload` (a string is sent as is, anything else as JSON) signed with `secret`, to `url` after
 * checking it for `mode`. Resolves with the status and time; HTTP errors, refusals, time-outs and
 * redirects are results, not exceptions.
 */
export async function signedPost(url: string, payload: unknown, opts: SignedPostOptions): Promise<SignedPostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = await checkTarget(url, { mode: opts.mode, ...(opts.resolve ? { resolve: opts.resolve } : {}) });
  if (!target.ok) return { ok: false, status: null, durationMs: elapsed(), error: target.message, refused: target.reason };
  const pinned = target.addresses[0];
  if (!pinned) return { ok: false, status: null, durationMs: elapsed(), error: 'no address', refused: 'unresolvable' };
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const headers: Record<string, string> = {
    'user-agent': 'auth-elements-webhooks/1',
    ...opts.headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    ...signatureHeaders(opts.secret, opts.msgId, opts.timestamp, body),
  };
  const u = target.url;
  const timeoutMs = opts.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const reqOpts: RequestOptions = {
    method: 'POST',
    host: u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname,
    port: u.port || (u.protocol === 'https:' ? 443 : 80),
    path: `${u.pathname}${u.search}`,
    headers,
    lookup: pinnedLookup(pinned),
    // A fresh connection per POST: a pooled socket could have been opened to another address.
    agent: false,
  };
  return new Promise<SignedPostResult>((resolve) => {
    let settled = false;
    const done = (r: Omit<SignedPostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: elapsed() });
    };
    const onResponse = (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < OUTBOUND_MAX_RESPONSE_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      res.on('error', (err) => done({ ok: false, status, error: `response: ${err.message}` }));
      res.on('end', () => {
        const text = Buffer.concat(chunks).subarray(0, OUTBOUND_MAX_RESPONSE_BYTES).toString('utf8');
        if (status >= 200 && status < 300) done({ ok: true, status, body: text });
        else if (status >= 300 && status < 400) done({ ok: false, status, body: text, error: `redirect (${status}) not followed` });
        else done({ ok: false, status, body: text, error: `HTTP ${status}` });
      });
    };
    const req = (u.protocol === 'https:' ? httpsRequest : httpRequest)(reqOpts, onResponse);
    const timer = setTimeout(() => {
      done({ ok: false, status: null, error: `timed out after ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err) => done({ ok: false, status: null, error: err.message }));
    req.end(body);
  });
}
