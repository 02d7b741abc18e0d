/**
 * The outbox that took sends out of the request path must not lose or double a message: a job survives
 * a restart (and a crashed claimant), and several instances on one database deliver each message exactly
 * once. Runs on SQLite and, with TEST_DATABASE_URL, on Postgres (testDatabase()).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InboxResponse } from '../../sdk-core/schemas/index.ts';
import type { Delivery, OutboundMessage } from '../../server/messaging/delivery.ts';
import { OUTBOX_LEASE_MS, OUTBOX_MAX_ATTEMPTS, outboxRetryDelayMs } from '../../server/outbox.ts';
import { type TestApp, testApp, testStore } from '../../server/test-helpers.ts';

/** One database (SQLite folder or fresh Postgres database) and clock that several test apps open in turn or at once. */
async function sharedStore() {
  const store = await testStore();
  const clock = { t: Date.UTC(2030, 0, 1, 12, 0, 0) };
  const open = (delivery: Delivery, extra: { outboxAutoRun?: boolean } = {}) => testApp({ delivery, ...extra }, { store, clock });
  return { clock, open, cleanup: store.cleanup };
}

/** POSTs to an in-process app as a signed-out SDK client would. */
async function post(app: TestApp, path: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await app.call('POST', path, { body });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  return r.json.data!;
}

const recorder = () => {
  const sent: OutboundMessage[] = [];
  const delivery: Delivery = {
    async send(m) {
      // A little latency, so concurrent instances really overlap.
      await new Promise((r) => setTimeout(r, 2));
      sent.push(m);
    },
  };
  return { sent, delivery };
};

describe('outbox durability', () => {
  it('a job whose delivery failed survives a restart and arrives exactly once on the same database', async () => {
    const store = await sharedStore();
    try {
      const failing: Delivery = { send: () => Promise.reject(new Error('provider down')) };
      const first = await store.open(failing);
      const { method_id } = await post(first, '/sdk/v1/otps/email/login_or_create', { email: 'durable@example.com' });
      await first.services.outbox.drain();
      const [job] = await first.services.outbox.list();
      assert.equal(job?.status, 'pending');
      assert.equal(job?.attempts, 1);
      await first.close();

      // Back up with a working delivery, once the first retry is due.
      store.clock.t += outboxRetryDelayMs(1);
      const { sent, delivery } = recorder();
      const second = await store.open(delivery);
      try {
        await second.services.outbox.drain();
        assert.equal(sent.length, 1);
        assert.equal(sent[0]!.to, 'durable@example.com');
        // The code that arrives is the one the request issued: it signs in.
        const auth = await post(second, '/sdk/v1/otps/authenticate', { token: sent[0]!.code, method_id });
        assert.equal(typeof auth.session_token, 'string');
        store.clock.t += 60 * 60_000;
        await second.services.outbox.drain();
        assert.equal(sent.length, 1, 'exactly once');
        assert.deepEqual(await second.services.outbox.list(), [], 'delivered, so deleted (no code left in the table)');
      } finally {
        await second.close();
      }
    } finally {
      await store.cleanup();
    }
  });

  it('a job claimed by an instance that crashed mid-send is taken over when its lease expires', async () => {
    const store = await sharedStore();
    try {
      const { sent, delivery } = recorder();
      const app = await store.open(delivery, { outboxAutoRun: false });
      try {
        await post(app, '/sdk/v1/passwords/email/reset/start', {
          email: 'nobody@example.com',
          reset_password_redirect_url: 'http://localhost:3000/r',
          code_challenge: 'x'.repeat(43),
        });
        await post(app, '/sdk/v1/otps/email/login_or_create', { email: 'crash@example.com' });
        // What a process killed during its send leaves behind: a claim nobody will finish.
        await app.services.db.kysely
          .updateTable('outbox_jobs')
          .set({ locked_until: store.clock.t + OUTBOX_LEASE_MS, locked_by: 'crashed-instance', attempts: 1 })
          .execute();
        await app.services.outbox.drain({ waitForOthersMs: 0 });
        assert.equal(sent.length, 0, 'not while the lease holds');
        store.clock.t += OUTBOX_LEASE_MS;
        await app.services.outbox.drain();
        assert.deepEqual(
          sent.map((m) => m.to),
          ['crash@example.com'],
          'taken over once; the unknown reset address still gets nothing',
        );
        assert.deepEqual(await app.services.outbox.list(), []);
      } finally {
        await app.close();
      }
    } finally {
      await store.cleanup();
    }
  });

  it('two instances on one database drain concurrently and deliver each message exactly once', async (ctx) => {
    const store = await sharedStore();
    try {
      const a = recorder();
      const b = recorder();
      const appA = await store.open(a.delivery, { outboxAutoRun: false });
      const appB = await store.open(b.delivery, { outboxAutoRun: false });
      try {
        const n = 40;
        for (let i = 0; i < n; i++) await post(i % 2 ? appA : appB, '/sdk/v1/otps/email/login_or_create', { email: `twin-${i}@example.com` });
        await Promise.all([appA.services.outbox.drain(), appB.services.outbox.drain(), appA.services.outbox.drain(), appB.services.outbox.drain()]);
        const all = [...a.sent, ...b.sent].map((m) => m.to).sort();
        assert.equal(all.length, n, `each message once (A sent ${a.sent.length}, B ${b.sent.length})`);
        assert.deepEqual(all, Array.from({ length: n }, (_, i) => `twin-${i}@example.com`).sort());
        assert.deepEqual(await appA.services.outbox.list(), []);
        ctx.diagnostic(`instance A delivered ${a.sent.length}, instance B ${b.sent.length}`);
      } finally {
        await appA.close();
        await appB.close();
      }
    } finally {
      await store.cleanup();
    }
  });

  it('a job that keeps failing is retried 8 times over about an hour, then kept dead with its link scrubbed', async () => {
    const store = await sharedStore();
    try {
      let attempts = 0;
      const app = await store.open({ send: () => Promise.reject(new Error(`attempt ${++attempts} failed`)) }, { outboxAutoRun: false });
      try {
        // A link valid for a day (a code would expire, and an expired message is dropped, before the last try).
        await post(app, '/sdk/v1/magic_links/email/login_or_create', {
          email: 'unlucky@example.com',
          login_magic_link_url: 'http://localhost:3000/a',
          signup_expiration_minutes: 1440,
          code_challenge: 'x'.repeat(43),
        });
        const start = store.clock.t;
        await app.services.outbox.drain();
        for (let n = 1; n < OUTBOX_MAX_ATTEMPTS; n++) {
          store.clock.t += outboxRetryDelayMs(n) - 1;
          await app.services.outbox.drain();
          assert.equal(attempts, n, `not before the backoff of attempt ${n}`);
          store.clock.t += 1;
          await app.services.outbox.drain();
          assert.equal(attempts, n + 1);
        }
        assert.equal(attempts, OUTBOX_MAX_ATTEMPTS);
        assert.equal(Math.round((store.clock.t - start) / 60_000), 64, '30 s + 1 + 2 + 4 + 8 + 16 + 32 min');
        const [dead] = await app.services.db.kysely.selectFrom('outbox_jobs').selectAll().execute();
        assert.equal(dead?.status, 'dead');
        assert.equal(dead?.attempts, OUTBOX_MAX_ATTEMPTS);
        assert.match(dead?.last_error ?? '', /attempt 8 failed/);
        const payload = JSON.parse(dead!.payload) as Record<string, unknown>;
        assert.deepEqual(Object.keys(payload).sort(), ['channel', 'projectId', 'scrubbed', 'subject', 'to']);
        assert.equal(payload.to, 'unlucky@example.com');
        assert.ok(!dead!.payload.includes('token='), 'no link left');
        store.clock.t += 24 * 60 * 60_000;
        await app.services.outbox.drain();
        assert.equal(attempts, OUTBOX_MAX_ATTEMPTS, 'a dead job is never retried');
      } finally {
        await app.close();
      }
    } finally {
      await store.cleanup();
    }
  });

  it('an unsent message whose code has expired is dropped, not sent late', async () => {
    const store = await sharedStore();
    try {
      let fail = true;
      const { sent, delivery } = recorder();
      const app = await store.open({ send: (m) => (fail ? Promise.reject(new Error('down')) : delivery.send(m)) }, { outboxAutoRun: false });
      try {
        await post(app, '/sdk/v1/otps/email/login_or_create', { email: 'late@example.com', expiration_minutes: 1 });
        await app.services.outbox.drain();
        fail = false;
        store.clock.t += 5 * 60_000;
        await app.services.outbox.drain();
        assert.deepEqual(sent, []);
        assert.deepEqual(await app.services.outbox.list(), []);
      } finally {
        await app.close();
      }
    } finally {
      await store.cleanup();
    }
  });

  it('the dev inbox answers only after the due jobs ran', async () => {
    const store = await sharedStore();
    try {
      const slow: Delivery = { send: () => new Promise((r) => setTimeout(r, 50)) };
      const app = await store.open(slow);
      await app.close();
      // Without `delivery`, a test project delivers to its dev inbox; outboxAutoRun false proves the
      // inbox runs the jobs itself.
      const inboxApp = await testApp({ outboxAutoRun: false }, { clock: store.clock });
      try {
        await post(inboxApp, '/sdk/v1/otps/email/login_or_create', { email: 'inbox@example.com' });
        const r = await inboxApp.call('GET', '/dev/inbox.json?to=inbox%40example.com', { auth: false });
        const { messages } = r.json as unknown as InboxResponse;
        assert.equal(messages.length, 1);
        assert.match(messages[0]!.code ?? '', /^\d{6}$/);
      } finally {
        await inboxApp.close();
      }
    } finally {
      await store.cleanup();
    }
  });
});
