/**
 * The telemetry fields of docs/reference/wire-protocol.md#url-and-headers, sent in every call's X-SDK-Client header and with every event,
 * and the client's eager side of telemetry: events are described when they happen and queued here
 * while the batching sender (./telemetry.ts) loads, so the client's initial JS carries none of it
 * (issue 16; events wait 800 ms for their batch anyway).
 */
import { lazily } from './method.ts';
import { TELEMETRY_BATCH_SIZE } from './schemas/defaults.ts';
import type { Telemetry } from './telemetry.ts';
import { SDK_IDENTIFIER, SDK_VERSION } from './version.ts';

/** The client description sent with every call (X-SDK-Client) and every event (docs/reference/wire-protocol.md#url-and-headers). */
export interface TelemetryFields {
  event_id: string;
  app_session_id: string;
  persistent_id: string;
  client_sent_at: string;
  timezone: string;
  app: { identifier: string };
  sdk: { identifier: string; version: string };
  stytch_user_id?: string;
  stytch_session_id?: string;
}

/** One queued telemetry event as posted to /events. */
export interface TelemetryEvent {
  telemetry: TelemetryFields;
  event: { public_token: string; event_name: string; details: Record<string, unknown> };
}

/** Random id: crypto.randomUUID where available (secure contexts), else random hex from getRandomValues. */
export function randomId(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** Base64 of a UTF-8 string (btoa alone rejects non-Latin-1 text). */
export function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** Fresh telemetry fields for one call or event. */
export function telemetryFields(persistentId: string, appSessionId: string, identity: () => { userId?: string; sessionId?: string }): TelemetryFields {
  const { userId, sessionId } = identity();
  const f: TelemetryFields = {
    event_id: `event-id-${randomId()}`,
    app_session_id: `app-session-id-${appSessionId}`,
    persistent_id: persistentId,
    client_sent_at: new Date().toISOString(),
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    app: { identifier: globalThis.location?.hostname ?? '' },
    sdk: { identifier: SDK_IDENTIFIER, version: SDK_VERSION },
  };
  if (userId) f.stytch_user_id = userId;
  if (sessionId) f.stytch_session_id = sessionId;
  return f;
}

/** What the client needs of telemetry: the header of each call, and fire-and-forget events. */
export interface ClientTelemetry {
  /** The X-SDK-Client header value. */
  header(): string;
  /** Queues an event (docs/reference/sdk.md#telemetry); never throws. */
  log(eventName: string, details?: Record<string, unknown>): void;
  /** Sends what is queued (on destroy). */
  flush(): void;
}

/**
 * The client's telemetry: fields and header at once; the batching sender ({@link Telemetry}) loads on
 * the first event, and the events logged before it is there are handed to it, described as they
 * were when logged. A sender that fails to load is tried again on the next event; until then at most
 * 4 batches of events wait (the sender's own bound), the oldest dropped first.
 */
export function clientTelemetry(opts: {
  publicToken: string;
  persistentId: string;
  identity: () => { userId?: string; sessionId?: string };
  send: (events: TelemetryEvent[], signal: AbortSignal) => Promise<void>;
  clock: { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(handle: unknown): void };
}): ClientTelemetry {
  const appSessionId = randomId();
  const fields = () => telemetryFields(opts.persistentId, appSessionId, opts.identity);
  const waiting: TelemetryEvent[] = [];
  let sender: Telemetry | null = null;
  let flushWhenLoaded = false;
  // Analytics may lose events, never a flow: a failed load is retried on the next event.
  const load = lazily(() =>
    import('./telemetry.ts').then((m) => {
      sender = new m.Telemetry({ ...opts, appSessionId });
      for (const e of waiting.splice(0)) sender.enqueue(e);
      if (flushWhenLoaded) sender.flush();
    }),
  );
  return {
    header: () => base64Utf8(JSON.stringify(fields())),
    log(eventName, details = {}) {
      const event = { telemetry: fields(), event: { public_token: opts.publicToken, event_name: eventName, details } };
      if (sender) return sender.enqueue(event);
      waiting.push(event);
      if (waiting.length > 4 * TELEMETRY_BATCH_SIZE) waiting.shift();
      load().catch(() => undefined);
    },
    flush() {
      if (sender) sender.flush();
      else flushWhenLoaded = true;
    },
  };
}
