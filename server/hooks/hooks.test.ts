/**
 * Blocking hooks (issue 28, README "Blocking hooks"): before_user_create, session_claims and send_message
 * against a receiver that verifies every call with the real standardwebhooks package, on SQLite and (with
 * TEST_DATABASE_URL) Postgres. The apps' clock starts at the real time: a receiver checks the signature's
 * timestamp against its own clock.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import type { InboxResponse } from '../../sdk-core/schemas/index.ts';
import type { AppOptions } from '../app.ts';
import { backendCall, createBackendSecret, login, sendOtp, type TestApp, testApp } from '../test-helpers.ts';
import { authorize, callback, devRoundTrip, pkcePair, start } from '../oauth/test-flow.ts';
import { type HookReceiver, hookReceiver } from './test-receiver.ts';

let rx: HookReceiver;
before(async () => {
  rx = await hookReceiver();
});
after(() => rx.close());

/** A test app whose clock starts now (signature timestamps are checked against the receiver's clock). */
const app = (opts: Partial<AppOptions>, logs?: string[]) =>
  testApp({ ...opts, ...(logs ? { logger: (l: string) => void logs.push(l) } : {}) }, { clock: { t: Date.now() } });

const callsOf = (type: string) => rx.calls.filter((c) => c.type === type);

async function inbox(t: TestApp, to: string): Promise<InboxResponse['messages']> {
  const r = await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(to)}`);
  return (r.json as unknown as InboxResponse).messages;
}

describe('before_user_create', () => {
  it('is asked, signed, before an email sign-up; an allow creates the user with the metadata it gives', async () => {
    rx.answer('before_user_create', { json: { decision: 'allow', trusted_metadata: { plan: 'pro' }, untrusted_metadata: { theme: 'dark' } } });
    const t = await app({ hooks: rx.hooks({ before_user_create: { on_failure: 'closed' } }) });
    try {
      const before = callsOf('before_user_create').length;
      const { data } = await login(t, 'allowed@example.com');
      const calls = callsOf('before_user_create').slice(before);
      assert.equal(calls.length, 1);
      assert.equal(calls[0]?.verified, true);
      assert.deepEqual(calls[0]?.data, {
        source: 'email',
        status: 'active',
        email: 'allowed@example.com',
        phone_number: null,
        details: {},
      });
      const user = data.user as { trusted_metadata: unknown; untrusted_metadata: unknown };
      assert.deepEqual(user.trusted_metadata, { plan: 'pro' });
      assert.deepEqual(user.untrusted_metadata, { theme: 'dark' });
      // An existing user signs in without asking again.
      await login(t, 'allowed@example.com');
      assert.equal(callsOf('before_user_create').length, before + 1);
    } finally {
      await t.close();
    }
  });

  it('a deny refuses the sign-up with the hook message as error_message (user_creation_denied) and creates nobody', async () => {
    rx.answer('before_user_create', (c) =>
      c.data.email === 'blocked@example.com' || c.data.phone_number === '+14155550123'
        ? { json: { decision: 'deny', message: 'Sign-ups from this domain are\nclosed.' } }
        : { json: { decision: 'allow' } },
    );
    const t = await app({ hooks: rx.hooks({ before_user_create: { on_failure: 'closed' } }) });
    try {
      const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'blocked@example.com' } });
      assert.equal(r.status, 403);
      assert.equal(r.json.error_type, 'user_creation_denied');
      assert.equal(r.json.error_message, 'Sign-ups from this domain are closed.');
      assert.equal((await inbox(t, 'blocked@example.com')).length, 0);
      const sms = await t.call('POST', '/sdk/v1/otps/sms/login_or_create', { body: { phone_number: '+14155550123' } });
      assert.equal(sms.status, 403);
      assert.equal(sms.json.error_type, 'user_creation_denied');
      assert.equal(callsOf('before_user_create').at(-1)?.data.source, 'phone');
      const secret = await createBackendSecret(t);
      const b = await backendCall(t, secret, 'POST', '/v1/users', { email: 'blocked@example.com' });
      assert.equal(b.status, 403);
      assert.equal(b.json.error_type, 'user_creation_denied');
      assert.equal(callsOf('before_user_create').at(-1)?.data.source, 'backend');
      const users = await t.services.db.kysely.selectFrom('users').select('user_id').where('project_id', '=', t.projectId).execute();
      assert.equal(users.length, 0);
      // Another address is allowed through the same path.
      const ok = await backendCall(t, secret, 'POST', '/v1/users', { email: 'fine@example.com' });
      assert.equal(ok.status, 200, JSON.stringify(ok.json));
    } finally {
      await t.close();
    }
  });

  for (const failure of ['a time-out', 'an HTTP 500', 'an answer that is not a decision'] as const) {
    it(`${failure} follows the fail mode: closed refuses (hook_unavailable), open creates the user`, async () => {
      rx.answer('before_user_create', failure === 'a time-out' ? 'hang' : failure === 'an HTTP 500' ? { status: 500 } : { json: { decision: 'maybe' } });
      const closed = await app({ hooks: rx.hooks({ before_user_create: { on_failure: 'closed', timeout_ms: 200 } }) });
      try {
        const r = await closed.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'x@example.com' } });
        assert.equal(r.status, 503);
        assert.equal(r.json.error_type, 'hook_unavailable');
      } finally {
        await closed.close();
      }
      const open = await app({ hooks: rx.hooks({ before_user_create: { on_failure: 'open', timeout_ms: 200 } }) });
      try {
        const { userCreated } = await sendOtp(open, 'y@example.com');
        assert.equal(userCreated, true);
      } finally {
        await open.close();
      }
    });
  }
});

describe('before_user_create from a method creating its own user (OAuth)', () => {
  it('is asked with the method as source; a deny shows its message on the callback page and creates nobody', async () => {
    rx.answer('before_user_create', (c) =>
      c.data.email === 'no@example.com' ? { json: { decision: 'deny', message: 'Not <b>you</b>.' } } : { json: { decision: 'allow' } },
    );
    const t = await app({ hooks: rx.hooks({ before_user_create: { on_failure: 'closed' } }) });
    try {
      await t.listen();
      const { challenge } = pkcePair();
      const denied = await callback(t, await authorize(t, await start(t, 'google', { code_challenge: challenge }), { email: 'no@example.com' }));
      assert.equal(denied.status, 403);
      assert.ok(denied.text.includes('Not &#60;b&#62;you&#60;/b&#62;.') && !denied.text.includes('<b>'), denied.text);
      assert.equal(callsOf('before_user_create').at(-1)?.data.source, 'oauth');
      assert.deepEqual(callsOf('before_user_create').at(-1)?.data.details, { provider: 'google' });
      const users = await t.services.db.kysely.selectFrom('users').select('user_id').where('project_id', '=', t.projectId).execute();
      assert.equal(users.length, 0);
      // An unverified address stays off the new user: its row is built by newUserRow all the same.
      await devRoundTrip(t, 'github', { email: 'unverified@example.com', verified: false }, { code_challenge: challenge });
      const last = callsOf('before_user_create').at(-1);
      assert.equal(last?.data.source, 'oauth');
      assert.equal(last?.data.email, null);
      assert.ok(last?.verified);
    } finally {
      await t.close();
    }
  });
});

describe('session_claims', () => {
  it('merges the claims into each session JWT, drops reserved ones, and keeps each session its own', async () => {
    rx.answer('session_claims', (c) => ({
      json: {
        claims: {
          tenant: `tenant-of-${String(c.data.user_id)}`,
          session_copy: c.data.session_id,
          iss: 'evil',
          sub: 'someone-else',
          roles: ['admin'],
          'https://stytch.com/session': { id: 'forged' },
        },
      },
    }));
    const logs: string[] = [];
    const t = await app({ hooks: rx.hooks({ session_claims: { on_failure: 'closed' } }) }, logs);
    try {
      const a = await login(t, 'a@example.com');
      const b = await login(t, 'b@example.com');
      for (const s of [a, b]) {
        const claims = decodeJwt(String(s.data.session_jwt));
        const session = s.data.session as { session_id: string; user_id: string };
        assert.equal(claims.tenant, `tenant-of-${session.user_id}`);
        assert.equal(claims.session_copy, session.session_id);
        assert.equal(claims.sub, session.user_id);
        assert.notEqual(claims.iss, 'evil');
        assert.equal((claims['https://stytch.com/session'] as { id: string }).id, session.session_id);
        assert.ok(!('roles' in claims));
      }
      assert.ok(logs.some((l) => l.includes('reserved claims') && l.includes('"iss"')));
      const calls = callsOf('session_claims').length;
      // The JWT this process signed is served again while fresh: the hook is not asked per call.
      const again = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: a.token, body: {} });
      assert.equal(again.status, 200);
      assert.equal((again.json.data as { session_jwt: string }).session_jwt, a.data.session_jwt);
      assert.equal(callsOf('session_claims').length, calls);
      assert.ok(callsOf('session_claims').every((c) => c.verified));
    } finally {
      await t.close();
    }
  });

  it('a hook that times out: closed fails the authentication (hook_unavailable), open mints without its claims', async () => {
    rx.answer('session_claims', 'hang');
    const closed = await app({ hooks: rx.hooks({ session_claims: { on_failure: 'closed', timeout_ms: 200 } }) });
    try {
      const { methodId, code } = await sendOtp(closed, 'c@example.com');
      const r = await closed.call('POST', '/sdk/v1/otps/authenticate', { body: { token: code, method_id: methodId } });
      assert.equal(r.status, 503);
      assert.equal(r.json.error_type, 'hook_unavailable');
    } finally {
      await closed.close();
    }
    const open = await app({ hooks: rx.hooks({ session_claims: { on_failure: 'open', timeout_ms: 200 } }) });
    try {
      const s = await login(open, 'd@example.com');
      const claims = decodeJwt(String(s.data.session_jwt));
      assert.ok(!('tenant' in claims));
      // Not reused: once the hook answers, the next JWT carries its claims.
      rx.answer('session_claims', { json: { claims: { tenant: 'back' } } });
      const again = await open.call('POST', '/sdk/v1/sessions/authenticate', { secret: s.token, body: {} });
      assert.equal(decodeJwt((again.json.data as { session_jwt: string }).session_jwt).tenant, 'back');
    } finally {
      await open.close();
    }
  });
});

describe('send_message', () => {
  it('delivers the code to the hook (channel, to, subject, text, html, kind, locale) and nothing to the dev inbox', async () => {
    rx.answer('send_message', { json: {} });
    const t = await app({ hooks: rx.hooks({ send_message: { on_failure: 'closed' } }) });
    try {
      const before = callsOf('send_message').length;
      const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'e@example.com', locale: 'fr' } });
      assert.equal(r.status, 200);
      await t.services.outbox.drain();
      assert.equal((await inbox(t, 'e@example.com')).length, 0);
      const call = callsOf('send_message').slice(before)[0];
      assert.ok(call?.verified);
      assert.equal(call.data.channel, 'email');
      assert.equal(call.data.to, 'e@example.com');
      assert.equal(call.data.kind, 'email_otp');
      assert.equal(call.data.locale, 'fr');
      assert.equal(typeof call.data.subject, 'string');
      assert.match(String(call.data.text), new RegExp(String(call.data.code)));
      assert.match(String(call.data.html), /<html/);
      const sms = await t.call('POST', '/sdk/v1/otps/sms/login_or_create', { body: { phone_number: '+14155550188' } });
      assert.equal(sms.status, 200);
      await t.services.outbox.drain();
      const text = callsOf('send_message').at(-1);
      assert.equal(text?.data.channel, 'sms');
      assert.equal(text?.data.kind, 'sms_otp');
      assert.equal(text?.data.html, null);
    } finally {
      await t.close();
    }
  });

  it('a failing hook: closed leaves the job to the outbox retries, open falls back to the built-in delivery', async () => {
    rx.answer('send_message', { status: 500 });
    const closed = await app({ hooks: rx.hooks({ send_message: { on_failure: 'closed' } }), outboxAutoRun: false });
    try {
      await closed.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'f@example.com' } });
      await closed.services.outbox.drain();
      const job = await closed.services.db.kysely.selectFrom('outbox_jobs').select(['status', 'attempts', 'last_error']).executeTakeFirst();
      assert.equal(job?.status, 'pending');
      assert.equal(job?.attempts, 1);
      assert.match(String(job?.last_error), /send_message hook failed: answered HTTP 500/);
      assert.equal((await inbox(closed, 'f@example.com')).length, 0);
    } finally {
      await closed.close();
    }
    const open = await app({ hooks: rx.hooks({ send_message: { on_failure: 'open' } }) });
    try {
      const { code } = await sendOtp(open, 'g@example.com');
      assert.match(code, /^\d{6}$/);
    } finally {
      await open.close();
    }
  });
});

describe('one user creation path', () => {
  it('every insert of a user row in server/ inserts a row built by user-row.ts newUserRow (so before_user_create is asked)', () => {
    const root = join(import.meta.dirname, '..');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('node_modules'),
    );
    const inserts: string[] = [];
    for (const f of files) {
      const text = readFileSync(join(root, f), 'utf8');
      for (const m of text.matchAll(/insertInto\(\s*['"`]users['"`]\s*\)\s*\.values\(([^)]*)\)/g)) {
        inserts.push(f);
        const builtBy = m[1] === 'row' && /\bawait newUserRow\(/.test(text);
        assert.ok(builtBy, `${f} inserts a user row not built by newUserRow: .values(${m[1]})`);
      }
      assert.ok(!/insertInto\(\s*['"`]users['"`]\s*\)(?!\s*\.values\()/.test(text), `${f} inserts users another way`);
    }
    assert.ok(inserts.length >= 5, `the user creation paths: ${inserts.join(', ')}`);
  });
});
