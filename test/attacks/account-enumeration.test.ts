/**
 * Account enumeration. By the provider's protocol users/search, send/primary (email_not_found) and
 * `user_created` tell whether an address has an account; that stays the default. A project can turn on
 * enumeration protection (`enumeration_protection`, ENUMERATION_PROTECTION, createApp's
 * enumerationProtection) and then those answers are the same for every address. users/search is
 * rate-limited per client IP at all times (30 per minute by default), so it is no bulk oracle either way.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { InboxMessage } from '../../sdk-core/schemas/index.ts';
import { readLiveProjectFile } from '../../server/project/file.ts';
import { DEFAULT_RATE_LIMITS } from '../../server/rate-limit.ts';
import { type CallResult, type TestApp, login, tempDir, testApp } from '../../server/test-helpers.ts';

const code_challenge = createHash('sha256').update('v'.repeat(64)).digest('base64url');
const URL_OK = 'http://localhost:3000/authenticate';
const PASSWORD = 'violet-Harbor-quietly-47';

async function inbox(t: TestApp, to: string): Promise<InboxMessage[]> {
  return (await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(to)}`)).json.messages as InboxMessage[];
}

/** An answer with its request id blanked and its ids reduced to their shape, for comparing two answers. */
function shape(r: CallResult): unknown {
  const data = { ...(r.json.data ?? r.json) } as Record<string, unknown>;
  delete data.request_id;
  for (const [k, v] of Object.entries(data))
    if (typeof v === 'string' && k.endsWith('_id')) data[k] = v.replace(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, '<uuid v4>');
  return { status: r.status, data };
}

/** A project with one password user, one passwordless user, and an unknown address. */
async function seeded(t: TestApp) {
  assert.equal((await t.call('POST', '/sdk/v1/passwords', { body: { email: 'pw-user@example.com', password: PASSWORD } })).status, 200);
  await login(t, 'otp-user@example.com');
  await t.call('DELETE', '/dev/inbox.json');
  return { password: 'pw-user@example.com', passwordless: 'otp-user@example.com', unknown: 'nobody@example.com' };
}

describe('enumeration: the protocol by default', () => {
  it('users/search, send/primary and user_created tell known from unknown addresses', async () => {
    const t = await testApp();
    try {
      const a = await seeded(t);
      const search = async (email: string) => (await t.call('POST', '/sdk/v1/users/search', { body: { email } })).json.data!.userType;
      assert.deepEqual([await search(a.password), await search(a.passwordless), await search(a.unknown)], ['password', 'passwordless', 'new']);
      assert.equal((await t.call('POST', '/sdk/v1/otps/email/send/primary', { body: { email: a.unknown } })).json.error_type, 'email_not_found');
      assert.equal(
        (await t.call('POST', '/sdk/v1/magic_links/email/send/primary', { body: { email: a.unknown, login_magic_link_url: URL_OK, code_challenge } })).json
          .error_type,
        'email_not_found',
      );
      assert.equal((await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'fresh@example.com' } })).json.data!.user_created, true);
    } finally {
      await t.close();
    }
  });
});

describe('enumeration protection', () => {
  it('users/search answers the same for every address (the sign-in screen, flagged)', async () => {
    const t = await testApp({ enumerationProtection: true });
    try {
      const a = await seeded(t);
      const answers = await Promise.all(
        [a.password, a.passwordless, a.unknown].map(async (email) => shape(await t.call('POST', '/sdk/v1/users/search', { body: { email } }))),
      );
      assert.deepEqual(answers[0], { status: 200, data: { userType: 'password', enumeration_protected: true, status_code: 200 } });
      assert.deepEqual(answers[1], answers[0]);
      assert.deepEqual(answers[2], answers[0]);
    } finally {
      await t.close();
    }
  });

  it('send/primary answers 200 with stable ids for unknown addresses and sends them nothing; known ones get their message', async () => {
    const t = await testApp({ enumerationProtection: true, trustProxy: true });
    try {
      const a = await seeded(t);
      for (const [path, extra] of [
        ['/sdk/v1/otps/email/send/primary', {}],
        ['/sdk/v1/magic_links/email/send/primary', { login_magic_link_url: URL_OK, code_challenge }],
      ] as const) {
        const known = await t.call('POST', path, { body: { email: a.passwordless, ...extra } });
        const unknown = await t.call('POST', path, { body: { email: a.unknown, ...extra } });
        assert.deepEqual(shape(unknown), shape(known), path);
        const again = await t.call('POST', path, { body: { email: a.unknown, ...extra } });
        assert.equal(again.json.data!.user_id, unknown.json.data!.user_id, 'the same ids on every call, like a real account');
        assert.equal(again.json.data!.email_id, unknown.json.data!.email_id);
      }
      assert.equal((await inbox(t, a.unknown)).length, 0, 'nothing sent to the unknown address');
      const got = await inbox(t, a.passwordless);
      assert.equal(got.length, 2, 'the known address got its passcode and its link');
      // The known user's passcode works with the method id the send answered.
      const send = await t.call('POST', '/sdk/v1/otps/email/send/primary', { body: { email: a.passwordless } });
      const code = (await inbox(t, a.passwordless))[0]!.code!;
      const auth = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: code, method_id: send.json.data!.method_id } });
      assert.equal(auth.status, 200, JSON.stringify(auth.json));
      // A guess against an unknown address's decoy method id fails like a wrong code.
      const decoy = await t.call('POST', '/sdk/v1/otps/email/send/primary', { body: { email: a.unknown } });
      const wrong = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: '123456', method_id: decoy.json.data!.method_id } });
      assert.equal(wrong.json.error_type, 'otp_code_not_found');
      // Phone numbers too.
      const phone = await t.call('POST', '/sdk/v1/otps/sms/send/primary', { body: { phone_number: '+14155550123' } });
      assert.equal(phone.status, 200);
      assert.match(String(phone.json.data!.phone_id), /^phone-number-test-/);
    } finally {
      await t.close();
    }
  });

  it('send/primary does the same work in the request for known and unknown addresses: one job, no message', async () => {
    const t = await testApp({ enumerationProtection: true, outboxAutoRun: false });
    try {
      const a = await seeded(t);
      await t.services.outbox.drain();
      const otpRows = async () => (await t.services.db.kysely.selectFrom('otps').select('otp_id').execute()).length;
      for (const [email, issued] of [
        [a.passwordless, 1],
        [a.unknown, 0],
      ] as const) {
        const before = await otpRows();
        await t.call('POST', '/sdk/v1/otps/email/send/primary', { body: { email } });
        const jobs = await t.services.outbox.list();
        assert.deepEqual(
          jobs.map((j) => [j.kind, j.to]),
          [['otp_primary', null]],
          email,
        );
        assert.equal(await otpRows(), before, 'no code issued in the request');
        await t.services.outbox.drain();
        assert.equal(await otpRows(), before + issued, 'the job issues one only for an account');
      }
    } finally {
      await t.close();
    }
  });

  it('user_created is always false', async () => {
    const t = await testApp({ enumerationProtection: true });
    try {
      for (const [path, body] of [
        ['/sdk/v1/otps/email/login_or_create', { email: 'new1@example.com' }],
        ['/sdk/v1/magic_links/email/login_or_create', { email: 'new2@example.com', login_magic_link_url: URL_OK, code_challenge }],
        ['/sdk/v1/otps/sms/login_or_create', { phone_number: '+14155550124' }],
        ['/sdk/v1/otps/whatsapp/login_or_create', { phone_number: '+14155550125' }],
      ] as const) {
        const r = await t.call('POST', path, { body });
        assert.equal(r.status, 200, path);
        assert.equal(r.json.data!.user_created, false, path);
      }
    } finally {
      await t.close();
    }
  });

  it('a live project file turns it on with enumeration_protection', async () => {
    const dir = tempDir();
    try {
      const file = `${dir.dir}/project.json`;
      writeFileSync(
        file,
        JSON.stringify({ public_token: 'public-token-live-0123456789abcdef', project_name: 'Live', allowed_origins: [], enumeration_protection: true }),
      );
      const t = await testApp({ liveProject: readLiveProjectFile(file) });
      try {
        const r = await t.call('POST', '/sdk/v1/otps/email/send/primary', { body: { email: 'nobody@example.com' } });
        assert.equal(r.status, 200);
      } finally {
        await t.close();
      }
    } finally {
      dir.cleanup();
    }
  });
});

describe('users/search rate limit (always on)', () => {
  it(`${DEFAULT_RATE_LIMITS.userSearchPerIp.max} lookups per IP per minute, then 429 for that IP only`, async () => {
    const t = await testApp({ trustProxy: true });
    try {
      const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
      for (let i = 0; i < DEFAULT_RATE_LIMITS.userSearchPerIp.max; i++) {
        assert.equal(
          (await t.call('POST', '/sdk/v1/users/search', { body: { email: `probe${i}@example.com` }, ...from('203.0.113.9') })).status,
          200,
          `lookup ${i + 1}`,
        );
      }
      const limited = await t.call('POST', '/sdk/v1/users/search', { body: { email: 'probe@example.com' }, ...from('203.0.113.9') });
      assert.equal(limited.status, 429);
      assert.equal(limited.json.error_type, 'too_many_requests');
      assert.equal(
        (await t.call('POST', '/sdk/v1/users/search', { body: { email: 'me@example.com' }, ...from('198.51.100.7') })).status,
        200,
        'another client is unaffected',
      );
      t.advance(DEFAULT_RATE_LIMITS.userSearchPerIp.windowMs);
      assert.equal(
        (await t.call('POST', '/sdk/v1/users/search', { body: { email: 'probe@example.com' }, ...from('203.0.113.9') })).status,
        200,
        'the next minute',
      );
    } finally {
      await t.close();
    }
  });
});
