/**
 * Test helper of the backend-driven sign-in tests (issue 27): a project secret for a test app, a caller
 * of the `/v1` routes with it, and the dev inbox's newest message to an address.
 */
import type { InboxMessage } from '../sdk-core/schemas/index.ts';
import { createProjectSecret } from './backend/secrets.ts';
import { basic, type CallResult, type TestApp } from './test-helpers.ts';

/** Calls `POST path` (or `method`) of the `/v1` API of `t` with a project secret; `secret` overrides it. */
export type BackendCall = (path: string, body?: unknown, o?: { method?: string; secret?: string; origin?: string }) => Promise<CallResult>;

/** A fresh project secret of `t` and a {@link BackendCall} that sends it. */
export async function backendCaller(t: TestApp): Promise<{ secret: string; v1: BackendCall }> {
  const { secret } = await createProjectSecret(t.services.db.kysely, t.services.project, t.clock.t);
  const v1: BackendCall = (path, body, o = {}) =>
    t.call(o.method ?? 'POST', path, {
      headers: { authorization: basic(t.projectId, o.secret ?? secret) },
      ...(body !== undefined ? { body } : {}),
      ...(o.origin ? { origin: o.origin } : {}),
    });
  return { secret, v1 };
}

/** The messages of the dev inbox to `to`, newest first (reading it runs the outbox's queued jobs). */
export async function inboxOf(t: TestApp, to: string): Promise<InboxMessage[]> {
  const r = await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(to)}`);
  return r.json.messages as InboxMessage[];
}

/** The token of the newest link emailed to `to` ('' when there is none). */
export async function linkTokenOf(t: TestApp, to: string): Promise<string> {
  const link = (await inboxOf(t, to))[0]?.link;
  return link ? (new URL(link).searchParams.get('token') ?? '') : '';
}

/** The newest passcode sent to `to` ('' when there is none). */
export async function codeOf(t: TestApp, to: string): Promise<string> {
  return (await inboxOf(t, to))[0]?.code ?? '';
}
