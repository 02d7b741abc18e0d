/** Kysely table types added by migration 0017 (same conventions as schema.ts). */

/** `webhook_endpoints`: where a project's events go (server/webhooks/). */
export interface WebhookEndpointsTable {
  /** `webhook-{mode}-<uuid>`. */
  webhook_id: string;
  project_id: string;
  url: string;
  /** JSON array of event types; empty: every type. */
  event_types: string;
  /** The `whsec_` secret, AES-256-GCM under the project's webhook key (server/webhooks/store.ts). */
  secret_enc: string;
  /** 'enabled' | 'disabled'. */
  status: string;
  /** 'api' (the `/v1` API or the CLI) or 'file' (the project file's `webhooks`). */
  source: string;
  disabled_reason: string | null;
  created_at: number;
  updated_at: number;
}

/** `webhook_events`: an event's exact body, kept while some endpoint may still get it (retries, replay). */
export interface WebhookEventsTable {
  event_id: string;
  project_id: string;
  type: string;
  body: string;
  created_at: number;
}

/** `webhook_messages`: one event for one endpoint; the delivery job (status 'pending' | 'delivered' | 'failed'). */
export interface WebhookMessagesTable {
  message_id: string;
  project_id: string;
  webhook_id: string;
  event_id: string;
  status: string;
  attempts: number;
  first_attempt_at: number | null;
  next_attempt_at: number;
  locked_until: number | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: number;
}

/** `webhook_deliveries`: one row per attempt (status 'succeeded' | 'failed'). */
export interface WebhookDeliveriesTable {
  delivery_id: string;
  project_id: string;
  webhook_id: string;
  event_id: string;
  attempt: number;
  status: string;
  response_code: number | null;
  duration_ms: number;
  error: string | null;
  created_at: number;
}
