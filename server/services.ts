/** The services every route and module is handed (built once per app by app.ts), and the Hono types of this app. */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { ClientKeys } from './client-keys.ts';
import type { Db } from './db/index.ts';
import type { SigningKeys } from './keys.ts';
import type { EventHub } from './events.ts';
import type { Delivery } from './messaging/delivery.ts';
import type { ServerMethod } from './method.ts';
import type { Outbox } from './outbox.ts';
import type { Project } from './project/config.ts';
import type { RateLimits } from './rate-limit.ts';
import type { SessionJwtCache } from './session-jwt-cache.ts';
import type { SessionReadCache } from './session-read-cache.ts';
import type { WebhookWorker } from './webhooks/worker.ts';

/** Everything a route needs, built once per app. */
export interface Services {
  db: Db;
  project: Project;
  /** Injected clock (epoch ms) so tests can move time instead of sleeping. */
  now: () => number;
  /** Sends one message now; routes never call it (they enqueue on `outbox`), the outbox worker does. */
  delivery: Delivery;
  /** The durable queue every send goes through (docs/reference/security.md#email-syntax: sends leave the request path). */
  outbox: Outbox;
  /** Keyed hashes of client IPs and SDK ids (the lockouts' client keys). */
  clientKeys: ClientKeys;
  keys: SigningKeys;
  /** This process's session JWTs, served again while fresh (session-jwt-cache.ts); never a liveness check. */
  sessionJwts: SessionJwtCache;
  /** This process's sessions/authenticate reads, served only while the database is unchanged (session-read-cache.ts). */
  sessionReads: SessionReadCache;
  limits: RateLimits;
  /** JWT `iss` set by the operator (JWT_ISSUER); null: the request's base URL (jwt-issuer.ts). */
  issuer: string | null;
  maxBodyBytes: number;
  /** Read the client IP from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean;
  log: (line: string) => void;
  /** The registered sign-in methods (server/methods.ts): loadUser asks each for its part of a user. */
  methods: readonly ServerMethod[];
  /** What happened to users, sessions and factors, told to the subscribers (events.ts; the webhooks). */
  events: EventHub;
  /** Delivers the events to the project's webhook endpoints (webhooks/worker.ts). */
  webhooks: WebhookWorker;
}

/** Hono environment: node-server bindings (absent under `app.request`) and per-request variables. */
export interface AppEnv {
  Bindings: { incoming?: IncomingMessage };
  /**
   * `body`: the one read of the request body (body.ts `readBodyBytes`); `captchaVerified`: the captcha
   * guard accepted this request's captcha_token; `backendProject`: the project a `/v1` call authenticated as.
   */
  Variables: {
    requestId: string;
    body?: Promise<Buffer>;
    captchaVerified?: boolean;
    errorType?: string;
    /** Set by the project-secret check of a `/v1` backend route (server/backend/auth.ts) before its handler. */
    backendProject?: Project;
    /** The id of the project secret that authenticated a `/v1` call (`dev` for the test project's), for its audit row (server/audit/). */
    backendSecretId?: string;
    /** The admin (user id) whose session authenticated a `/v1` call (server/admin/access.ts), for its audit row and the admin-only calls. */
    backendAdminId?: string;
    /**
     * The end user's IP a `/v1` backend call reports in `attributes.ip_address` (body.ts readJson): the
     * client for rate limits and lockouts of that call (request.ts clientIp), not the backend's own address.
     */
    endUserIp?: string;
  };
}

/** The Hono context of this app. */
export type Ctx = Context<AppEnv>;
