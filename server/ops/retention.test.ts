/** Retention (issue 18): the pruning tick deletes what is past its period, and keeps what is not. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_RETENTION, pruneOnce } from '../prune.ts';
import { login, sendOtp, testApp } from '../test-helpers.ts';
import { opsOptionsFromEnv } from './startup.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('retention', () => {
  it('deletes expired codes, links, challenges, old sessions, events and dev inbox messages after their periods', async () => {
    const t = await testApp({ bootstrap: { pkce_required_for_email_magic_links: false } });
    const k = t.services.db.kysely;
    const count = async (table: 'otps' | 'magic_links' | 'sessions' | 'dev_messages' | 'events' | 'webauthn_challenges') =>
      Number(
        (
          await k
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    try {
      const { token } = await login(t, 'kept@example.com', 60);
      await sendOtp(t, 'pending@example.com');
      await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', {
        body: { email: 'link@example.com', login_magic_link_url: 'http://localhost:3000/a', signup_magic_link_url: 'http://localhost:3000/a' },
      });
      await t.call('POST', '/sdk/v1/webauthn/register/start', { body: { domain: 'localhost' }, secret: token });
      await t.call('POST', '/sdk/v1/events', { body: { events: [{ telemetry: {}, event: { event_name: 'x', details: {} } }] } });
      await t.services.outbox.drain();
      const before = { otps: await count('otps'), links: await count('magic_links'), sessions: await count('sessions'), inbox: await count('dev_messages') };
      assert.ok(before.otps >= 2 && before.links === 1 && before.sessions === 1 && before.inbox === 3, JSON.stringify(before));

      // Everything has expired (codes 10 min, links 1 h, the session 1 h) but is still inside its period.
      t.advance(2 * HOUR);
      assert.deepEqual(await pruneOnce(t.services), {});

      // A day after expiry: codes, links, challenges and dev inbox messages go; the session stays 30 days.
      t.advance(DEFAULT_RETENTION.expiredMs);
      const report = await pruneOnce(t.services);
      assert.equal(report.otps, before.otps);
      assert.equal(report.magic_links, 1);
      assert.equal(report.dev_messages, 3);
      assert.equal(await count('otps'), 0);
      assert.equal(await count('webauthn_challenges'), 0);
      assert.equal(await count('sessions'), 1);

      t.advance(DEFAULT_RETENTION.sessionsMs);
      const later = await pruneOnce(t.services);
      assert.equal(later.sessions, 1);
      assert.equal(await count('events'), 0);
    } finally {
      await t.close();
    }
  });

  it('periods are configurable: RETENTION_EXPIRED_HOURS=1 prunes an expired code after one hour', async () => {
    const opts = opsOptionsFromEnv({ RETENTION_EXPIRED_HOURS: '1', RETENTION_SESSIONS_DAYS: '2', RETENTION_EVENTS_DAYS: '3', RETENTION_DEV_INBOX_HOURS: '4' });
    assert.deepEqual(opts.prune?.retention, { expiredMs: HOUR, sessionsMs: 2 * DAY, eventsMs: 3 * DAY, devInboxMs: 4 * HOUR });
    const t = await testApp();
    try {
      await sendOtp(t, 'short@example.com');
      t.advance(10 * 60_000 + HOUR + 1);
      const report = await pruneOnce(t.services, opts.prune);
      assert.equal(report.otps, 1);
      assert.equal(report.dev_messages, undefined, 'the inbox keeps 4 hours');
    } finally {
      await t.close();
    }
  });
});
