/**
 * A backend relays many end users from one address: the end user's IP it reports in
 * `attributes.ip_address` is the client that per-IP limits and lockouts count (docs/reference/security.md),
 * so one user's traffic never throttles or locks the backend out for everyone else. Without it (or with
 * something that is not an IP), the backend's own address is the client. Runs on SQLite, and on Postgres
 * with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type BackendCall, backendCaller } from '../test-backend.ts';
import { type TestApp, testApp } from '../test-helpers.ts';

describe('backend calls: the end user IP in attributes keys the per-IP limits', () => {
  let t: TestApp;
  let v1: BackendCall;
  before(async () => {
    t = await testApp({ rateLimits: { sendPerIp: { max: 2, windowMs: 10 * 60_000 } } });
    ({ v1 } = await backendCaller(t));
  });
  after(() => t.close());

  const send = (n: string, ip?: string) =>
    v1('/v1/otps/email/login_or_create', { email: `ip-${n}@example.com`, ...(ip === undefined ? {} : { attributes: { ip_address: ip } }) });

  it("one end user's sends reach the per-IP limit; another end user through the same backend is not held back", async () => {
    assert.equal((await send('a1', '203.0.113.7')).status, 200);
    assert.equal((await send('a2', '203.0.113.7')).status, 200);
    const third = await send('a3', '203.0.113.7');
    assert.equal(third.status, 429);
    assert.equal(third.json.error_type, 'too_many_requests');
    assert.equal((await send('b1', '2001:db8::42')).status, 200);
  });

  it("without an IP (or with one that is not an address) the backend's own address is the client", async () => {
    assert.equal((await send('c1')).status, 200);
    assert.equal((await send('c2', 'not-an-ip')).status, 200);
    assert.equal((await send('c3')).status, 429);
    // The end users it reports keep their own windows.
    assert.equal((await send('d1', '198.51.100.9')).status, 200);
  });
});
