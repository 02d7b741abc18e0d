/**
 * Attack (issue 10, item 4): `POST /sdk/v1/events` takes unauthenticated batches (docs/reference/wire-protocol.md#events-endpoint), and 300
 * batches of 100 events from one address grew the database by 21 MB in 2 s. Now: batches per IP and
 * per public token are limited (429), a batch holds at most 50 events of at most 2 KB details /
 * telemetry each, rows stored per project per window are capped (beyond it the answer is the usual
 * one and nothing is stored), and a timer prunes rows past the 7-day retention.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EVENTS_MAX_BATCH } from '../../sdk-core/schemas/index.ts';
import { EVENT_RETENTION_MS } from '../../server/prune.ts';
import { TELEMETRY_DETAILS_MAX_BYTES } from '../../server/routes/project.ts';
import { type TestApp, testApp } from '../../server/test-helpers.ts';

const event = (publicToken: string, details: Record<string, unknown> = { screen: 'main' }) => ({
  telemetry: {
    event_id: 'event-id-1',
    app_session_id: 'app-session-id-1',
    app: { identifier: 'localhost' },
    sdk: { identifier: 'auth-elements', version: '5.34.0' },
  },
  event: { public_token: publicToken, event_name: 'render_login_screen', details },
});
const batch = (publicToken: string, n: number) => Array.from({ length: n }, () => event(publicToken));

/** Stored telemetry: rows and the bytes of their JSON columns. */
async function stored(t: TestApp): Promise<{ rows: number; bytes: number }> {
  const rows = await t.services.db.kysely.selectFrom('events').select(['details', 'telemetry', 'event_name']).execute();
  return { rows: rows.length, bytes: rows.reduce((n, r) => n + r.details.length + r.telemetry.length + r.event_name.length, 0) };
}

describe('attack: telemetry flood on POST /sdk/v1/events', () => {
  describe('default limits', () => {
    let t: TestApp;
    before(async () => {
      t = await testApp();
    });
    after(() => t.close());

    it('the original flood (300 batches of 100 events, one address) stores nothing: batches over 50 events are refused', async () => {
      const statuses = new Set<number>();
      for (let i = 0; i < 300; i++) {
        const r = await t.call('POST', '/sdk/v1/events', { body: batch(t.publicToken, 100), auth: false });
        statuses.add(r.status);
        assert.ok(r.status === 400 || r.status === 429, `batch ${i}: ${r.status}`);
      }
      assert.deepEqual([...statuses].sort(), [400, 429], 'refused as too long, then by the per-IP limit');
      assert.deepEqual(await stored(t), { rows: 0, bytes: 0 });
    });

    it('the same flood in legal batches of 50 stops at 60 batches per IP a minute; over the limit the body is not even read', async () => {
      t.advance(60_000);
      let accepted = 0;
      for (let i = 0; i < 300; i++) {
        const r = await t.call('POST', '/sdk/v1/events', { body: batch(t.publicToken, EVENTS_MAX_BATCH), auth: false });
        if (r.status === 200) accepted += 1;
        else {
          assert.equal(r.status, 429);
          assert.equal(r.json.error_type, 'too_many_requests');
        }
      }
      assert.equal(accepted, 60);
      assert.equal((await stored(t)).rows, 60 * EVENTS_MAX_BATCH);
      // Refused before the body is parsed: malformed JSON still gets the 429.
      const raw = await t.call('POST', '/sdk/v1/events', { raw: '[{', auth: false });
      assert.equal(raw.status, 429);
      // The next window opens again.
      t.advance(60_000);
      assert.equal((await t.call('POST', '/sdk/v1/events', { body: batch(t.publicToken, 1), auth: false })).status, 200);
    });

    it('oversized events are refused naming the field; a batch of other projects stores nothing', async () => {
      t.advance(60_000);
      const before = await stored(t);
      const big = { blob: 'x'.repeat(TELEMETRY_DETAILS_MAX_BYTES) };
      const r = await t.call('POST', '/sdk/v1/events', { body: [event(t.publicToken), event(t.publicToken, big)], auth: false });
      assert.equal(r.status, 400);
      assert.equal(r.json.error_type, 'invalid_request_body');
      assert.deepEqual(r.json.body, [{ dataPath: '[1].event.details', message: `must be at most ${TELEMETRY_DETAILS_MAX_BYTES} bytes as JSON` }]);
      const fat = { ...event(t.publicToken), telemetry: { pad: 'y'.repeat(TELEMETRY_DETAILS_MAX_BYTES) } };
      const fatR = await t.call('POST', '/sdk/v1/events', { body: [fat], auth: false });
      assert.equal(fatR.json.error_type, 'invalid_request_body');
      assert.equal((fatR.json.body as { dataPath: string }[])[0]?.dataPath, '[0].telemetry');
      const foreign = await t.call('POST', '/sdk/v1/events', { body: batch('public-token-test-someone-else', 10), auth: false });
      assert.equal(foreign.status, 200);
      assert.deepEqual(await stored(t), before);
    });
  });

  it('from many addresses: stored rows stop at the per-project cap, answers stay 200, the table stays small', async () => {
    const cap = 500;
    const t = await testApp({ trustProxy: true, rateLimits: { eventsStoredPerProject: { max: cap, windowMs: 24 * 60 * 60 * 1000 } } });
    try {
      for (let i = 0; i < 300; i++) {
        const r = await t.call('POST', '/sdk/v1/events', {
          body: batch(t.publicToken, EVENTS_MAX_BATCH),
          auth: false,
          headers: { 'x-forwarded-for': `203.0.113.${i % 250}, 10.0.0.1` },
        });
        // 300 batches stay under the per-token limit (1200 a minute): every answer is the protocol's 200.
        assert.equal(r.status, 200, `batch ${i}: ${JSON.stringify(r.json)}`);
      }
      const s = await stored(t);
      assert.equal(s.rows, cap, '15,000 events sent, the cap stored');
      assert.ok(s.bytes < cap * 1024, `${s.bytes} bytes stored`);
      // The next day's window has room again.
      t.advance(24 * 60 * 60 * 1000);
      await t.call('POST', '/sdk/v1/events', { body: batch(t.publicToken, 5), auth: false, headers: { 'x-forwarded-for': '198.51.100.7' } });
      assert.equal((await stored(t)).rows, cap + 5);
    } finally {
      await t.close();
    }
  });

  it('per public token: 1200 batches a minute from anywhere, then 429', async () => {
    const t = await testApp({ trustProxy: true, rateLimits: { eventBatchesPerToken: { max: 20, windowMs: 60_000 } } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 25; i++) {
        codes.push(
          (await t.call('POST', '/sdk/v1/events', { body: batch(t.publicToken, 1), auth: false, headers: { 'x-forwarded-for': `192.0.2.${i}` } })).status,
        );
      }
      assert.deepEqual(codes, [...Array(20).fill(200), ...Array(5).fill(429)]);
      assert.equal((await stored(t)).rows, 20);
    } finally {
      await t.close();
    }
  });

  it('a timer prunes rows past the retention (by the injected clock), keeps fresh ones, and stops on close', async () => {
    const lines: string[] = [];
    const t = await testApp({ pruneIntervalMs: 20, logger: (l) => lines.push(l) });
    try {
      assert.equal((await t.call('POST', '/sdk/v1/events', { body: batch(t.publicToken, 10), auth: false })).status, 200);
      t.advance(EVENT_RETENTION_MS - 60_000);
      assert.equal((await t.call('POST', '/sdk/v1/events', { body: batch(t.publicToken, 3), auth: false })).status, 200);
      assert.equal((await stored(t)).rows, 13);
      t.advance(2 * 60_000);
      // No request comes in: the timer alone deletes the 10 old rows (poll, bounded).
      let rows = 13;
      for (let i = 0; i < 200 && rows !== 3; i++) {
        await new Promise((r) => setTimeout(r, 10));
        rows = (await stored(t)).rows;
      }
      assert.equal(rows, 3, 'the old rows are gone, the fresh ones stay');
    } finally {
      await t.close();
    }
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(
      lines.filter((l) => l.includes('"level":"error"')),
      [],
      'no pruning run after close',
    );
  });
});
