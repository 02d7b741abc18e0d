/** `POST /events` body of docs/reference/wire-protocol.md#events-endpoint: a batch of telemetry events. */
import './zod-config.ts';
import { z } from 'zod/mini';
import type { Check, Describes } from './describes.ts';

/** Most events accepted in one batch (the client flushes at 15, docs/reference/constants.md#client-sdk; room for a backlog). */
export const EVENTS_MAX_BATCH = 50;

/** One telemetry event as the client sends it. */
export const TelemetryEvent = z.object({
  telemetry: z.optional(z.record(z.string(), z.unknown())),
  event: z.object({
    public_token: z.string().check(z.maxLength(256)),
    event_name: z.string().check(z.minLength(1), z.maxLength(256)),
    details: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  }),
});
/** Parsed telemetry event. */
export interface TelemetryEvent {
  telemetry?: Record<string, unknown>;
  event: { public_token: string; event_name: string; details?: Record<string, unknown> | null };
}
type _TelemetryEvent = Check<Describes<typeof TelemetryEvent, TelemetryEvent>>;

/** Body of `POST /events`. */
export const EventsRequest = z.array(TelemetryEvent).check(z.maxLength(EVENTS_MAX_BATCH));
/** Parsed body of `POST /events`. */
export type EventsRequest = TelemetryEvent[];
type _EventsRequest = Check<Describes<typeof EventsRequest, EventsRequest>>;
