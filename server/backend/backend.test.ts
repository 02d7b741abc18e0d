/**
 * The `/v1` backend API's core routes (issue 27), each success and failure, on SQLite and Postgres (with
 * TEST_DATABASE_URL): users (create, get, update, delete, factor deletes), search (operands, paging),
 * sessions (authenticate by token or JWT, custom claims, authorization check, list, revoke), the RBAC
 * policy. Every answer is the provider's flat shape (status_code and request_id at the top level).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import type { RBACPolicy } from '../../sdk-core/schemas/index.ts';
import { backendCall, type CallResult, createBackendSecret, login, type TestApp, testApp } from '../test-helpers.ts';

type Json = Record<string, unknown>;

/** Every user reads documents; editors also write; admins do anything to them. */
const POLICY: RBACPolicy = {
  roles: [
    { role_id: 'stytch_user', permissions: [{ resource_id: 'documents', actions: ['read'] }] },
    { role_id: 'editor', permissions: [{ resource_id: 'documents', actions: ['read', 'write'] }] },
    { role_id: 'admin', permissions: [{ resource_id: 'documents', actions: ['*'] }] },
  ],
  resources: [{ resource_id: 'documents', actions: ['read', 'write', 'delete'] }],
  scopes: [],
};

describe('/v1 backend API: users, search, sessions, rbac', () => {
  let t: TestApp;
  let secret: string;
  const v1 = (method: string, path: string, body?: unknown): Promise<CallResult> => backendCall(t, secret, method, path, body);
  const fails = (r: CallResult, status: number, errorType: string) => {
    assert.equal(r.status, status, JSON.stringify(r.json));
    assert.equal(r.json.error_type, errorType);
    assert.equal(r.json.status_code, status);
    assert.ok(r.json.error_details && typeof r.json.error_details === 'object');
  };
  const signedIn = async (email: string, minutes = 60) => {
    const { token, data } = await login(t, email, minutes);
    return { token, jwt: String(data.session_jwt), userId: String(data.user_id), sessionId: String((data.session as Json).session_id) };
  };

  before(async () => {
    t = await testApp({ bootstrap: { rbac_policy: POLICY } });
    secret = await createBackendSecret(t);
  });
  after(() => t.close());

  describe('users', () => {
    it('POST /v1/users creates a user with email, phone, name, metadata, external id and roles; the answer is flat', async () => {
      const r = await v1('POST', '/v1/users', {
        email: 'Created@Example.com',
        phone_number: '+14155550123',
        name: { first_name: 'Ada', last_name: 'Lovelace' },
        trusted_metadata: { plan: 'pro' },
        untrusted_metadata: { theme: 'dark' },
        external_id: 'crm-1',
        roles: ['editor'],
        attributes: { ip_address: '203.0.113.1' },
      });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.equal(r.json.status_code, 200);
      assert.match(String(r.json.request_id), /^request-id-test-/);
      assert.match(String(r.json.user_id), /^user-test-/);
      assert.match(String(r.json.email_id), /^email-test-/);
      assert.match(String(r.json.phone_id), /^phone-number-test-/);
      assert.equal(r.json.status, 'active');
      const user = r.json.user as Json;
      assert.deepEqual(user.name, { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' });
      assert.deepEqual(user.trusted_metadata, { plan: 'pro' });
      assert.deepEqual(user.untrusted_metadata, { theme: 'dark' });
      assert.equal(user.external_id, 'crm-1');
      assert.equal(user.is_locked, false);
      assert.deepEqual(user.roles, ['stytch_user', 'editor']);
      assert.equal((user.emails as Json[])[0]?.email, 'created@example.com');
      assert.equal((user.phone_numbers as Json[])[0]?.phone_number, '+14155550123');
      const pending = await v1('POST', '/v1/users', { email: 'pending@example.com', create_user_as_pending: true });
      assert.equal(pending.json.status, 'pending');
      assert.equal(pending.json.phone_id, '');
    });

    it('POST /v1/users refuses a taken email, phone or external id, a bad address, no address, and any other field', async () => {
      fails(await v1('POST', '/v1/users', { email: 'created@example.com' }), 400, 'duplicate_email');
      fails(await v1('POST', '/v1/users', { phone_number: '+1 415 555 0123' }), 400, 'duplicate_phone_number');
      fails(await v1('POST', '/v1/users', { email: 'other@example.com', external_id: 'crm-1' }), 400, 'duplicate_external_id');
      fails(await v1('POST', '/v1/users', { email: 'not an email' }), 400, 'invalid_email');
      fails(await v1('POST', '/v1/users', { phone_number: '555' }), 400, 'invalid_phone_number');
      fails(await v1('POST', '/v1/users', {}), 400, 'invalid_request_body');
      fails(await v1('POST', '/v1/users', { email: 'x@example.com', user_id: 'user-test-mine' }), 400, 'invalid_request_body');
      fails(await v1('POST', '/v1/users', { email: 'y@example.com', roles: ['no_such_role'] }), 400, 'invalid_request_body');
      // Nothing half-applied: the refused creates made no user.
      const search = await v1('POST', '/v1/users/search', {
        query: { operator: 'OR', operands: [{ filter_name: 'email_address', filter_value: ['x@example.com'] }] },
      });
      assert.equal((search.json.results_metadata as Json).total, 0);
    });

    it('GET /v1/users/{id}: the user, flat; unknown id 404 user_not_found', async () => {
      const { userId } = await signedIn('get@example.com');
      const r = await v1('GET', `/v1/users/${userId}`);
      assert.equal(r.status, 200);
      assert.equal(r.json.user_id, userId);
      assert.equal((r.json.emails as Json[])[0]?.email, 'get@example.com');
      assert.equal(r.json.data, undefined);
      fails(await v1('GET', '/v1/users/user-test-00000000-0000-0000-0000-000000000000'), 404, 'user_not_found');
    });

    it('PUT /v1/users/{id} sets name, metadata, external id and roles; a name part left out keeps its value', async () => {
      const { userId } = await signedIn('update@example.com');
      const r = await v1('PUT', `/v1/users/${userId}`, {
        name: { first_name: 'Grace', last_name: 'Hopper' },
        trusted_metadata: { tier: 1 },
        untrusted_metadata: { a: 1 },
        external_id: 'crm-2',
        roles: ['admin'],
      });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.equal(r.json.user_id, userId);
      assert.ok(Array.isArray(r.json.emails) && Array.isArray(r.json.phone_numbers));
      const user = r.json.user as Json;
      assert.deepEqual(user.name, { first_name: 'Grace', middle_name: '', last_name: 'Hopper' });
      assert.deepEqual(user.trusted_metadata, { tier: 1 });
      assert.equal(user.external_id, 'crm-2');
      assert.deepEqual(user.roles, ['stytch_user', 'admin']);
      const again = await v1('PUT', `/v1/users/${userId}`, { name: { middle_name: 'B' }, roles: [] });
      assert.deepEqual((again.json.user as Json).name, { first_name: 'Grace', middle_name: 'B', last_name: 'Hopper' });
      assert.deepEqual((again.json.user as Json).roles, ['stytch_user']);
      // The signed-in user's own view shows the backend's fields too.
      assert.deepEqual((await v1('GET', `/v1/users/${userId}`)).json.trusted_metadata, { tier: 1 });
    });

    it('PUT /v1/users/{id} answers the provider’s update shape: emails, phone_numbers and crypto_wallets beside the user (the Node SDK types all three)', async () => {
      const { userId } = await signedIn('update-shape@example.com');
      const r = await v1('PUT', `/v1/users/${userId}`, { untrusted_metadata: { b: 2 } });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      const user = r.json.user as Json;
      assert.deepEqual(r.json.emails, user.emails);
      assert.deepEqual(r.json.phone_numbers, user.phone_numbers);
      assert.deepEqual(r.json.crypto_wallets, user.crypto_wallets);
      assert.deepEqual(r.json.crypto_wallets, []);
    });

    it('PUT /v1/users/{id} refuses a mass assignment whole (id, status, created_at, factors), an oversized metadata, a taken external id, an unknown user', async () => {
      const { userId } = await signedIn('mass@example.com');
      const before = await v1('GET', `/v1/users/${userId}`);
      for (const extra of [
        { user_id: 'user-test-evil' },
        { status: 'pending' },
        { created_at: '2000-01-01T00:00:00Z' },
        { emails: [{ email: 'evil@example.com' }] },
        { password: { password_id: 'x' } },
        { totps: [] },
        { is_locked: true },
      ]) {
        fails(await v1('PUT', `/v1/users/${userId}`, { trusted_metadata: { hacked: true }, ...extra }), 400, 'invalid_request_body');
      }
      const { request_id: _before, ...unchanged } = before.json;
      const { request_id: _after, ...after } = (await v1('GET', `/v1/users/${userId}`)).json;
      assert.deepEqual(after, unchanged);
      fails(await v1('PUT', `/v1/users/${userId}`, { trusted_metadata: { big: 'x'.repeat(5000) } }), 400, 'invalid_request_body');
      fails(await v1('PUT', `/v1/users/${userId}`, { external_id: 'crm-1' }), 400, 'duplicate_external_id');
      fails(await v1('PUT', '/v1/users/user-test-00000000-0000-0000-0000-000000000000', { name: { first_name: 'x' } }), 404, 'user_not_found');
      fails(await v1('PUT', `/v1/users/${userId}`, { name: 'not an object' }), 400, 'invalid_request_body');
    });

    it('DELETE /v1/users/{id} deletes the user and ends its sessions; again 404', async () => {
      const { userId, token } = await signedIn('delete@example.com');
      const r = await v1('DELETE', `/v1/users/${userId}`);
      assert.equal(r.status, 200);
      assert.deepEqual(Object.keys(r.json).sort(), ['request_id', 'status_code', 'user_id']);
      fails(await v1('GET', `/v1/users/${userId}`), 404, 'user_not_found');
      fails(await v1('POST', '/v1/sessions/authenticate', { session_token: token }), 404, 'session_not_found');
      fails(await v1('DELETE', `/v1/users/${userId}`), 404, 'user_not_found');
    });

    it('factor deletes: an email, a phone number, a password, a TOTP by id answer the user after; unknown ids are each kind’s 404', async () => {
      const created = await v1('POST', '/v1/users', { email: 'factors@example.com', phone_number: '+14155550188' });
      const userId = String(created.json.user_id);
      const email = await v1('DELETE', `/v1/users/emails/${created.json.email_id}`);
      assert.equal(email.status, 200);
      assert.equal(email.json.user_id, userId);
      assert.deepEqual((email.json.user as Json).emails, []);
      const phone = await v1('DELETE', `/v1/users/phone_numbers/${created.json.phone_id}`);
      assert.deepEqual((phone.json.user as Json).phone_numbers, []);
      fails(await v1('DELETE', `/v1/users/emails/${created.json.email_id}`), 404, 'email_not_found');
      fails(await v1('DELETE', '/v1/users/phone_numbers/phone-number-test-x'), 404, 'phone_number_not_found');

      // A password (made through the SDK's create) and a TOTP (started by a signed-in user).
      const pw = await t.call('POST', '/sdk/v1/passwords', {
        body: { email: 'pw-factor@example.com', password: 'plum-Orbit-harbor-71-quartz', session_duration_minutes: 60 },
      });
      assert.equal(pw.status, 200, JSON.stringify(pw.json));
      const pwUser = await v1('GET', `/v1/users/${(pw.json.data as Json).user_id}`);
      const passwordId = String((pwUser.json.password as Json).password_id);
      const delPw = await v1('DELETE', `/v1/users/passwords/${passwordId}`);
      assert.equal(delPw.status, 200);
      assert.equal((delPw.json.user as Json).password, null);
      fails(await v1('DELETE', `/v1/users/passwords/${passwordId}`), 404, 'password_not_found');
      // The signed-in user has no password delete of its own.
      assert.equal((await t.call('DELETE', `/sdk/v1/users/passwords/${passwordId}`, { secret: String((pw.json.data as Json).session_token) })).status, 404);

      const totpUser = await signedIn('totp-factor@example.com');
      const totp = await t.call('POST', '/sdk/v1/totps', { secret: totpUser.token, body: { expiration_minutes: 5 } });
      assert.equal(totp.status, 200, JSON.stringify(totp.json));
      const totpId = String((totp.json.data as Json).totp_id);
      const delTotp = await v1('DELETE', `/v1/users/totps/${totpId}`);
      assert.equal(delTotp.status, 200);
      assert.deepEqual((delTotp.json.user as Json).totps, []);
      fails(await v1('DELETE', `/v1/users/totps/${totpId}`), 404, 'totp_not_found');
      fails(await v1('DELETE', '/v1/users/webauthn_registrations/webauthn-registration-test-x'), 404, 'webauthn_registration_not_found');
      fails(await v1('DELETE', '/v1/users/crypto_wallets/crypto-wallet-test-x'), 404, 'crypto_wallet_not_found');
      fails(await v1('DELETE', '/v1/users/oauth/oauth-user-registration-test-x'), 404, 'oauth_user_registration_not_found');
    });

    it('DELETE /v1/users/{id}/external_id clears the external id (free for another user after), answers the user; unknown user 404', async () => {
      const created = await v1('POST', '/v1/users', { email: 'ext-del@example.com', external_id: 'crm-ext-del' });
      const userId = String(created.json.user_id);
      const r = await v1('DELETE', `/v1/users/${userId}/external_id`);
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.equal(r.json.user_id, userId);
      assert.equal((r.json.user as Json).external_id, undefined);
      assert.equal((await v1('GET', `/v1/users/${userId}`)).json.external_id, undefined);
      const other = await v1('POST', '/v1/users', { email: 'ext-del-2@example.com', external_id: 'crm-ext-del' });
      assert.equal(other.status, 200, JSON.stringify(other.json));
      assert.equal((await v1('DELETE', `/v1/users/${userId}/external_id`)).status, 200, 'clearing an absent external id is not an error');
      fails(await v1('DELETE', '/v1/users/user-test-00000000-0000-0000-0000-000000000000/external_id'), 404, 'user_not_found');
      // A factor kind's path keeps naming the factor, never a user called like the kind.
      fails(await v1('DELETE', '/v1/users/emails/external_id'), 404, 'email_not_found');
    });
  });

  describe('search', () => {
    const search = (body: unknown) => v1('POST', '/v1/users/search', body);
    const ids = (r: CallResult) => (r.json.results as Json[]).map((u) => u.user_id);

    it('operands: email_address, email_address_fuzzy, phone_number, user_id, status, created_at_between, password_exists, totp_verified, oauth_provider', async () => {
      t.advance(1000);
      const a = await v1('POST', '/v1/users', { email: 'search-a@example.com', phone_number: '+14155550199' });
      t.advance(1000);
      const b = await v1('POST', '/v1/users', { email: 'search-b@example.org', create_user_as_pending: true });
      const [ua, ub] = [a.json.user_id, b.json.user_id];
      const q = (operator: 'AND' | 'OR', operands: Json[]) => search({ query: { operator, operands } });
      assert.deepEqual(ids(await q('AND', [{ filter_name: 'email_address', filter_value: ['SEARCH-A@example.com'] }])), [ua]);
      assert.deepEqual(ids(await q('AND', [{ filter_name: 'email_address_fuzzy', filter_value: 'search-' }])), [ua, ub]);
      assert.deepEqual(ids(await q('AND', [{ filter_name: 'email_address_fuzzy', filter_value: '%' }])), []);
      assert.deepEqual(ids(await q('AND', [{ filter_name: 'phone_number', filter_value: ['+1 415 555 0199'] }])), [ua]);
      assert.deepEqual(ids(await q('AND', [{ filter_name: 'user_id', filter_value: [ub] }])), [ub]);
      const pending = await q('AND', [
        { filter_name: 'status', filter_value: 'pending' },
        { filter_name: 'email_address_fuzzy', filter_value: 'search-' },
      ]);
      assert.deepEqual(ids(pending), [ub]);
      const either = await q('OR', [
        { filter_name: 'user_id', filter_value: [ua] },
        { filter_name: 'user_id', filter_value: [ub] },
      ]);
      assert.deepEqual(ids(either), [ua, ub]);
      const createdA = Date.parse(String((a.json.user as Json).created_at));
      const between = await q('AND', [
        {
          filter_name: 'created_at_between',
          filter_value: { greater_than: new Date(createdA - 1).toISOString(), less_than: new Date(createdA + 1).toISOString() },
        },
      ]);
      assert.deepEqual(ids(between), [ua]);
      assert.deepEqual(
        ids(
          await q('AND', [
            { filter_name: 'password_exists', filter_value: true },
            { filter_name: 'user_id', filter_value: [ua] },
          ]),
        ),
        [],
      );
      assert.deepEqual(
        ids(
          await q('AND', [
            { filter_name: 'password_exists', filter_value: false },
            { filter_name: 'user_id', filter_value: [ua] },
          ]),
        ),
        [ua],
      );
      assert.deepEqual(
        ids(
          await q('AND', [
            { filter_name: 'totp_verified', filter_value: true },
            { filter_name: 'user_id', filter_value: [ua] },
          ]),
        ),
        [],
      );
      assert.deepEqual(
        ids(
          await q('AND', [
            { filter_name: 'oauth_provider', filter_value: ['google'] },
            { filter_name: 'user_id', filter_value: [ua] },
          ]),
        ),
        [],
      );
      for (const operand of [
        { filter_name: 'webauthn_registration_verified', filter_value: true },
        { filter_name: 'webauthn_registration_verified', filter_value: false },
        { filter_name: 'webauthn_registration_id', filter_value: ['webauthn-registration-test-x'] },
        { filter_name: 'crypto_wallet_verified', filter_value: true },
        { filter_name: 'crypto_wallet_id', filter_value: ['crypto-wallet-test-x'] },
        { filter_name: 'crypto_wallet_address', filter_value: ['0xAbC0000000000000000000000000000000000000'] },
        { filter_name: 'totp_id', filter_value: ['totp-test-x'] },
        { filter_name: 'email_verified', filter_value: true },
        { filter_name: 'email_id', filter_value: ['email-test-x'] },
        { filter_name: 'phone_id', filter_value: ['phone-number-test-x'] },
      ]) {
        assert.deepEqual(ids(await q('AND', [operand, { filter_name: 'user_id', filter_value: [ua] }])), [], JSON.stringify(operand));
      }
      assert.deepEqual(
        ids(
          await q('AND', [
            { filter_name: 'phone_verified', filter_value: false },
            { filter_name: 'user_id', filter_value: [ua] },
          ]),
        ),
        [ua],
      );
    });

    it('pages by limit and cursor with the total; a huge limit is capped; no query lists everyone', async () => {
      for (let i = 0; i < 5; i++) {
        t.advance(1);
        await v1('POST', '/v1/users', { email: `page-${i}@example.net` });
      }
      const query = { operator: 'AND', operands: [{ filter_name: 'email_address_fuzzy', filter_value: '@example.net' }] };
      const seen: unknown[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const r: CallResult = await search({ query, limit: 2, ...(cursor ? { cursor } : {}) });
        assert.equal(r.status, 200);
        const meta = r.json.results_metadata as { total: number; next_cursor: string | null };
        assert.equal(meta.total, 5);
        seen.push(...ids(r));
        cursor = meta.next_cursor;
        pages++;
      } while (cursor);
      assert.equal(pages, 3);
      assert.equal(new Set(seen).size, 5);
      const capped = await search({ query, limit: 1_000_000 });
      assert.equal(capped.status, 200);
      assert.equal((capped.json.results as Json[]).length, 5);
      const all = await search({});
      assert.ok(((all.json.results_metadata as Json).total as number) >= 5);
    });

    it('full_name_fuzzy: a case-insensitive substring of "first middle last" (an absent part leaves one space), matched literally', async () => {
      const augusta = (await v1('POST', '/v1/users', { email: 'fullname-ada@example.com', name: { first_name: 'Augusta', last_name: 'Byronova' } })).json
        .user_id;
      const gracie = (
        await v1('POST', '/v1/users', {
          email: 'fullname-grace@example.com',
          name: { first_name: 'Gracie', middle_name: 'Brewsterton', last_name: 'Hopperfield' },
        })
      ).json.user_id;
      await v1('POST', '/v1/users', { email: 'fullname-none@example.com' });
      const q = (value: string) => search({ query: { operator: 'AND', operands: [{ filter_name: 'full_name_fuzzy', filter_value: value }] } });
      assert.deepEqual(ids(await q('augusta byronova')), [augusta]);
      assert.deepEqual(ids(await q('BYRON')), [augusta]);
      assert.deepEqual(ids(await q('brewsterton hopper')), [gracie]);
      assert.deepEqual(ids(await q('gracie brewsterton hopperfield')), [gracie]);
      assert.deepEqual(ids(await q('%')), []);
      assert.deepEqual(ids(await q('name')), [], 'the stored JSON keys are not searched');
      fails(await search({ query: { operator: 'AND', operands: [{ filter_name: 'full_name_fuzzy', filter_value: '' }] } }), 400, 'invalid_request_body');
      fails(await search({ query: { operator: 'AND', operands: [{ filter_name: 'full_name_fuzzy', filter_value: ['Ada'] }] } }), 400, 'invalid_request_body');
    });

    it('refuses an unknown filter_name, a value of the wrong type, a bad operator, a bad cursor, a zero limit', async () => {
      fails(await search({ query: { operator: 'AND', operands: [{ filter_name: 'password_hash', filter_value: 'x' }] } }), 400, 'invalid_request_body');
      fails(await search({ query: { operator: 'AND', operands: [{ filter_name: 'user_id', filter_value: 'not-a-list' }] } }), 400, 'invalid_request_body');
      fails(await search({ query: { operator: 'XOR', operands: [] } }), 400, 'invalid_request_body');
      fails(await search({ cursor: 'garbage!' }), 400, 'invalid_cursor');
      fails(await search({ limit: 0 }), 400, 'invalid_request_body');
      fails(
        await search({
          query: { operator: 'AND', operands: [{ filter_name: 'created_at_between', filter_value: { greater_than: 'yesterday', less_than: 'now' } }] },
        }),
        400,
        'invalid_request_body',
      );
    });
  });

  describe('sessions', () => {
    it('authenticate by token: the provider’s answer; session_duration_minutes extends', async () => {
      const s = await signedIn('auth-token@example.com');
      const r = await v1('POST', '/v1/sessions/authenticate', { session_token: s.token, session_duration_minutes: 120 });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.equal(r.json.status_code, 200);
      assert.equal(r.json.session_token, s.token);
      assert.equal((r.json.session as Json).session_id, s.sessionId);
      assert.equal((r.json.session as Json).expires_at, new Date(t.clock.t + 120 * 60_000).toISOString());
      assert.equal((r.json.user as Json).user_id, s.userId);
      assert.equal(typeof r.json.session_jwt, 'string');
      assert.equal(r.json.verdict, undefined);
    });

    it('authenticate by JWT, also once the JWT has expired while the session lives: a fresh JWT; a forged one names no session', async () => {
      const s = await signedIn('auth-jwt@example.com');
      const ok = await v1('POST', '/v1/sessions/authenticate', { session_jwt: s.jwt });
      assert.equal(ok.status, 200, JSON.stringify(ok.json));
      assert.equal((ok.json.session as Json).session_id, s.sessionId);
      assert.equal(ok.json.session_token, '');
      t.advance(10 * 60_000);
      const late = await v1('POST', '/v1/sessions/authenticate', { session_jwt: s.jwt });
      assert.equal(late.status, 200, JSON.stringify(late.json));
      const fresh = String(late.json.session_jwt);
      assert.notEqual(fresh, s.jwt);
      assert.ok((decodeJwt(fresh).exp ?? 0) * 1000 > t.clock.t);
      const [h, p] = s.jwt.split('.');
      fails(await v1('POST', '/v1/sessions/authenticate', { session_jwt: `${h}.${p}.AAAA` }), 404, 'session_not_found');
      fails(await v1('POST', '/v1/sessions/authenticate', { session_jwt: 'not.a.jwt' }), 404, 'session_not_found');
      t.advance(60 * 60_000);
      fails(await v1('POST', '/v1/sessions/authenticate', { session_jwt: s.jwt }), 404, 'session_not_found');
    });

    it('session_custom_claims are set, merged, removed with null, shown on the session and in its JWT; reserved names refused', async () => {
      const s = await signedIn('claims@example.com');
      const r = await v1('POST', '/v1/sessions/authenticate', { session_token: s.token, session_custom_claims: { tenant: 'acme', level: 2 } });
      assert.deepEqual((r.json.session as Json).custom_claims, { tenant: 'acme', level: 2 });
      const r2 = await v1('POST', '/v1/sessions/authenticate', { session_token: s.token, session_custom_claims: { level: null, extra: true } });
      assert.deepEqual((r2.json.session as Json).custom_claims, { tenant: 'acme', extra: true });
      const again = await v1('POST', '/v1/sessions/authenticate', { session_token: s.token });
      assert.deepEqual((again.json.session as Json).custom_claims, { tenant: 'acme', extra: true });
      // A new JWT carries them at the top level (the one cached before the change is not served again).
      const claims = decodeJwt(String(again.json.session_jwt));
      assert.equal(claims.tenant, 'acme');
      assert.equal(claims.extra, true);
      assert.equal(claims.level, undefined);
      for (const name of ['sub', 'iss', 'exp', 'roles', 'https://stytch.com/session']) {
        fails(await v1('POST', '/v1/sessions/authenticate', { session_token: s.token, session_custom_claims: { [name]: 'x' } }), 400, 'invalid_request_body');
      }
      fails(
        await v1('POST', '/v1/sessions/authenticate', { session_token: s.token, session_custom_claims: { big: 'x'.repeat(5000) } }),
        400,
        'invalid_request_body',
      );
    });

    it('authorization_check: the verdict with the granting roles, or 403 consumer_session_authorization_error', async () => {
      const s = await signedIn('authz@example.com');
      await v1('PUT', `/v1/users/${s.userId}`, { roles: ['editor'] });
      const yes = await v1('POST', '/v1/sessions/authenticate', { session_token: s.token, authorization_check: { resource_id: 'documents', action: 'write' } });
      assert.equal(yes.status, 200, JSON.stringify(yes.json));
      assert.deepEqual(yes.json.verdict, { authorized: true, granting_roles: ['editor'] });
      const no = await v1('POST', '/v1/sessions/authenticate', { session_token: s.token, authorization_check: { resource_id: 'documents', action: 'delete' } });
      fails(no, 403, 'consumer_session_authorization_error');
      assert.deepEqual(no.json.error_details, { resource_id: 'documents', action: 'delete' });
    });

    it('authenticate refuses neither or both credentials, an unknown token, a bad duration, an unknown field', async () => {
      const s = await signedIn('auth-bad@example.com');
      fails(await v1('POST', '/v1/sessions/authenticate', {}), 400, 'invalid_request_body');
      fails(await v1('POST', '/v1/sessions/authenticate', { session_token: s.token, session_jwt: s.jwt }), 400, 'invalid_request_body');
      fails(await v1('POST', '/v1/sessions/authenticate', { session_token: 'nope' }), 404, 'session_not_found');
      fails(await v1('POST', '/v1/sessions/authenticate', { session_token: s.token, session_duration_minutes: 1 }), 400, 'invalid_request_body');
      fails(await v1('POST', '/v1/sessions/authenticate', { session_token: s.token, user_id: 'x' }), 400, 'invalid_request_body');
    });

    it('GET /v1/sessions?user_id= lists the live sessions with roles; no user_id 400, unknown user 404', async () => {
      const s1 = await signedIn('list@example.com');
      const s2 = await signedIn('list@example.com');
      const r = await v1('GET', `/v1/sessions?user_id=${encodeURIComponent(s1.userId)}`);
      assert.equal(r.status, 200);
      const sessions = r.json.sessions as Json[];
      assert.deepEqual(sessions.map((x) => x.session_id).sort(), [s1.sessionId, s2.sessionId].sort());
      assert.deepEqual(sessions[0]?.roles, ['stytch_user']);
      fails(await v1('GET', '/v1/sessions'), 400, 'invalid_request_body');
      fails(await v1('GET', '/v1/sessions?user_id=user-test-unknown'), 404, 'user_not_found');
    });

    it('POST /v1/sessions/revoke by id, token or JWT: the session fails authenticate after; unknown 404; exactly one key', async () => {
      for (const by of ['session_id', 'session_token', 'session_jwt'] as const) {
        const s = await signedIn(`revoke-${by}@example.com`);
        const value = by === 'session_id' ? s.sessionId : by === 'session_token' ? s.token : s.jwt;
        const r = await v1('POST', '/v1/sessions/revoke', { [by]: value });
        assert.equal(r.status, 200, JSON.stringify(r.json));
        assert.deepEqual(Object.keys(r.json).sort(), ['request_id', 'status_code']);
        fails(await v1('POST', '/v1/sessions/authenticate', { session_token: s.token }), 404, 'session_not_found');
        assert.equal((await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: s.token, body: {} })).json.error_type, 'session_not_found');
        fails(await v1('POST', '/v1/sessions/revoke', { [by]: value }), 404, 'session_not_found');
      }
      fails(await v1('POST', '/v1/sessions/revoke', {}), 400, 'invalid_request_body');
      fails(await v1('POST', '/v1/sessions/revoke', { session_id: 'a', session_token: 'b' }), 400, 'invalid_request_body');
    });

    it('GET /v1/sessions/jwks/{project_id} serves the keys the JWTs verify with', async () => {
      const r = await v1('GET', `/v1/sessions/jwks/${t.projectId}`);
      assert.equal(r.status, 200);
      assert.ok(Array.isArray(r.json.keys) && (r.json.keys as unknown[]).length > 0);
      assert.equal(r.json.status_code, 200);
      assert.deepEqual(r.json.keys, (await t.call('GET', '/.well-known/jwks.json', { auth: false })).json.keys);
      // Public, as the keys are: no secret needed.
      assert.equal((await t.call('GET', `/v1/sessions/jwks/${t.projectId}`, { auth: false })).status, 200);
      assert.equal((await t.call('GET', '/v1/sessions/jwks/project-test-other', { auth: false })).json.error_type, 'not_found');
    });
  });

  it('GET /v1/rbac/policy: the project’s policy', async () => {
    const r = await v1('GET', '/v1/rbac/policy');
    assert.equal(r.status, 200);
    assert.deepEqual(r.json.policy, POLICY);
  });
});
