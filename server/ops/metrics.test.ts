/** Prometheus metrics (issue 18): what a scrape shows after real traffic, and who may scrape. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createApp } from '../app.ts';
import { startServer } from '../start.ts';
import { login, sendOtp, type TestApp, tempDir, testApp, wrongCode } from '../test-helpers.ts';
import { signInMethodOf } from './metrics.ts';

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const want = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort();
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = m[2]!.split(/,(?=[a-z_]+=)/).sort();
    if (want.every((w) => got.includes(w))) return Number(m[3]);
  }
  return undefined;
}

const scrape = async (t: TestApp, headers: Record<string, string> = {}) => {
  const r = await t.call('GET', '/metrics', { auth: false, headers });
  return { status: r.status, text: String(r.json.text ?? '') };
};

describe('metrics', () => {
  it('counts requests, latency, sign-ins and failures per method, sends per channel, rate-limit refusals, lockouts, queue depth, pool', async () => {
    const t = await testApp({ metrics: true, metricsLoopbackWithoutToken: true, rateLimits: { sendPerRecipient: { max: 12, windowMs: 600_000 } } });
    try {
      await login(t, 'metrics@example.com');
      const bad = await sendOtp(t, 'metrics@example.com');
      await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: wrongCode(bad.code), method_id: bad.methodId } });
      // A lockout: ten failures in a row (the first code dies after five guesses).
      const email = 'locked@example.com';
      let last = await sendOtp(t, email);
      for (let i = 1; i <= 10; i++) {
        if (i === 6) last = await sendOtp(t, email);
        await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: wrongCode(last.code), method_id: last.methodId } });
      }
      // A rate-limit refusal: the per-address send limit (12 per 10 minutes) is reached.
      let refused = 0;
      for (let i = 0; i < 13; i++) {
        const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'flood@example.com' } });
        if (r.json.error_type === 'too_many_requests') refused++;
      }
      assert.equal(refused, 1);
      await t.services.outbox.drain();

      const { status, text } = await scrape(t);
      assert.equal(status, 200);
      const route = '/sdk/v1/otps/authenticate';
      assert.equal(sample(text, 'auth_http_requests_total', { method: 'POST', route, status: '200' }), 1);
      assert.ok((sample(text, 'auth_http_request_duration_seconds_count', { method: 'POST', route, status: '200' }) ?? 0) >= 1);
      assert.equal(sample(text, 'auth_sign_ins_total', { method: 'otps', outcome: 'success' }), 1);
      assert.equal(sample(text, 'auth_sign_ins_total', { method: 'otps', outcome: 'failure' }), 11);
      assert.equal(sample(text, 'auth_lockouts_total', { route }), 1);
      assert.equal(sample(text, 'auth_rate_limited_total', { route: '/sdk/v1/otps/email/login_or_create' }), 1);
      // 3 + 12 sends went out through the dev inbox (channel email).
      assert.equal(sample(text, 'auth_sends_total', { channel: 'email', outcome: 'sent' }), 16);
      assert.equal(sample(text, 'auth_outbox_jobs', { status: 'pending' }), 0);
      assert.equal(sample(text, 'auth_db_pool_connections', { state: 'total' }) !== undefined, true);
      // Raw paths never become labels.
      assert.ok(!text.includes(t.publicToken));
    } finally {
      await t.close();
    }
  });

  it('is off by default, and with METRICS=on refuses a forwarded (proxied) caller without the token', async () => {
    const off = await testApp();
    try {
      assert.equal((await scrape(off)).status, 404);
    } finally {
      await off.close();
    }
    const token = 'metrics-token-0123456789abcdef';
    const t = await testApp({ metrics: true, metricsToken: token });
    try {
      assert.equal((await scrape(t, { 'x-forwarded-for': '203.0.113.9' })).status, 404);
      assert.equal((await scrape(t, { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer wrong' })).status, 404);
      assert.equal((await scrape(t, { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${token}` })).status, 200);
      // A loopback caller needs the token too (a same-host proxy may add no X-Forwarded-For).
      assert.equal((await scrape(t)).status, 404);
      assert.equal((await scrape(t, { authorization: `Bearer ${token}` })).status, 200);
    } finally {
      await t.close();
    }
  });

  it('METRICS=on with neither a token nor the loopback opt-out refuses to start', async () => {
    // Refused before the database is opened: nothing to clean up.
    await assert.rejects(createApp({ metrics: true, dataDir: ':memory:' }), /metricsToken \(METRICS_TOKEN\)/);
  });

  it('METRICS_PORT serves /metrics on its own port only', async () => {
    const tmp = tempDir();
    const srv = await startServer({ port: 0, metricsPort: 0, dataDir: tmp.dir, logger: () => undefined });
    try {
      assert.ok(srv.metricsPort);
      await fetch(`${srv.url}/healthz`);
      const r = await fetch(`http://127.0.0.1:${srv.metricsPort}/metrics`);
      assert.equal(r.status, 200);
      assert.match(await r.text(), /auth_http_requests_total\{method="GET",route="\/healthz",status="200"\} 1/);
      assert.equal((await fetch(`${srv.url}/metrics`)).status, 404);
      assert.equal((await fetch(`http://127.0.0.1:${srv.metricsPort}/other`)).status, 404);
    } finally {
      await srv.close();
      tmp.cleanup();
    }
  });

  it('names the sign-in method of authenticate routes, never sessions/authenticate', () => {
    assert.equal(signInMethodOf('/sdk/v1/otps/authenticate'), 'otps');
    assert.equal(signInMethodOf('/sdk/v1/webauthn/authenticate'), 'webauthn');
    assert.equal(signInMethodOf('/sdk/v1/oauth/authenticate'), 'oauth');
    assert.equal(signInMethodOf('/sdk/v1/sessions/authenticate'), null);
    assert.equal(signInMethodOf('/sdk/v1/otps/email/login_or_create'), null);
  });
});
