/**
 * A hook receiver for the tests: a loopback HTTP server that verifies every call with the real
 * `standardwebhooks` package (a call that fails verification is recorded as such and answered 401), and
 * answers each hook type as the test says.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { HooksConfig } from './config.ts';

/** One call the receiver got: the hook type, its data, and whether its signature verified. */
export interface ReceivedCall {
  type: string;
  data: Record<string, unknown>;
  verified: boolean;
  headers: Record<string, string>;
}

/** How the receiver answers one call: a status and JSON body, or `hang` (never answers). */
export type ReceiverAnswer = { status?: number; json?: unknown; raw?: string } | 'hang';

/** A running receiver. */
export interface HookReceiver {
  /** Base URL (`http://127.0.0.1:<port>`); each hook is served at `/<type>`. */
  url: string;
  secret: string;
  calls: ReceivedCall[];
  /** Sets the answer to hook `type` (default 200 `{}`). */
  answer(type: string, a: ReceiverAnswer | ((call: ReceivedCall) => ReceiverAnswer)): void;
  /** The `hooks` config pointing each named hook here, with its fail mode and timeout. */
  hooks(spec: Partial<Record<keyof HooksConfig, { on_failure: 'open' | 'closed'; timeout_ms?: number }>>): HooksConfig;
  close(): Promise<void>;
}

/** A `whsec_` secret of 32 random bytes. */
export const newWhsec = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** Starts a receiver on a loopback port. */
export async function hookReceiver(): Promise<HookReceiver> {
  const secret = newWhsec();
  const verifier = new Webhook(secret);
  const calls: ReceivedCall[] = [];
  const answers = new Map<string, ReceiverAnswer | ((call: ReceivedCall) => ReceiverAnswer)>();
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      let verified = true;
      let payload: { type?: unknown; data?: unknown } = {};
      try {
        payload = verifier.verify(body, headers) as typeof payload;
      } catch {
        verified = false;
      }
      const type = (req.url ?? '/').slice(1);
      const call: ReceivedCall = { type, data: (payload.data ?? {}) as Record<string, unknown>, verified, headers };
      calls.push(call);
      if (!verified || payload.type !== type) {
        res.writeHead(401).end();
        return;
      }
      const a = answers.get(type) ?? {};
      const answer = typeof a === 'function' ? a(call) : a;
      if (answer === 'hang') {
        hanging.push(res);
        return;
      }
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(answer.raw ?? JSON.stringify(answer.json ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    secret,
    calls,
    answer: (type, a) => answers.set(type, a),
    hooks(spec) {
      const out: HooksConfig = {};
      for (const [name, s] of Object.entries(spec) as [keyof HooksConfig, { on_failure: 'open' | 'closed'; timeout_ms?: number }][]) {
        out[name] = { url: `${url}/${name}`, secret, on_failure: s.on_failure, ...(s.timeout_ms ? { timeout_ms: s.timeout_ms } : {}) };
      }
      return out;
    },
    async close() {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
