/**
 * The in-process event hub (issue 28): core and the methods say what happened to a user, a session or a
 * factor (`svc.events.emit`), and the subscribers (the webhooks, server/webhooks/) hear it. An event is
 * built once, here: its id, type, time, project and the object in the shape the `/v1` API answers
 * (server/backend/*.ts), so every subscriber sends the same body. Emitting never fails the caller's
 * request: a subscriber's error is logged. Names and payloads: server/README.md "Webhooks".
 */
import { randomUUID } from 'node:crypto';
import type { SessionsTable } from './db/schema.ts';
import type { Services } from './services.ts';

/** The kinds of factor a `factor.added` / `factor.removed` event names. */
export const FACTOR_KINDS = ['email', 'phone', 'passkey', 'totp', 'oauth', 'wallet', 'password'] as const;
/** A factor kind of {@link FACTOR_KINDS}. */
export type FactorKind = (typeof FACTOR_KINDS)[number];

/** Every event type a webhook endpoint may subscribe to. */
export const EVENT_TYPES = [
  'user.created',
  'user.updated',
  'user.deleted',
  'session.created',
  'session.revoked',
  'factor.added',
  'factor.removed',
  'password.reset',
  'user.locked',
  'impersonation.used',
  'consent.granted',
  'consent.revoked',
  'webhook.endpoint_disabled',
  // Two-step sign-in (issue 29, server/mfa/store.ts).
  'trusted_device.created',
  'trusted_device.revoked',
] as const;
/** One of {@link EVENT_TYPES}. */
export type EventType = (typeof EVENT_TYPES)[number];

/** What an emitter says; the hub loads the object the event carries. */
export type EventInput =
  | { type: 'user.created' | 'user.updated' | 'user.locked' | 'password.reset'; user_id: string }
  /** The user as it was (loaded before the delete), when the emitter has it. */
  | { type: 'user.deleted'; user_id: string; user?: object }
  | { type: 'session.created' | 'session.revoked'; session: SessionsTable }
  | { type: 'factor.added' | 'factor.removed'; user_id: string; factor: { kind: FactorKind; id: string } & Record<string, unknown> }
  | { type: 'impersonation.used'; user_id: string; session_id: string; impersonator_id: string }
  | { type: 'consent.granted' | 'consent.revoked'; user_id: string; client_id: string; scopes: string[] }
  | { type: 'webhook.endpoint_disabled'; webhook: { webhook_id: string; url: string; event_types: string[] }; reason: string }
  /** A device a user chose to trust, as the trusted-device lists show it (never its token). */
  | { type: 'trusted_device.created' | 'trusted_device.revoked'; user_id: string; device: object };

/** An event as subscribers get it and webhooks send it (the JSON body). */
export interface AppEvent {
  event_id: string;
  type: EventType;
  /** ISO 8601 time of the event (the injected clock). */
  timestamp: string;
  project_id: string;
  /** The object: `user`, `session`, `factor`, `webhook`… as the `/v1` API shows it, and the ids it concerns. */
  [key: string]: unknown;
}

/** Hears the emitted events it wants; `wants` is asked first, so nobody pays for an event no one hears. */
export interface EventSubscriber {
  /** Whether this subscriber would do anything with an event of `type` now. */
  wants(type: EventType): Promise<boolean>;
  /** Takes the event (stores it); errors are logged, never the emitter's. */
  hear(event: AppEvent): Promise<void>;
}

/** The hub of one app instance (services.events). */
export class EventHub {
  private readonly subscribers: EventSubscriber[] = [];
  private svc: Services | undefined;

  /** Wires the services the objects are loaded with (app.ts, once services exist). */
  bind(svc: Services): void {
    this.svc = svc;
  }

  /** Adds a subscriber (at app build time). */
  subscribe(fn: EventSubscriber): void {
    this.subscribers.push(fn);
  }

  /** Builds the event and hands it to every subscriber; resolves when they have stored it. Never rejects. */
  async emit(input: EventInput): Promise<void> {
    const svc = this.svc;
    if (!svc || this.subscribers.length === 0) return;
    try {
      const listening = [];
      for (const s of this.subscribers) if (await s.wants(input.type)) listening.push(s);
      // Loading the object (a whole user) only when someone will hear it.
      if (listening.length === 0) return;
      const event = await buildEvent(svc, input);
      for (const s of listening) await s.hear(event);
    } catch (err) {
      svc.log(JSON.stringify({ time: new Date().toISOString(), level: 'error', events: input.type, error: err instanceof Error ? err.message : String(err) }));
    }
  }
}

/** The event body of `input`: id, type, time, project and the object it carries. */
export async function buildEvent(svc: Services, input: EventInput): Promise<AppEvent> {
  const head = {
    event_id: `event-${svc.project.mode}-${randomUUID()}`,
    type: input.type,
    timestamp: new Date(svc.now()).toISOString(),
    project_id: svc.project.project_id,
  };
  // Loaded lazily: the backend serialisers import much of the server.
  const { backendUser } = await import('./backend/users.ts');
  const { toSession } = await import('./sessions.ts');
  switch (input.type) {
    case 'user.created':
    case 'user.updated':
    case 'user.locked':
    case 'password.reset':
      return { ...head, user_id: input.user_id, user: await backendUser(svc, input.user_id) };
    case 'user.deleted':
      return { ...head, user_id: input.user_id, ...(input.user ? { user: input.user } : {}) };
    case 'session.created':
    case 'session.revoked':
      return { ...head, user_id: input.session.user_id, session: toSession(input.session) };
    case 'factor.added':
    case 'factor.removed':
      return { ...head, user_id: input.user_id, factor: input.factor };
    case 'impersonation.used':
      return { ...head, user_id: input.user_id, session_id: input.session_id, impersonator_id: input.impersonator_id };
    case 'consent.granted':
    case 'consent.revoked':
      return { ...head, user_id: input.user_id, client_id: input.client_id, scopes: input.scopes };
    case 'webhook.endpoint_disabled':
      return { ...head, webhook: input.webhook, reason: input.reason };
    case 'trusted_device.created':
    case 'trusted_device.revoked':
      return { ...head, user_id: input.user_id, device: input.device };
  }
}
