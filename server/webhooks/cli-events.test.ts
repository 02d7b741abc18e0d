/**
 * The admin CLI emits the webhook events of the matching `/v1` routes (issue 28): `sessions revoke`,
 * `users delete` and `roles set` take the same action (server/user-actions.ts), `idp-clients delete` tells
 * the consents it revokes, the server's worker
 * delivers what the command queued, and each command is an audit row named like the route's. Revoking a
 * user's grants (revoke-all, password change, user delete) is a `consent.revoked` per grant. SQLite, and
 * Postgres with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { codeFor, setupIdp } from '../idp/test-flow.ts';
import { type CliHarness, cliHarness } from '../test-cli.ts';
import { backendCall, type CallResult, createBackendSecret, login, type TestApp } from '../test-helpers.ts';
import { type Receiver, startReceiver, verifyReceived } from './test-receiver.ts';

type Json = Record<string, unknown>;

describe('CLI events', () => {
  let h: CliHarness;
  let t: TestApp;
  let secret: string;
  let rx: Receiver;
  let hookSecret: string;
  const v1 = (method: string, path: string, body?: unknown): Promise<CallResult> => backendCall(t, secret, method, path, body);
  /** Delivers what is due, then the events the receiver got since `from`, each verified. */
  const delivered = async (from: number): Promise<Json[]> => {
    await t.services.webhooks.drain();
    return rx.received.slice(from).map((got) => verifyReceived(hookSecret, got) as Json);
  };
  /** Delivers what earlier steps queued, then the receiver's count: what a step adds comes after it. */
  const mark = async (): Promise<number> => {
    await t.services.webhooks.drain();
    return rx.received.length;
  };
  const of = (events: Json[], type: string) => events.filter((e) => e.type === type);
  /** The newest audit row of `action` (the CLI's run), as the `/v1` API lists it. */
  const latestAudit = async (action: string): Promise<Json> => {
    const r = await v1('GET', `/v1/audit_logs?action=${action}&limit=1`);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return ((r.json.audit_logs as Json[])[0] as Json | undefined) ?? assert.fail(`no ${action} row`);
  };

  before(async () => {
    h = await cliHarness({ outboxAutoRun: false });
    t = h.t;
    secret = await createBackendSecret(t);
    rx = await startReceiver();
    const created = await v1('POST', '/v1/webhooks', { url: rx.url });
    assert.equal(created.status, 200, JSON.stringify(created.json));
    hookSecret = String((created.json.webhook as Json).secret);
  });
  after(async () => {
    await h.close();
    await rx.close();
  });

  it('sessions revoke: a session.revoked per session and a consent.revoked per grant, as /v1 shows them; audited as session.revoke', async () => {
    const idp = await setupIdp(t, 'cli-revoke@example.com');
    await codeFor(t, idp);
    const second = await login(t, 'cli-revoke@example.com');
    const from = await mark();
    const run = await h.cli('sessions', 'revoke', '--user', 'cli-revoke@example.com');
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, /revoked 2 session\(s\)/);
    const events = await delivered(from);
    const revoked = of(events, 'session.revoked');
    assert.equal(revoked.length, 2);
    for (const e of revoked) assert.equal(e.user_id, idp.userId);
    const listed = (revoked.map((e) => (e.session as Json).session_id) as string[]).sort();
    const secondId = String((second.data.session as Json).session_id);
    assert.ok(listed.includes(secondId), 'the second session is named');
    assert.equal((revoked[0]?.session as Json | undefined)?.user_id, idp.userId);
    const consents = of(events, 'consent.revoked');
    assert.deepEqual(
      consents.map((e) => [e.user_id, e.client_id, e.scopes]),
      [[idp.userId, idp.clientId, ['openid', 'email', 'offline_access']]],
    );
    // Both sessions are refused at once.
    for (const token of [idp.session, second.token]) {
      assert.equal((await v1('POST', '/v1/sessions/authenticate', { session_token: token })).status, 404);
    }
    const audit = await latestAudit('session.revoke');
    assert.deepEqual([(audit.actor as Json).kind, (audit.target as Json).kind, (audit.target as Json).id], ['admin', 'user', idp.userId]);
  });

  it('users delete: user.deleted with the user as /v1 showed it, and its grants a consent.revoked; audited as user.delete', async () => {
    const idp = await setupIdp(t, 'cli-delete@example.com');
    await codeFor(t, idp);
    const shown = await v1('GET', `/v1/users/${idp.userId}`);
    assert.equal(shown.status, 200);
    const from = await mark();
    const run = await h.cli('users', 'delete', '--user', idp.userId, '--yes');
    assert.equal(run.code, 0, run.err);
    const events = await delivered(from);
    const [deleted] = of(events, 'user.deleted');
    assert.ok(deleted, 'user.deleted');
    assert.equal(deleted.user_id, idp.userId);
    const { request_id: _r, status_code: _s, ...user } = shown.json;
    assert.deepEqual(deleted.user, user);
    assert.deepEqual(
      of(events, 'consent.revoked').map((e) => [e.user_id, e.client_id]),
      [[idp.userId, idp.clientId]],
    );
    assert.equal((await v1('GET', `/v1/users/${idp.userId}`)).status, 404);
    const audit = await latestAudit('user.delete');
    assert.deepEqual([(audit.actor as Json).kind, (audit.target as Json).id], ['admin', idp.userId]);
  });

  it('the /v1 user delete emits the same events as the CLI (one function)', async () => {
    const idp = await setupIdp(t, 'v1-delete@example.com');
    await codeFor(t, idp);
    const from = await mark();
    assert.equal((await v1('DELETE', `/v1/users/${idp.userId}`)).status, 200);
    const events = await delivered(from);
    assert.deepEqual(events.map((e) => e.type).sort(), ['consent.revoked', 'user.deleted']);
    assert.equal(of(events, 'user.deleted')[0]?.user_id, idp.userId);
  });

  it('a password change revokes the grants: a consent.revoked per grant', async () => {
    const email = 'pw-grant@example.com';
    const [first, next] = ['correct horse battery staple 42', 'another long passphrase 43'];
    const made = await v1('POST', '/v1/passwords', { email, password: first });
    assert.equal(made.status, 200, JSON.stringify(made.json));
    const idp = await setupIdp(t, email);
    await codeFor(t, idp);
    const from = await mark();
    const reset = await t.call('POST', '/sdk/v1/passwords/existing_password/reset', { body: { email, existing_password: first, new_password: next } });
    assert.equal(reset.status, 200, JSON.stringify(reset.json));
    const events = await delivered(from);
    assert.deepEqual(
      of(events, 'consent.revoked').map((e) => [e.user_id, e.client_id]),
      [[idp.userId, idp.clientId]],
    );
    assert.ok(of(events, 'session.revoked').some((e) => e.user_id === idp.userId));
  });

  it('idp-clients delete: a consent.revoked per user who had consented to the client', async () => {
    const idp = await setupIdp(t, 'cli-client@example.com');
    await codeFor(t, idp);
    const from = await mark();
    const run = await h.cli('idp-clients', 'delete', idp.clientId, '--yes');
    assert.equal(run.code, 0, run.err);
    const events = await delivered(from);
    assert.deepEqual(
      events.map((e) => [e.type, e.user_id, e.client_id, e.scopes]),
      [['consent.revoked', idp.userId, idp.clientId, []]],
    );
  });

  it('roles set: a user.updated, as a /v1 update is; a refused command emits nothing', async () => {
    const { data } = await login(t, 'cli-roles@example.com');
    const userId = String(data.user_id);
    const from = await mark();
    const run = await h.cli('roles', 'set', '--user', userId);
    assert.equal(run.code, 0, run.err);
    const refused = await h.cli('sessions', 'revoke', '--user', 'nobody@example.com');
    assert.equal(refused.code, 1);
    const events = await delivered(from);
    assert.deepEqual(
      events.map((e) => [e.type, e.user_id]),
      [['user.updated', userId]],
    );
    assert.equal((events[0]?.user as Json | undefined)?.user_id, userId);
  });
});
