/**
 * Kysely table types: core's here (and in the schema-000N files of core migrations), each sign-in
 * method's in its folder (`server/<method>/tables.ts`); `Database` is core's and every registered
 * method's (derived from server/methods.ts). Times are epoch milliseconds in BIGINT columns (portable, and comparisons in
 * conditional UPDATEs stay numeric); booleans are 0/1 integers and JSON is text, so SQLite and
 * Postgres store the same values.
 */
import type { Generated } from 'kysely';
import type { TablesOf, UnionToIntersection } from '../method.ts';
import type { SERVER_METHODS } from '../methods.ts';

/** `projects`: one row per configured project; `config` holds the JSON {@link ProjectConfig}. */
export interface ProjectsTable {
  project_id: string;
  public_token: string;
  mode: string;
  project_name: string;
  config: string;
  created_at: number;
}

/** `users`: lockout counters live here so every instance sees them. */
export interface UsersTable {
  user_id: string;
  project_id: string;
  status: string;
  created_at: number;
  otp_failures: number;
  locked_until: number | null;
  /** JSON object the user may edit (PUT /users/me); added by migration 0003. */
  untrusted_metadata: Generated<string>;
  /** JSON `{first_name, middle_name, last_name}` set by the backend API (PUT /v1/users/{id}); added by migration 0016. */
  name: Generated<string>;
  /** JSON object only the backend API may set; added by migration 0016. */
  trusted_metadata: Generated<string>;
  /** The application's own id of the user, unique in the project when set; added by migration 0016. */
  external_id: Generated<string | null>;
  /** Set while an admin has suspended the user (no sign-in, sessions revoked); added by migration 0021. */
  suspended_at: Generated<number | null>;
}

/** `emails`: unique per project; `verified` flips to 1 on the first successful OTP. */
export interface EmailsTable {
  email_id: string;
  project_id: string;
  user_id: string;
  email: string;
  verified: number;
  created_at: number;
  /** The user's choice of primary (migration 0021): highest first; null never chosen. */
  primary_rank?: number | null;
  /** The order the user added it in (migration 0023): null for the address they were created with. */
  added_seq?: number | null;
}

/** `sessions`: only the SHA-256 of the opaque session token is stored. */
export interface SessionsTable {
  session_id: string;
  project_id: string;
  user_id: string;
  token_hash: string;
  started_at: number;
  last_accessed_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip_address: string;
  user_agent: string;
  factors: string;
  /** JSON object of the session's custom JWT claims (backend sessions/authenticate); null = none. Added by migration 0016. */
  custom_claims?: string | null;
}

/** `dev_messages`: the dev inbox of a test project. */
export interface DevMessagesTable {
  message_id: string;
  project_id: string;
  channel: string;
  to_addr: string;
  subject: string | null;
  body_text: string;
  code: string | null;
  link: string | null;
  sent_at: number;
  seq: number;
  /** The HTML part of an email (null for texts). Added by migration 0019. */
  body_html?: string | null;
}

/** `rate_counters`: fixed-window counters shared by all instances. */
export interface RateCountersTable {
  counter_key: string;
  window_start: number;
  hits: number;
}

/** `signing_keys`: the session-JWT key pair(s), generated at first start. */
export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: string;
  public_jwk: string;
  created_at: number;
  /** Starts signing at (epoch ms); null = created_at. Migration 0013 (rotation, keys.ts). */
  active_from: number | null;
  /** Leaves the JWKS at (epoch ms); null = not retired. Migration 0013. */
  retire_at: number | null;
}

/** `events`: telemetry from `POST /events`. */
export interface EventsTable {
  event_id: string;
  public_token: string;
  event_name: string;
  details: string;
  telemetry: string;
  received_at: number;
}

export type { PhoneNumbersTable } from './schema-0002.ts';
import type { PhoneNumbersTable } from './schema-0002.ts';
import type { AccessTokensTable, CaptchaTokensTable, ConnectedAppsTable } from './schema-0003.ts';
import type { SuppressionsTable } from './schema-0005-suppressions.ts';
import type { ClientLocksTable, KnownClientsTable, OutboxJobsTable, ServerSecretsTable } from './schema-0006-hardening.ts';
import type { ProjectSecretsTable } from './schema-0016-project-secrets.ts';
import type { AuditLogTable } from './schema-0018-audit-log.ts';

export type { ProjectSecretsTable } from './schema-0016-project-secrets.ts';
import type { WebhookDeliveriesTable, WebhookEndpointsTable, WebhookEventsTable, WebhookMessagesTable } from './schema-0017-webhooks.ts';
export type { WebhookDeliveriesTable, WebhookEndpointsTable, WebhookEventsTable, WebhookMessagesTable } from './schema-0017-webhooks.ts';
export type { AuditLogTable } from './schema-0018-audit-log.ts';
import type { IntermediateSessionsTable, TrustedDevicesTable } from './schema-0020-mfa.ts';
export type { IntermediateSessionsTable, TrustedDevicesTable } from './schema-0020-mfa.ts';
import type { ProjectAdminsTable, ProjectOverridesTable } from './schema-0022-admin-console.ts';
export type { ProjectAdminsTable, ProjectOverridesTable } from './schema-0022-admin-console.ts';

export type { ClientLocksTable, KnownClientsTable, OutboxJobsTable, ServerSecretsTable } from './schema-0006-hardening.ts';

export type { SuppressionsTable } from './schema-0005-suppressions.ts';

export type { AccessTokensTable, CaptchaTokensTable, ConnectedAppsTable } from './schema-0003.ts';

/** Core's tables (the registered methods' are added by {@link Database}). */
export interface CoreTables {
  connected_apps: ConnectedAppsTable;
  access_tokens: AccessTokensTable;
  captcha_tokens: CaptchaTokensTable;
  projects: ProjectsTable;
  users: UsersTable;
  emails: EmailsTable;
  sessions: SessionsTable;
  dev_messages: DevMessagesTable;
  rate_counters: RateCountersTable;
  signing_keys: SigningKeysTable;
  events: EventsTable;
  phone_numbers: PhoneNumbersTable;
  suppressions: SuppressionsTable;
  outbox_jobs: OutboxJobsTable;
  server_secrets: ServerSecretsTable;
  client_locks: ClientLocksTable;
  known_clients: KnownClientsTable;
  project_secrets: ProjectSecretsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_messages: WebhookMessagesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  audit_log: AuditLogTable;
  intermediate_sessions: IntermediateSessionsTable;
  trusted_devices: TrustedDevicesTable;
  project_admins: ProjectAdminsTable;
  project_overrides: ProjectOverridesTable;
}

/** The registered methods' tables, merged (each method's `tables`, server/methods.ts). */
export type MethodTables = UnionToIntersection<TablesOf<(typeof SERVER_METHODS)[number]>>;

/** The whole database as Kysely sees it: core's tables and every registered method's. */
export type Database = CoreTables & MethodTables;
