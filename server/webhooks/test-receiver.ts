/**
 * A webhook receiver for tests: a local HTTP server that records every POST and answers with the status
 * the test sets, and checks signatures with the real `standardwebhooks` Webhook class at the time the
 * request was signed (the test clock is years ahead of the wall clock the class compares with).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mock } from 'node:test';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
}

/** A running receiver. */
export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Status answered to the next requests (default 200). */
  status: number;
  /** Extra headers answered (e.g. a redirect's location). */
  answerHeaders: Record<string, string>;
  /** While true, requests are recorded but never answered (a sender stuck mid-delivery). */
  hang: boolean;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1. */
export async function startReceiver(): Promise<Receiver> {
  const r: Omit<Receiver, 'url' | 'port' | 'close'> = { received: [], status: 200, answerHeaders: {}, hang: false };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        // recorded as is
      }
      r.received.push({ path: req.url ?? '', headers: req.headers, body, json });
      if (r.hang) return;
      res.writeHead(r.status, r.answerHeaders);
      res.end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(r, {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  });
}

/**
 * Verifies a received request with `Webhook.verify` (secret, body, the three headers) as of its own
 * `webhook-timestamp`; returns the parsed payload, throws when the signature does not hold.
 */
export function verifyReceived(secret: string, got: Received): unknown {
  const headers = {
    'webhook-id': String(got.headers['webhook-id']),
    'webhook-timestamp': String(got.headers['webhook-timestamp']),
    'webhook-signature': String(got.headers['webhook-signature']),
  };
  const at = Number(headers['webhook-timestamp']) * 1000;
  const now = mock.method(Date, 'now', () => at);
  try {
    return new Webhook(secret).verify(got.body, headers);
  } finally {
    now.mock.restore();
  }
}
