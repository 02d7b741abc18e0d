/**
 * Several processes (WORKERS, or instances behind a balancer) share one database: a send limit counted
 * through one app instance holds through another, so N processes do not allow N times the limit
 * (rate-limit.ts counts in `rate_counters`). SQLite, and Postgres with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestApp, testApp, type TestStore, testStore } from './test-helpers.ts';

describe('send limits across app instances on one database', () => {
  let store: TestStore;
  let a: TestApp;
  let b: TestApp;
  const clock = { t: Date.UTC(2030, 0, 1, 12, 0, 0) };
  const limits = { rateLimits: { sendPerRecipient: { max: 2, windowMs: 600_000 } } };
  before(async () => {
    store = await testStore();
    a = await testApp(limits, { store, clock });
    b = await testApp(limits, { store, clock });
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await store?.cleanup();
  });

  it('two sends through different instances use up a limit of 2: the third is refused by either', async () => {
    const send = (t: TestApp) => t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'shared-limit@example.com' } });
    assert.equal((await send(a)).status, 200);
    assert.equal((await send(b)).status, 200);
    for (const t of [a, b]) {
      const r = await send(t);
      assert.equal(r.status, 429);
      assert.equal(r.json.error_type, 'too_many_requests');
    }
  });
});
