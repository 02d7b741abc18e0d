import { TELEMETRY_BATCH_SIZE, TELEMETRY_FLUSH_MS } from './schemas/defaults.ts';
import { base64Utf8, randomId, type TelemetryEvent, type TelemetryFields, telemetryFields } from './telemetry-fields.ts';

export { TELEMETRY_BATCH_SIZE, TELEMETRY_FLUSH_MS } from './schemas/defaults.ts';
export { base64Utf8, randomId, type TelemetryEvent, type TelemetryFields } from './telemetry-fields.ts';

/** At most this many events wait while a send is out; the oldest are dropped beyond it. */
export const TELEMETRY_MAX_QUEUE = 4 * TELEMETRY_BATCH_SIZE;
/** A send still unanswered after this long is cancelled so the next batch can go (ms). */
export const TELEMETRY_SEND_TIMEOUT_MS = 10_000;

/**
 * Builds telemetry fields and batches events to the collector; never throws into a flow.
 * At most one send is out at a time, so a collector that hangs costs one open request (to the API
 * origin, which the flows share), not one per flush; events meanwhile wait in a bounded queue.
 */
export class Telemetry {
  private readonly appSessionId: string;
  private queue: TelemetryEvent[] = [];
  private timer: unknown = null;
  private inFlight = false;

  constructor(
    private readonly opts: {
      publicToken: string;
      persistentId: string;
      /** Posts one batch; should stop when `signal` aborts (the send timed out). */
      send: (events: TelemetryEvent[], signal: AbortSignal) => Promise<void>;
      identity: () => { userId?: string; sessionId?: string };
      /** Timers for batching; tests inject a fake clock. */
      clock?: { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(handle: unknown): void };
      /** Cancel a send after this many ms (default {@link TELEMETRY_SEND_TIMEOUT_MS}). */
      sendTimeoutMs?: number;
      /** The page session's id, when the caller already made one (the client's X-SDK-Client header uses it too). */
      appSessionId?: string;
    },
  ) {
    this.appSessionId = opts.appSessionId ?? randomId();
  }

  /** Fresh telemetry fields for one call or event. */
  fields(): TelemetryFields {
    return telemetryFields(this.opts.persistentId, this.appSessionId, this.opts.identity);
  }

  /** The X-SDK-Client header value. */
  header(): string {
    return base64Utf8(JSON.stringify(this.fields()));
  }

  /** Queues an event; it is sent in a batch later. */
  log(eventName: string, details: Record<string, unknown> = {}): void {
    this.enqueue({ telemetry: this.fields(), event: { public_token: this.opts.publicToken, event_name: eventName, details } });
  }

  /** Queues an event whose fields were taken when it happened (the client's events logged before this module loaded). */
  enqueue(event: TelemetryEvent): void {
    this.queue.push(event);
    // Analytics may lose events; memory must not grow while the collector is away.
    if (this.queue.length > TELEMETRY_MAX_QUEUE) this.queue.splice(0, this.queue.length - TELEMETRY_MAX_QUEUE);
    if (this.queue.length >= TELEMETRY_BATCH_SIZE && !this.inFlight) this.flush();
    else this.timer ??= this.setTimer();
  }

  /**
   * Sends one batch of what is queued now, unless a send is still out (its end sends the rest).
   * Failures are swallowed because telemetry must never break a flow.
   */
  flush(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    if (this.inFlight) return;
    const batch = this.queue.splice(0, TELEMETRY_BATCH_SIZE);
    if (batch.length > 0) this.sendBatch(batch);
    if (this.queue.length > 0 && !this.inFlight) this.timer ??= this.setTimer();
  }

  /** Events waiting to be sent. */
  get pending(): number {
    return this.queue.length;
  }

  /** True while a batch is out to the collector. */
  get sending(): boolean {
    return this.inFlight;
  }

  private sendBatch(batch: TelemetryEvent[]): void {
    this.inFlight = true;
    const controller = new AbortController();
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(deadline);
      this.inFlight = false;
      if (this.queue.length >= TELEMETRY_BATCH_SIZE) this.flush();
      else if (this.queue.length > 0) this.timer ??= this.setTimer();
    };
    // Real time, not the injected clock: the deadline is about the network. On timeout the send
    // is aborted and also given up on, so a send that ignores its signal cannot stop telemetry.
    const deadline = setTimeout(() => {
      controller.abort();
      finish();
    }, this.opts.sendTimeoutMs ?? TELEMETRY_SEND_TIMEOUT_MS);
    // Node: a pending telemetry send must not keep a process (a test run, a server render) alive.
    (deadline as { unref?: () => void }).unref?.();
    try {
      this.opts.send(batch, controller.signal).then(finish, finish);
    } catch {
      // a collector that throws synchronously is as dead as one that rejects
      finish();
    }
  }

  private setTimer(): unknown {
    const fire = () => this.flush();
    return this.opts.clock ? this.opts.clock.setTimeout(fire, TELEMETRY_FLUSH_MS) : setTimeout(fire, TELEMETRY_FLUSH_MS);
  }

  private clearTimer(handle: unknown): void {
    if (this.opts.clock) this.opts.clock.clearTimeout(handle);
    else clearTimeout(handle as ReturnType<typeof setTimeout>);
  }
}
