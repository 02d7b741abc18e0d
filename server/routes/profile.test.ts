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
