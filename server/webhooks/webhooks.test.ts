/**
 * Webhooks (issue 28) end to end in process, on SQLite and (TEST_DATABASE_URL) Postgres: endpoints through
 * `/v1/webhooks`, each event type arriving signed (verified with the real `standardwebhooks` Webhook class)
 * with its object in the `/v1` shape, the event filter, retries on the test clock until the endpoint is
 * disabled (and the event that says so), replay with the same `webhook-id`, and two instances sharing
 * the database delivering each event once per attempt.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { backendCall, type CallResult, createBackendSecret, login, type TestApp, testApp, twoApps } from '../test-helpers.ts';
import { startReceiver, type Receiver, verifyReceived } from './test-receiver.ts';
import { WEBHOOK_JITTER, WEBHOOK_MAX_ATTEMPTS, webhookRetryDelayMs } from './worker.ts';

type Json = Record<string, unknown>;

describe('webhooks', () => {
  let t: TestApp;
  let secret: string;
  let rx: Receiver;
  let hook: { webhook_id: string; secret: string };
  const v1 = (method: string, path: string, body?: unknown): Promise<CallResult> => backendCall(t, secret, method, path, body);
  const ok = (r: CallResult): Json => {
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json;
  };
  /** Delivers what is due, then the events the receiver got since `from`, each verified. */
  const delivered = async (from: number): Promise<Json[]> => {
    await t.services.webhooks.drain();
    return rx.received.slice(from).map((got) => verifyReceived(hook.secret, got) as Json);
  };

  before(async () => {
    t = await testApp({ outboxAutoRun: false });
    secret = await createBackendSecret(t);
    rx = await startReceiver();
    const created = ok(await v1('POST', '/v1/webhooks', { url: rx.url }));
    const w = created.webhook as Json;
    hook = { webhook_id: String(w.webhook_id), secret: String(w.secret) };
  });
  after(async () => {
    await t.close();
    await rx.close();
  });
  beforeEach(() => {
    rx.status = 200;
  });

  it('POST answers the whsec_ secret once; GET never shows it', async () => {
    assert.match(hook.secret, /^whsec_[A-Za-z0-9+/]+=*$/);
    assert.match(hook.webhook_id, /^webhook-test-/);
    const list = ok(await v1('GET', '/v1/webhooks'));
    const [only] = list.webhooks as Json[];
    assert.equal(only?.webhook_id, hook.webhook_id);
    assert.equal(only?.url, rx.url);
    assert.deepEqual(only?.event_types, []);
    assert.equal(only?.status, 'enabled');
    assert.equal('secret' in (only ?? {}), false);
    assert.equal(JSON.stringify(list).includes(hook.secret.slice(6)), false);
    const one = ok(await v1('GET', `/v1/webhooks/${hook.webhook_id}`));
    assert.equal('secret' in (one.webhook as Json), false);
  });

  it('user, session and factor events arrive signed, with the object as /v1 shows it', async () => {
    const from = rx.received.length;
    const created = ok(await v1('POST', '/v1/users', { email: 'hooked@example.com', phone_number: '+14155550199' }));
    const userId = String(created.user_id);
    ok(await v1('PUT', `/v1/users/${userId}`, { name: { first_name: 'Ada' } }));
    const { token, data } = await login(t, 'signin@example.com');
    const signInUser = String(data.user_id);
    ok(await v1('POST', '/v1/sessions/revoke', { session_token: token }));
    ok(await v1('DELETE', `/v1/users/phone_numbers/${String(created.phone_id)}`));
    const before = ok(await v1('GET', `/v1/users/${userId}`));
    ok(await v1('DELETE', `/v1/users/${userId}`));

    const events = await delivered(from);
    // Delivery order is not promised (messages go out concurrently): each event is found by its type.
    assert.deepEqual(events.map((e) => e.type).sort(), [
      'factor.removed',
      'session.created',
      'session.revoked',
      'user.created',
      'user.created',
      'user.deleted',
      'user.updated',
    ]);
    for (const e of events) {
      assert.match(String(e.event_id), /^event-test-/);
      assert.equal(e.project_id, t.projectId);
      assert.equal(e.timestamp, new Date(t.clock.t).toISOString());
    }
    // The webhook-id is the event id: what a receiver de-duplicates on.
    assert.deepEqual(
      rx.received.slice(from).map((g) => g.headers['webhook-id']),
      events.map((e) => e.event_id),
    );
    const find = (type: string, user: string) => {
      const e = events.find((x) => x.type === type && x.user_id === user);
      assert.ok(e, `${type} of ${user}`);
      return e;
    };
    const userCreated = find('user.created', userId);
    const userUpdated = find('user.updated', userId);
    const signUp = find('user.created', signInUser);
    const sessionCreated = find('session.created', signInUser);
    const sessionRevoked = find('session.revoked', signInUser);
    const factorRemoved = find('factor.removed', userId);
    const userDeleted = find('user.deleted', userId);
    assert.equal((userCreated.user as Json).user_id, userId);
    assert.deepEqual(
      ((userCreated.user as Json).emails as Json[]).map((e) => e.email),
      ['hooked@example.com'],
    );
    assert.deepEqual((userUpdated.user as Json).name, { first_name: 'Ada', middle_name: '', last_name: '' });
    assert.equal(signUp.user_id, signInUser);
    assert.equal((sessionCreated.session as Json).user_id, signInUser);
    assert.equal((sessionCreated.session as Json).session_id, (data.session as Json).session_id);
    assert.deepEqual(sessionRevoked.session && (sessionRevoked.session as Json).session_id, (data.session as Json).session_id);
    assert.deepEqual(factorRemoved.factor, { kind: 'phone', id: created.phone_id });
    assert.equal(factorRemoved.user_id, userId);
    // The deleted user as GET showed it just before.
    const { status_code: _s, request_id: _r, ...shown } = before;
    assert.deepEqual(userDeleted.user, shown);
  });

  it('factor.added, password.reset, user.locked and impersonation.used arrive from the methods', async () => {
    const from = rx.received.length;
    const created = await t.call('POST', '/sdk/v1/passwords', { body: { email: 'pw-hook@example.com', password: 'correct horse battery staple 42!' } });
    assert.equal(created.status, 200, JSON.stringify(created.json));
    const userId = String(created.json.data?.user_id);
    const token = String(created.json.data?.session_token);
    const reset = await t.call('POST', '/sdk/v1/passwords/session/reset', { secret: token, body: { password: 'another long passphrase 1234!' } });
    assert.equal(reset.status, 200, JSON.stringify(reset.json));
    // Wrong passcodes until the client is locked out of the user.
    const { sendOtp, wrongCode } = await import('../test-helpers.ts');
    const { methodId, code } = await sendOtp(t, 'locked-hook@example.com');
    let status = 0;
    for (let i = 0; i < 20 && status !== 429; i++) {
      status = (await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: wrongCode(code), method_id: methodId } })).status;
    }
    assert.equal(status, 429);
    const { mintImpersonationToken } = await import('../impersonation/index.ts');
    const minted = await mintImpersonationToken(t.services.db, t.projectId, userId, { adminId: 'support@example.com', now: t.clock.t });
    const imp = await t.call('POST', '/sdk/v1/impersonation/authenticate', { body: { impersonation_token: minted.token } });
    assert.equal(imp.status, 200, JSON.stringify(imp.json));

    const events = await delivered(from);
    const of = (type: string) => events.filter((e) => e.type === type);
    const [added] = of('factor.added');
    assert.ok(added, 'factor.added');
    assert.equal(added.user_id, userId);
    assert.equal((added.factor as Json).kind, 'password');
    assert.match(String((added.factor as Json).id), /^password-test-/);
    // The reset signed out the session the password was created with.
    const firstSession = ((created.json.data as Json).session as Json).session_id;
    assert.ok(
      of('session.revoked').some((e) => (e.session as Json).session_id === firstSession),
      'session.revoked for the session the reset signed out',
    );
    const [pwReset] = of('password.reset');
    assert.ok(pwReset, 'password.reset');
    assert.equal(pwReset.user_id, userId);
    assert.equal((pwReset.user as Json).user_id, userId);
    const [locked] = of('user.locked');
    assert.ok(locked, 'user.locked');
    assert.equal(((locked.user as Json).emails as Json[])[0]?.email, 'locked-hook@example.com');
    const [used] = of('impersonation.used');
    assert.deepEqual([used?.user_id, used?.impersonator_id], [userId, 'support@example.com']);
    assert.equal(used?.session_id, ((imp.json.data as Json).session as Json).session_id);
  });

  it('consent.granted and consent.revoked arrive from the OpenID provider', async () => {
    const from = rx.received.length;
    const { codeFor, setupIdp } = await import('../idp/test-flow.ts');
    const idp = await setupIdp(t, 'consent-hook@example.com');
    await codeFor(t, idp);
    const revoked = await t.call('POST', `/sdk/v1/users/connected_apps/${idp.clientId}/revoke`, { secret: idp.session });
    assert.equal(revoked.status, 200, JSON.stringify(revoked.json));
    // Webhooks promise each event at least once, not an order: both share the test clock's millisecond.
    const events = (await delivered(from)).filter((e) => String(e.type).startsWith('consent.')).sort((a, b) => String(a.type).localeCompare(String(b.type)));
    assert.deepEqual(
      events.map((e) => [e.type, e.user_id, e.client_id]),
      [
        ['consent.granted', idp.userId, idp.clientId],
        ['consent.revoked', idp.userId, idp.clientId],
      ],
    );
    assert.deepEqual(events[0]?.scopes, ['openid', 'email', 'offline_access']);
  });

  it('an endpoint gets only the event types it subscribed to', async () => {
    const rx2 = await startReceiver();
    try {
      const w = ok(await v1('POST', '/v1/webhooks', { url: rx2.url, event_types: ['session.created'] })).webhook as Json;
      await login(t, 'filtered@example.com');
      await t.services.webhooks.drain();
      assert.deepEqual(
        rx2.received.map((g) => verifyReceived(String(w.secret), g) as Json).map((e) => e.type),
        ['session.created'],
      );
      ok(await v1('DELETE', `/v1/webhooks/${String(w.webhook_id)}`));
    } finally {
      await rx2.close();
    }
  });

  it('rotate_secret answers a new secret; deliveries are signed with it, not the old one', async () => {
    const rotated = ok(await v1('POST', `/v1/webhooks/${hook.webhook_id}/rotate_secret`)).webhook as Json;
    assert.notEqual(rotated.secret, hook.secret);
    const old = hook.secret;
    hook.secret = String(rotated.secret);
    const from = rx.received.length;
    ok(await v1('POST', '/v1/users', { email: 'rotated@example.com' }));
    const [e] = await delivered(from);
    assert.equal(e?.type, 'user.created');
    assert.throws(() => verifyReceived(old, rx.received[from]!));
  });

  it('replay re-sends one event, or everything since a time, with the same webhook-id', async () => {
    const from = rx.received.length;
    ok(await v1('POST', '/v1/users', { email: 'replayed@example.com' }));
    const [original] = await delivered(from);
    const eventId = String(original?.event_id);
    const r = ok(await v1('POST', `/v1/webhooks/${hook.webhook_id}/replay`, { event_id: eventId }));
    assert.equal(r.replayed, 1);
    const [again] = await delivered(from + 1);
    assert.deepEqual(again, original);
    assert.equal(rx.received[from + 1]?.headers['webhook-id'], eventId);

    const since = ok(await v1('POST', `/v1/webhooks/${hook.webhook_id}/replay`, { since: new Date(t.clock.t - 1).toISOString() }));
    assert.ok(Number(since.replayed) >= 1);
    const replayed = await delivered(from + 2);
    assert.equal(replayed.length, since.replayed);
    assert.ok(replayed.some((e) => e.event_id === eventId));

    const deliveries = ok(await v1('GET', `/v1/webhooks/${hook.webhook_id}/deliveries?event_id=${eventId}`)).deliveries as Json[];
    assert.equal(deliveries.length, 3);
    for (const d of deliveries) {
      assert.equal(d.status, 'succeeded');
      assert.equal(d.response_code, 200);
      assert.equal(typeof d.duration_ms, 'number');
    }
  });

  it('a failing endpoint is retried on schedule for more than 24 hours, then disabled, and an event says so', async () => {
    const failing = await startReceiver();
    failing.status = 500;
    try {
      const w = ok(await v1('POST', '/v1/webhooks', { url: failing.url, event_types: ['user.created'] })).webhook as Json;
      const id = String(w.webhook_id);
      const from = rx.received.length;
      const start = t.clock.t;
      ok(await v1('POST', '/v1/users', { email: 'retried@example.com' }));
      await t.services.webhooks.drain();
      assert.equal(failing.received.length, 1);
      for (let attempt = 1; attempt < WEBHOOK_MAX_ATTEMPTS; attempt++) {
        const delay = webhookRetryDelayMs(attempt);
        // Not due before its delay (less the jitter)...
        t.advance(Math.floor(delay * (1 - WEBHOOK_JITTER)) - 1);
        await t.services.webhooks.drain();
        assert.equal(failing.received.length, attempt, `attempt ${attempt + 1} not before its time`);
        // ...and due once its delay (plus the jitter) has passed.
        t.advance(Math.ceil(delay * 2 * WEBHOOK_JITTER) + 2);
        await t.services.webhooks.drain();
        assert.equal(failing.received.length, attempt + 1, `attempt ${attempt + 1}`);
      }
      assert.ok(t.clock.t - start >= 24 * 60 * 60 * 1000, 'retries span at least 24 hours');
      // Every attempt carries the same webhook-id and a valid signature.
      assert.equal(new Set(failing.received.map((g) => g.headers['webhook-id'])).size, 1);
      for (const g of failing.received) verifyReceived(String(w.secret), g);

      const shown = ok(await v1('GET', `/v1/webhooks/${id}`)).webhook as Json;
      assert.equal(shown.status, 'disabled');
      assert.match(String(shown.disabled_reason), /attempts/);
      const deliveries = ok(await v1('GET', `/v1/webhooks/${id}/deliveries`)).deliveries as Json[];
      assert.equal(deliveries.length, WEBHOOK_MAX_ATTEMPTS);
      assert.deepEqual(
        deliveries.map((d) => d.attempt),
        Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, (_, i) => WEBHOOK_MAX_ATTEMPTS - i),
      );
      for (const d of deliveries) {
        assert.equal(d.status, 'failed');
        assert.equal(d.response_code, 500);
      }
      // The other endpoint hears that this one was disabled.
      const heard = (await delivered(from)).filter((e) => e.type === 'webhook.endpoint_disabled');
      assert.equal(heard.length, 1);
      assert.equal((heard[0]?.webhook as Json | undefined)?.webhook_id, id);
      // Disabled: new events do not go to it; enabled again, they do.
      ok(await v1('POST', '/v1/users', { email: 'after-disable@example.com' }));
      await t.services.webhooks.drain();
      assert.equal(failing.received.length, WEBHOOK_MAX_ATTEMPTS);
      failing.status = 200;
      assert.equal((ok(await v1('PUT', `/v1/webhooks/${id}`, { status: 'enabled' })).webhook as Json).status, 'enabled');
      ok(await v1('POST', '/v1/users', { email: 'after-enable@example.com' }));
      await t.services.webhooks.drain();
      assert.equal(failing.received.length, WEBHOOK_MAX_ATTEMPTS + 1);
      ok(await v1('DELETE', `/v1/webhooks/${id}`));
    } finally {
      await failing.close();
    }
  });
});

describe('webhooks: two instances on one database', () => {
  it('deliver each event once per attempt', async () => {
    const apps = await twoApps({ outboxAutoRun: false }, { outboxAutoRun: false });
    const rx = await startReceiver();
    try {
      const secret = await createBackendSecret(apps.a);
      const w = (await backendCall(apps.a, secret, 'POST', '/v1/webhooks', { url: rx.url, event_types: ['user.created'] })).json.webhook as Json;
      for (let i = 0; i < 12; i++) {
        const app = i % 2 === 0 ? apps.a : apps.b;
        const r = await backendCall(app, secret, 'POST', '/v1/users', { email: `twice-${i}@example.com` });
        assert.equal(r.status, 200, JSON.stringify(r.json));
      }
      await Promise.all([apps.a.services.webhooks.drain(), apps.b.services.webhooks.drain(), apps.a.services.webhooks.drain()]);
      const ids = rx.received.map((g) => String((verifyReceived(String(w.secret), g) as Json).event_id));
      assert.equal(ids.length, 12);
      assert.equal(new Set(ids).size, 12);
    } finally {
      await rx.close();
      await apps.close();
    }
  });
});
