/**
 * The account page's server calls (issue 30, docs/reference/methods/users.md#calls): the name, the
 * primary email and phone, the last sign-in method, account deletion.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backendCall, type CallResult, createBackendSecret, login, type TestApp, testApp } from '../test-helpers.ts';

type Json = Record<string, unknown>;
type WireUser = Json & { name: Json; emails: { email_id: string; email: string }[]; phone_numbers: { phone_id: string; phone_number: string }[] };
const userOf = (r: CallResult) => (r.json.data as { user: WireUser }).user;

describe('PUT /users/me: name', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  it('sets the parts given, keeps the others, trims, and names a bad field', async () => {
    const { token } = await login(t, 'name@example.com');
    const r = await t.call('PUT', '/sdk/v1/users/me', { secret: token, body: { name: { first_name: ' Ada ', last_name: 'Lovelace' } } });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.deepEqual(userOf(r).name, { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' });
    const r2 = await t.call('PUT', '/sdk/v1/users/me', { secret: token, body: { name: { middle_name: 'King' } } });
    assert.deepEqual(userOf(r2).name, { first_name: 'Ada', middle_name: 'King', last_name: 'Lovelace' });
    const cleared = await t.call('PUT', '/sdk/v1/users/me', { secret: token, body: { name: { middle_name: '' }, untrusted_metadata: { a: 1 } } });
    assert.deepEqual(userOf(cleared).name, { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' });
    assert.deepEqual(userOf(cleared).untrusted_metadata, { a: 1 });
    const me = await t.call('GET', '/sdk/v1/users/me', { secret: token });
    assert.deepEqual((me.json.data as WireUser).name, { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' });

    for (const [bad, field] of [
      [{ name: { first_name: 'x'.repeat(257) } }, '.name.first_name'],
      [{ name: { last_name: 7 } }, '.name.last_name'],
      [{ name: 'Ada' }, '.name'],
      [{ name: { nickname: 'A' } }, '.name'],
    ] as const) {
      const b = await t.call('PUT', '/sdk/v1/users/me', { secret: token, body: bad });
      assert.equal(b.status, 400, JSON.stringify(bad));
      assert.equal(b.json.error_type, 'invalid_request_body');
      assert.ok(JSON.stringify(b.json).includes(field), `${JSON.stringify(b.json)} names ${field}`);
    }
    const after = await t.call('GET', '/sdk/v1/users/me', { secret: token });
    assert.deepEqual((after.json.data as WireUser).name, { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' });
  });
});

/** Adds `address` (an email, or a phone number starting with +) to the session's user by a verified passcode. */
async function addAddress(t: TestApp, token: string, address: string): Promise<string> {
  const phone = address.startsWith('+');
  const sent = await t.call('POST', `/sdk/v1/otps/${phone ? 'sms' : 'email'}/send/secondary`, {
    secret: token,
    body: phone ? { phone_number: address } : { email: address },
  });
  assert.equal(sent.status, 200, JSON.stringify(sent.json));
  const inbox = await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(address)}`);
  const code = (inbox.json as { messages: { code: string }[] }).messages[0]?.code;
  const r = await t.call('POST', '/sdk/v1/otps/authenticate', {
    secret: token,
    body: { token: code, method_id: (sent.json.data as Json).method_id, session_duration_minutes: 60 },
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  return String((sent.json.data as Json).method_id);
}

describe('make primary', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  it('puts the chosen email or phone first; others keep their order; removing the primary makes the next one primary', async () => {
    const { token } = await login(t, 'primary-1@example.com');
    t.advance(1000);
    const second = await addAddress(t, token, 'primary-2@example.com');
    t.advance(1000);
    const third = await addAddress(t, token, 'primary-3@example.com');
    const emails = async () => ((await t.call('GET', '/sdk/v1/users/me', { secret: token })).json.data as WireUser).emails.map((e) => e.email);
    // Never chosen: the order of old (oldest first).
    assert.deepEqual(await emails(), ['primary-1@example.com', 'primary-2@example.com', 'primary-3@example.com']);

    const r = await t.call('POST', `/sdk/v1/users/emails/${third}/primary`, { secret: token });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.deepEqual(
      userOf(r).emails.map((e) => e.email),
      ['primary-3@example.com', 'primary-1@example.com', 'primary-2@example.com'],
    );
    await t.call('POST', `/sdk/v1/users/emails/${second}/primary`, { secret: token });
    assert.deepEqual(await emails(), ['primary-2@example.com', 'primary-3@example.com', 'primary-1@example.com']);
    // Removing the primary: the next one leads.
    const removed = await t.call('DELETE', `/sdk/v1/users/emails/${second}`, { secret: token });
    assert.equal(removed.status, 200);
    assert.deepEqual(
      userOf(removed).emails.map((e) => e.email),
      ['primary-3@example.com', 'primary-1@example.com'],
    );

    const p1 = await addAddress(t, token, '+14155552671');
    t.advance(1000);
    const p2 = await addAddress(t, token, '+14155552672');
    const phones = await t.call('POST', `/sdk/v1/users/phone_numbers/${p2}/primary`, { secret: token });
    assert.equal(phones.status, 200, JSON.stringify(phones.json));
    assert.deepEqual(
      userOf(phones).phone_numbers.map((p) => p.phone_id),
      [p2, p1],
    );
  });

  it("another user's ids and unknown ids are not found and change nothing", async () => {
    const a = await login(t, 'primary-a@example.com');
    const b = await login(t, 'primary-b@example.com');
    t.advance(1000);
    const bSecond = await addAddress(t, b.token, 'primary-b2@example.com');
    for (const [kind, id, type] of [
      ['emails', bSecond, 'email_not_found'],
      ['emails', 'email-test-unknown', 'email_not_found'],
      ['phone_numbers', 'phone-number-test-unknown', 'phone_number_not_found'],
    ] as const) {
      const r = await t.call('POST', `/sdk/v1/users/${kind}/${id}/primary`, { secret: a.token });
      assert.equal(r.status, 404, `${kind} ${id}`);
      assert.equal(r.json.error_type, type);
    }
    const bMe = (await t.call('GET', '/sdk/v1/users/me', { secret: b.token })).json.data as WireUser;
    assert.deepEqual(
      bMe.emails.map((e) => e.email),
      ['primary-b@example.com', 'primary-b2@example.com'],
    );
    assert.equal((await t.call('POST', `/sdk/v1/users/emails/${bSecond}/primary`)).json.error_type, 'user_unauthenticated');
  });
});

describe('the last sign-in method cannot be removed', () => {
  let t: TestApp;
  let backendSecret: string;
  before(async () => {
    t = await testApp();
    backendSecret = await createBackendSecret(t);
  });
  after(() => t.close());

  const me = async (token: string) => (await t.call('GET', '/sdk/v1/users/me', { secret: token })).json.data as WireUser;
  const refused = (r: CallResult, what: string) => {
    assert.equal(r.status, 400, `${what}: ${JSON.stringify(r.json)}`);
    assert.equal(r.json.error_type, 'last_sign_in_method', what);
  };

  it('the only verified email stays; with another way in it goes; a TOTP is never a way in', async () => {
    const { token, data } = await login(t, 'last-1@example.com');
    const emailId = (data.user as WireUser).emails[0]!.email_id;
    refused(await t.call('DELETE', `/sdk/v1/users/emails/${emailId}`, { secret: token }), 'only email');
    assert.equal((await me(token)).emails.length, 1);
    // An unverified address is no way in.
    await t.services.db.kysely
      .insertInto('emails')
      .values({
        email_id: 'email-test-unverified-1',
        project_id: t.projectId,
        user_id: String(data.user_id),
        email: 'last-1-unverified@example.com',
        verified: 0,
        created_at: t.clock.t,
      })
      .execute();
    refused(await t.call('DELETE', `/sdk/v1/users/emails/${emailId}`, { secret: token }), 'only verified email');
    // A TOTP beside the email: removing the TOTP is allowed, it never was a way in.
    const totp = await t.call('POST', '/sdk/v1/totps', { secret: token, body: {} });
    const totpId = String((totp.json.data as Json).totp_id);
    refused(await t.call('DELETE', `/sdk/v1/users/emails/${emailId}`, { secret: token }), 'email beside a TOTP');
    assert.equal((await t.call('DELETE', `/sdk/v1/users/totps/${totpId}`, { secret: token })).status, 200);
    // Removing the unverified one is allowed: the verified one stays.
    assert.equal((await t.call('DELETE', '/sdk/v1/users/emails/email-test-unverified-1', { secret: token })).status, 200);
    // A verified phone is another way in: now the email may go, then the phone may not.
    const phoneId = await addAddress(t, token, '+14155552671');
    assert.equal((await t.call('DELETE', `/sdk/v1/users/emails/${emailId}`, { secret: token })).status, 200);
    refused(await t.call('DELETE', `/sdk/v1/users/phone_numbers/${phoneId}`, { secret: token }), 'only phone');
    assert.equal((await me(token)).phone_numbers.length, 1);
  });

  it('a phone counts only when the project offers passcodes; an email when it offers passcodes or magic links', async () => {
    const { token, data } = await login(t, 'last-products@example.com');
    const emailId = (data.user as WireUser).emails[0]!.email_id;
    const phoneId = await addAddress(t, token, '+14155552672');
    const config = t.services.project.config;
    const products = config.products;
    try {
      config.products = ['emailMagicLinks'];
      refused(await t.call('DELETE', `/sdk/v1/users/emails/${emailId}`, { secret: token }), 'email when phones are no way in');
      config.products = ['passwords'];
      // Neither is a way in: the user has none to keep, so nothing is refused.
      assert.equal((await t.call('DELETE', `/sdk/v1/users/phone_numbers/${phoneId}`, { secret: token })).status, 200);
    } finally {
      config.products = products;
    }
  });

  it('the backend API (an operator) is not restricted', async () => {
    const { token, data } = await login(t, 'last-backend@example.com');
    const emailId = (data.user as WireUser).emails[0]!.email_id;
    const r = await backendCall(t, backendSecret, 'DELETE', `/v1/users/emails/${emailId}`);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.deepEqual((await me(token)).emails, []);
  });

  it('parallel deletes of the last two ways in leave one', async () => {
    for (let round = 0; round < 5; round++) {
      const { token, data } = await login(t, `last-race-${round}@example.com`);
      const first = (data.user as WireUser).emails[0]!.email_id;
      const second = await addAddress(t, token, `last-race-${round}-b@example.com`);
      const results = await Promise.all([first, second].map((id) => t.call('DELETE', `/sdk/v1/users/emails/${id}`, { secret: token })));
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 400], JSON.stringify(results.map((r) => r.json)));
      assert.equal(results.find((r) => r.status === 400)?.json.error_type, 'last_sign_in_method');
      assert.equal((await me(token)).emails.length, 1, `round ${round}`);
    }
  });
});

describe('DELETE /users/me: the user deletes their account', () => {
  let t: TestApp;
  let backendSecret: string;
  before(async () => {
    t = await testApp();
    backendSecret = await createBackendSecret(t);
  });
  after(() => t.close());

  it('removes the user and every session of theirs; user.deleted and session.revoked are emitted; an audit row names the user', async () => {
    const events: string[] = [];
    t.services.events.subscribe({
      wants: async (type) => type === 'user.deleted' || type === 'session.revoked',
      hear: async (e) => {
        events.push(e.type);
      },
    });
    const a = await login(t, 'delete-me@example.com');
    const a2 = await login(t, 'delete-me@example.com');
    const other = await login(t, 'delete-me-not@example.com');
    const userId = String(a.data.user_id);
    const r = await t.call('DELETE', '/sdk/v1/users/me', { secret: a.token });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal((r.json.data as Json).user_id, userId);
    for (const token of [a.token, a2.token]) assert.equal((await t.call('GET', '/sdk/v1/users/me', { secret: token })).status, 401);
    assert.equal((await t.call('GET', '/sdk/v1/users/me', { secret: other.token })).status, 200);
    assert.equal((await backendCall(t, backendSecret, 'GET', `/v1/users/${userId}`)).json.error_type, 'user_not_found');
    assert.deepEqual(events.sort(), ['session.revoked', 'session.revoked', 'user.deleted']);
    const audit = await t.services.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'user.delete').where('target_id', '=', userId).execute();
    assert.equal(audit.length, 1);
    assert.equal(audit[0]?.actor_kind, 'user');
    // The address is free again: signing in with it makes a new user.
    const again = await login(t, 'delete-me@example.com');
    assert.notEqual(again.data.user_id, userId);
    assert.equal((await t.call('DELETE', '/sdk/v1/users/me', {})).json.error_type, 'user_unauthenticated');
  });
});

describe('DELETE /users/me under re-verification', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({ mfa: { policy: 'optional', reverification_minutes: 10 } });
  });
  after(() => t.close());

  it('a session with no factor proven within the window is refused and nothing is deleted', async () => {
    const a = await login(t, 'delete-stale@example.com', 24 * 60);
    t.advance(11 * 60_000);
    const r = await t.call('DELETE', '/sdk/v1/users/me', { secret: a.token });
    assert.equal(r.status, 403);
    assert.equal(r.json.error_type, 'reverification_required');
    assert.equal((await t.call('GET', '/sdk/v1/users/me', { secret: a.token })).status, 200);
  });
});

describe('adding an email another user has', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  it('is refused clearly at the send (duplicate_email), and when another user verified it first, at the code', async () => {
    const a = await login(t, 'dup-a@example.com');
    const b = await login(t, 'dup-b@example.com');
    const taken = await t.call('POST', '/sdk/v1/otps/email/send/secondary', { secret: a.token, body: { email: 'dup-b@example.com' } });
    assert.equal(taken.status, 400);
    assert.equal(taken.json.error_type, 'duplicate_email');
    // Both start adding the same new address; the first verified code wins it, the second is refused.
    const sends = [];
    for (const who of [a, b]) {
      sends.push(await t.call('POST', '/sdk/v1/otps/email/send/secondary', { secret: who.token, body: { email: 'dup-new@example.com' } }));
      // A second apart: two messages of the same millisecond have no newest-first order (Postgres returned them either way).
      t.advance(1000);
    }
    const inbox = (await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent('dup-new@example.com')}`)).json as { messages: { code: string }[] };
    // The inbox lists the newest first: b's code, then a's.
    const [bCode, aCode] = inbox.messages.map((m) => m.code);
    const aDone = await t.call('POST', '/sdk/v1/otps/authenticate', {
      secret: a.token,
      body: { token: aCode, method_id: (sends[0]!.json.data as Json).method_id, session_duration_minutes: 60 },
    });
    assert.equal(aDone.status, 200, JSON.stringify(aDone.json));
    const bDone = await t.call('POST', '/sdk/v1/otps/authenticate', {
      secret: b.token,
      body: { token: bCode, method_id: (sends[1]!.json.data as Json).method_id, session_duration_minutes: 60 },
    });
    assert.equal(bDone.status, 400, JSON.stringify(bDone.json));
    assert.equal(bDone.json.error_type, 'duplicate_email');
    const bUser = (await t.call('GET', '/sdk/v1/users/me', { secret: b.token })).json.data as WireUser;
    assert.deepEqual(
      bUser.emails.map((e) => e.email),
      ['dup-b@example.com'],
    );
  });
});
