/** Shared helpers for the server tests: an in-process app with a movable clock and a typed caller. */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { InboxResponse } from '../sdk-core/schemas/index.ts';
import type { Services } from './http.ts';
import { type AppOptions, createApp } from './app.ts';

/** Result of {@link TestApp.call}: status, headers and the parsed JSON (or null). */
export interface CallResult {
  status: number;
  headers: Headers;
  json: Record<string, unknown> & { data?: Record<string, unknown>; error_type?: string };
}

/** Options of one call. `secret` defaults to the public token; `auth: false` sends no Authorization. */
export interface CallOptions {
  body?: unknown;
  raw?: string | Uint8Array | ReadableStream<Uint8Array>;
  secret?: string;
  publicToken?: string;
  auth?: boolean;
  origin?: string;
  headers?: Record<string, string>;
}

/** An app on a temp SQLite folder plus a clock tests can move. */
export interface TestApp {
  publicToken: string;
  projectId: string;
  /** The app's services, for tests that seed state the API has no call for yet. */
  services: Services;
  clock: { t: number };
  advance(ms: number): void;
  call(method: string, path: string, opts?: CallOptions): Promise<CallResult>;
  close(): Promise<void>;
}

/** Basic header for `public_token:secret`. */
export function basic(publicToken: string, secret: string): string {
  return `Basic ${Buffer.from(`${publicToken}:${secret}`).toString('base64')}`;
}

/** Creates a fresh temp folder (removed by the returned cleanup). */
export function tempDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'auth-elements-test-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * With TEST_DATABASE_URL=postgres://... each test app gets its own fresh Postgres database (the role
 * needs CREATEDB); otherwise a temp SQLite folder. Returns the URL (if any) and a cleanup.
 */
export async function testDatabase(): Promise<{ databaseUrl?: string; cleanup(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { cleanup: async () => undefined };
  const name = `ae_test_${randomUUID().replaceAll('-', '')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.href,
    async cleanup() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name}`);
      await c.end();
    },
  };
}

/** Starts an in-process app (createApp + app.request) on a temp data dir with an injected clock. */
export async function testApp(opts: Partial<AppOptions> = {}): Promise<TestApp> {
  const tmp = tempDir();
  const pgDb = await testDatabase();
  const clock = { t: Date.UTC(2030, 0, 1, 12, 0, 0) };
  const instance = await createApp({
    dataDir: tmp.dir,
    ...(pgDb.databaseUrl ? { databaseUrl: pgDb.databaseUrl } : {}),
    now: () => clock.t,
    logger: () => undefined,
    ...opts,
  });
  const publicToken = instance.publicToken;
  return {
    publicToken,
    projectId: instance.project.project_id,
    services: instance.services,
    clock,
    advance: (ms) => {
      clock.t += ms;
    },
    async call(method, path, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      if (o.auth !== false) headers.authorization ??= basic(o.publicToken ?? publicToken, o.secret ?? publicToken);
      if (o.origin) headers.origin = o.origin;
      let body: BodyInit | undefined;
      if (o.raw !== undefined) body = o.raw as BodyInit;
      else if (o.body !== undefined) {
        body = JSON.stringify(o.body);
        headers['content-type'] = 'application/json';
      }
      const init: RequestInit & { duplex?: 'half' } = { method, headers };
      if (body !== undefined) init.body = body;
      if (body instanceof ReadableStream) init.duplex = 'half';
      const res = await instance.app.request(`http://localhost:8787${path}`, init);
      const text = await res.text();
      let json: CallResult['json'] = {};
      try {
        json = text ? (JSON.parse(text) as CallResult['json']) : {};
      } catch {
        json = { text };
      }
      return { status: res.status, headers: res.headers, json };
    },
    async close() {
      await instance.close();
      await pgDb.cleanup();
      tmp.cleanup();
    },
  };
}

/** Sends an email OTP and returns the method id and the code read from /dev/inbox.json. */
export async function sendOtp(t: TestApp, email: string, body: Record<string, unknown> = {}): Promise<{ methodId: string; code: string; userCreated: boolean }> {
  const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email, ...body } });
  if (r.status !== 200 || !r.json.data) throw new Error(`send failed: ${r.status} ${JSON.stringify(r.json)}`);
  const inbox = await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(email)}`);
  const messages = (inbox.json as unknown as InboxResponse).messages;
  const code = messages[0]?.code;
  if (!code) throw new Error('no code in the dev inbox');
  return { methodId: String(r.json.data.method_id), code, userCreated: r.json.data.user_created === true };
}

/** A code guaranteed to differ from `code`. */
export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

/** Logs in by email OTP and returns the session token and the full data payload. */
export async function login(t: TestApp, email: string, minutes?: number): Promise<{ token: string; data: Record<string, unknown> }> {
  const { methodId, code } = await sendOtp(t, email);
  const body: Record<string, unknown> = { token: code, method_id: methodId };
  if (minutes !== undefined) body.session_duration_minutes = minutes;
  const r = await t.call('POST', '/sdk/v1/otps/authenticate', { body });
  if (r.status !== 200 || !r.json.data) throw new Error(`authenticate failed: ${r.status} ${JSON.stringify(r.json)}`);
  return { token: String(r.json.data.session_token), data: r.json.data };
}
