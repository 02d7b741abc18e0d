/**
 * The account page's server calls (issue 30, docs/reference/methods/users.md#calls): the name, the
 * primary email and phone, the last sign-in method, account deletion.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type CallResult, login, type TestApp, testApp } from '../test-helpers.ts';

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
