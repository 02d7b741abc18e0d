import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SDK_VERSION } from './version.ts';
import { Telemetry, TELEMETRY_BATCH_SIZE, TELEMETRY_FLUSH_MS, TELEMETRY_MAX_QUEUE, TELEMETRY_SEND_TIMEOUT_MS, type TelemetryEvent } from './telemetry.ts';
import { eventually, FakeClock } from './test-support.ts';

function setup(send: (events: TelemetryEvent[], signal: AbortSignal) => Promise<void>, sendTimeoutMs?: number) {
  const clock = new FakeClock();
  const t = new Telemetry({
    publicToken: 'public-token-test-t',
    persistentId: 'persistent-id-1',
    send,
    identity: () => ({ userId: 'user-1', sessionId: 'session-1' }),
    clock,
    ...(sendTimeoutMs !== undefined ? { sendTimeoutMs } : {}),
  });
  return { t, clock };
}

describe('telemetry (docs/reference/sdk.md#telemetry, docs/reference/constants.md#client-sdk)', () => {
  it('flushes as soon as 15 events are queued', () => {
    const batches: TelemetryEvent[][] = [];
    const { t } = setup(async (b) => {
      batches.push(b);
    });
    for (let i = 0; i < TELEMETRY_BATCH_SIZE - 1; i++) t.log('render_login_screen');
    assert.equal(batches.length, 0);
    t.log('email_sent', { n: 15 });
    assert.equal(batches.length, 1);
    assert.equal(batches[0]!.length, 15);
    assert.deepEqual(batches[0]![14]!.event, { public_token: 'public-token-test-t', event_name: 'email_sent', details: { n: 15 } });
  });

  it('flushes what is queued every 800 ms', () => {
    const batches: TelemetryEvent[][] = [];
    const { t, clock } = setup(async (b) => {
      batches.push(b);
    });
    t.log('sdk_instance_instantiated');
    t.log('render_login_screen');
    clock.advance(TELEMETRY_FLUSH_MS - 1);
    assert.equal(batches.length, 0);
    clock.advance(1);
    assert.deepEqual(
      batches.map((b) => b.map((e) => e.event.event_name)),
      [['sdk_instance_instantiated', 'render_login_screen']],
    );
    assert.equal(clock.pending, 0, 'no timer left when the queue is empty');
  });

  it('describes the client in every event (docs/reference/wire-protocol.md#events-endpoint telemetry fields)', () => {
    const { t } = setup(async () => undefined);
    const f = t.fields();
    assert.match(f.event_id, /^event-id-/);
    assert.match(f.app_session_id, /^app-session-id-/);
    assert.equal(f.persistent_id, 'persistent-id-1');
    assert.ok(!Number.isNaN(Date.parse(f.client_sent_at)));
    assert.equal(typeof f.timezone, 'string');
    assert.deepEqual(f.sdk, { identifier: 'auth-elements', version: SDK_VERSION });
    assert.equal(f.stytch_user_id, 'user-1');
    assert.equal(f.stytch_session_id, 'session-1');
    assert.deepEqual(JSON.parse(Buffer.from(t.header(), 'base64').toString('utf8')).sdk.version, '5.34.0');
  });

  it('survives a collector that throws or rejects, and keeps the queue bounded', async () => {
    let calls = 0;
    const { t, clock } = setup(() => {
      calls++;
      if (calls % 2) throw new Error('collector exploded');
      return Promise.reject(new Error('collector down'));
    });
    for (let i = 0; i < 1000; i++) {
      assert.doesNotThrow(() => t.log('render_login_screen'));
      assert.ok(t.pending <= TELEMETRY_MAX_QUEUE);
      if (i % 100 === 0) await new Promise((r) => setImmediate(r));
    }
    for (let i = 0; i < 10 && t.pending > 0; i++) {
      await new Promise((r) => setImmediate(r));
      clock.advance(TELEMETRY_FLUSH_MS);
    }
    assert.equal(t.pending, 0);
    assert.ok(calls >= Math.ceil(TELEMETRY_MAX_QUEUE / TELEMETRY_BATCH_SIZE), `${calls} sends`);
  });

  it('keeps one send in flight: a hanging collector gets no second request, and the queue stays bounded', async () => {
    const releases: (() => void)[] = [];
    const batches: TelemetryEvent[][] = [];
    const { t, clock } = setup((b) => {
      batches.push(b);
      return new Promise<void>((r) => releases.push(r));
    });
    for (let i = 0; i < 500; i++) {
      t.log('render_login_screen', { i });
      if (i % 10 === 0) clock.advance(TELEMETRY_FLUSH_MS);
    }
    assert.equal(batches.length, 1, 'one request, however many flushes came due');
    assert.equal(t.sending, true);
    assert.equal(t.pending, TELEMETRY_MAX_QUEUE, 'the oldest events were dropped');
    // The newest events are the ones kept.
    releases.shift()!();
    await eventually(() => batches.length === 2, 'next batch after the first answered');
    assert.deepEqual(batches[1]![0]!.event.details, { i: 500 - TELEMETRY_MAX_QUEUE });
    assert.equal(t.pending, TELEMETRY_MAX_QUEUE - TELEMETRY_BATCH_SIZE);
  });

  it('cancels a send that outlives its timeout and moves on, even if the send ignores the signal', async () => {
    assert.equal(TELEMETRY_SEND_TIMEOUT_MS, 10_000);
    const signals: AbortSignal[] = [];
    const { t, clock } = setup((_b, signal) => {
      signals.push(signal);
      return new Promise<void>(() => undefined); // never settles, ignores the abort
    }, 30);
    t.log('sdk_instance_instantiated');
    clock.advance(TELEMETRY_FLUSH_MS);
    assert.equal(signals.length, 1);
    t.log('render_login_screen');
    clock.advance(TELEMETRY_FLUSH_MS);
    assert.equal(signals.length, 1, 'still waiting for the first');
    await eventually(() => signals[0]!.aborted, 'first send aborted after 30 ms');
    await eventually(() => t.sending === false, 'given up on');
    clock.advance(TELEMETRY_FLUSH_MS);
    assert.equal(signals.length, 2, 'the queued event went out after the timeout');
  });
});
