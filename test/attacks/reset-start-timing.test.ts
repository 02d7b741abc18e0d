/**
 * Attack: `passwords/email/reset/start` answered in ~250 ms for a known address with real SMTP and in
 * ~4 ms for an unknown one, so its answer time told which addresses have accounts. Now the request does
 * the same work for every address (validation, limits, one outbox job) and the lookup, token and email
 * happen in the outbox worker (docs/reference/security.md#email-syntax: sends leave the request path).
 *
 * Asserted structurally (no wall-clock numbers): the request delivers nothing and writes the same rows
 * for a known and an unknown address. The measured medians with an SMTP server that takes 200 ms per
 * message are printed as a diagnostic.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { type TestApp, testApp } from '../../server/test-helpers.ts';
import { type CapturedSmtp, captureSmtp } from '../../server/test-smtp.ts';
import { findOrCreateUserByEmail } from '../../server/users.ts';

const code_challenge = createHash('sha256').update('v'.repeat(64)).digest('base64url');
const RESET_URL = 'http://localhost:3000/reset';
const TABLES = ['outbox_jobs', 'magic_links', 'rate_counters', 'users', 'emails', 'dev_messages', 'sessions', 'otps'] as const;

/** Row counts of the tables a send could touch. */
async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await t.services.db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

describe('reset/start answers known and unknown addresses alike', () => {
  let smtp: CapturedSmtp;
  let smtpUrl = '';
  /** The recipients of the messages accepted so far (clear it with `smtp.received.length = 0`). */
  const delivered = () => smtp.received.flatMap((m) => m.to);

  before(async () => {
    // A real SMTP server that takes 200 ms to accept each message.
    smtp = await captureSmtp({ acceptDelayMs: 200 });
    smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
  });
  after(() => smtp.close());

  it('the request delivers nothing and writes the same rows (one outbox job) for known and unknown addresses', async () => {
    // outboxAutoRun false: nothing runs the job behind the test's back while it counts rows.
    const t = await testApp({ smtpUrl, outboxAutoRun: false });
    try {
      await findOrCreateUserByEmail(t.services, 'known@example.com');
      const call = (email: string) =>
        t.call('POST', '/sdk/v1/passwords/email/reset/start', { body: { email, reset_password_redirect_url: RESET_URL, code_challenge } });
      // Warm the per-project and per-IP counters, so both measured calls find them.
      await call('warm-up@example.com');
      const diffs: Record<string, number>[] = [];
      const answers: unknown[] = [];
      for (const email of ['known@example.com', 'unknown@example.com']) {
        const before = await rowCounts(t);
        const r = await call(email);
        assert.equal(r.status, 200);
        answers.push(Object.keys(r.json.data!).sort());
        const after = await rowCounts(t);
        diffs.push(Object.fromEntries(TABLES.map((k) => [k, after[k]! - before[k]!])));
      }
      assert.deepEqual(answers[0], answers[1], 'the same answer');
      assert.deepEqual(diffs[0], diffs[1], 'the same writes');
      assert.equal(diffs[0]!.outbox_jobs, 1, 'exactly one job each');
      assert.equal(diffs[0]!.magic_links, 0, 'no token issued in the request');
      assert.deepEqual(delivered(), [], 'no delivery in the request');
      const jobs = await t.services.outbox.list();
      assert.deepEqual(
        jobs.map((j) => [j.kind, j.to]),
        Array(3).fill(['password_reset', null]),
        'the jobs say nothing about the address either',
      );

      // The worker does the per-address work: the known address gets its link, the unknown one nothing.
      await t.services.outbox.drain();
      assert.deepEqual(delivered(), ['known@example.com']);
      assert.deepEqual(await t.services.outbox.list(), [], 'both jobs are gone: delivered, or nothing to send');
      const links = await t.services.db.kysely.selectFrom('magic_links').select(['email', 'kind']).execute();
      assert.deepEqual(links, [{ email: 'known@example.com', kind: 'reset_password' }]);
    } finally {
      await t.close();
    }
  });

  it('diagnostic: answer-time medians with a 200 ms SMTP server (not asserted)', async (ctx) => {
    smtp.received.length = 0;
    const t = await testApp({ smtpUrl });
    try {
      const rounds = 15;
      for (let i = 0; i < rounds; i++) await findOrCreateUserByEmail(t.services, `known-${i}@example.com`);
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < rounds; i++) {
        for (const [list, email] of [
          [known, `known-${i}@example.com`],
          [unknown, `unknown-${i}@example.com`],
        ] as const) {
          const started = performance.now();
          const r = await t.call('POST', '/sdk/v1/passwords/email/reset/start', { body: { email, reset_password_redirect_url: RESET_URL, code_challenge } });
          list.push(performance.now() - started);
          assert.equal(r.status, 200);
        }
      }
      await t.services.outbox.drain();
      assert.equal(delivered().length, rounds, 'every known address got its email, no unknown one did');
      const line = `reset/start median answer time with a 200 ms SMTP server: known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms (${rounds} each)`;
      ctx.diagnostic(line);
      console.log(line);
    } finally {
      await t.close();
    }
  });
});
