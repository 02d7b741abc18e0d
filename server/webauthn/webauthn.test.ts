import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SoftAuthenticator, type Tamper } from '../test-soft-authenticator.ts';
import { login, type TestApp, testApp } from '../test-helpers.ts';
import { WEBAUTHN_CHALLENGE_TTL_MS } from './ceremony.ts';
import { defaultPasskeyName } from './registration.ts';

type Json = Record<string, unknown>;
const ORIGIN = 'http://localhost:5173';
const data = (r: { json: Json }) => r.json.data as Json;

describe('webauthn: passkey registration, authentication, update, delete', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  /** register/start under `token` and the parsed creation options. */
  async function registerStart(token: string, body: Json = { return_passkey_credential_options: true }, origin = ORIGIN) {
    const r = await t.call('POST', '/sdk/v1/webauthn/register/start', { secret: token, origin, body });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return JSON.parse(String(data(r).public_key_credential_creation_options)) as Json & {
      challenge: string;
      rp: { id: string; name: string };
      user: { id: string; name: string };
      authenticatorSelection: Json;
      excludeCredentials: { id: string }[];
    };
  }

  async function register(token: string, auth: SoftAuthenticator, tamper: Tamper = {}, origin = ORIGIN) {
    const options = await registerStart(token, undefined, origin);
    const cred = auth.create(options, origin, tamper);
    return t.call('POST', '/sdk/v1/webauthn/register', {
      secret: token,
      origin,
      body: { public_key_credential: JSON.stringify(cred), session_duration_minutes: 60, is_passkey: true },
    });
  }

  async function authStart(opts: { secret?: string; variant?: 'primary' | 'secondary'; origin?: string; body?: Json } = {}) {
    const r = await t.call('POST', `/sdk/v1/webauthn/authenticate/start/${opts.variant ?? 'primary'}`, {
      ...(opts.secret ? { secret: opts.secret } : {}),
      origin: opts.origin ?? ORIGIN,
      body: opts.body ?? { return_passkey_credential_options: true },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return JSON.parse(String(data(r).public_key_credential_request_options)) as Json & { challenge: string; rpId: string; allowCredentials: { id: string }[] };
  }

  const authenticate = (cred: unknown, extra: { secret?: string; origin?: string } = {}) =>
    t.call('POST', '/sdk/v1/webauthn/authenticate', {
      ...(extra.secret ? { secret: extra.secret } : {}),
      origin: extra.origin ?? ORIGIN,
      body: { public_key_credential: JSON.stringify(cred), session_duration_minutes: 45, conditional_mediation: false, is_passkey: true },
    });

  it('register start: needs a session; 32-byte challenge, discoverable passkey options, RP ID from the Origin', async () => {
    const anon = await t.call('POST', '/sdk/v1/webauthn/register/start', { origin: ORIGIN, body: {} });
    assert.equal(anon.status, 401);
    assert.equal(anon.json.error_type, 'user_unauthenticated');
    const { token, data: d } = await login(t, 'pk-start@example.com');
    const o = await registerStart(token);
    assert.equal(Buffer.from(o.challenge, 'base64url').length, 32);
    assert.equal(o.rp.id, 'localhost');
    assert.equal(o.rp.name, 'Auth Elements Demo');
    assert.equal(o.user.name, 'pk-start@example.com');
    assert.equal(Buffer.from(o.user.id, 'base64url').toString(), d.user_id);
    assert.equal(o.authenticatorSelection.residentKey, 'required');
    assert.equal(o.authenticatorSelection.userVerification, 'preferred');
    assert.equal(o.attestation, 'none');
    const other = await registerStart(token, { authenticator_type: 'platform', domain: 'localhost' });
    assert.equal(other.authenticatorSelection.authenticatorAttachment, 'platform');
    assert.notEqual(other.challenge, o.challenge);
  });

  it('register start: refuses a domain that is not the origin host (or a parent) and bad input with stable 4xx', async () => {
    const { token } = await login(t, 'pk-domain@example.com');
    for (const [body, type] of [
      [{ domain: 'evil.example.com' }, 'invalid_webauthn_domain'],
      [{ domain: 'com' }, 'invalid_webauthn_domain'],
      [{ authenticator_type: 'toaster' }, 'invalid_request_body'],
      [{ return_passkey_credential_options: 'yes' }, 'invalid_request_body'],
      [{ override_id: 'x'.repeat(65) }, 'invalid_request_body'],
    ] as const) {
      const r = await t.call('POST', '/sdk/v1/webauthn/register/start', { secret: token, origin: ORIGIN, body });
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.json.error_type, type);
    }
    const notJson = await t.call('POST', '/sdk/v1/webauthn/register/start', {
      secret: token,
      origin: ORIGIN,
      raw: '{',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(notJson.status, 400);
    assert.equal(notJson.json.error_type, 'invalid_json');
    // Server-to-server (no Origin): the domain must be one the project's allowed origins live on.
    const s2s = await t.call('POST', '/sdk/v1/webauthn/register/start', { secret: token, body: {} });
    assert.equal(s2s.json.error_type, 'invalid_webauthn_domain');
    const s2sOk = await t.call('POST', '/sdk/v1/webauthn/register/start', { secret: token, body: { domain: 'localhost' } });
    assert.equal(s2sOk.status, 200);
    const foreign = await t.call('POST', '/sdk/v1/webauthn/register/start', { secret: token, origin: 'https://evil.example.com', body: {} });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.json.error_type, 'invalid_origin');
  });

  it('registers a passkey: session gains the webauthn factor, users/me lists it with name and user agent', async () => {
    const { token } = await login(t, 'pk-register@example.com');
    const auth = new SoftAuthenticator();
    // The SDK sends the browser's user agent with register start (docs/reference/methods/webauthn.md#calls); that is what is kept.
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
    const options = await registerStart(token, { return_passkey_credential_options: true, user_agent: ua });
    const r = await t.call('POST', '/sdk/v1/webauthn/register', {
      secret: token,
      origin: ORIGIN,
      body: { public_key_credential: JSON.stringify(auth.create(options, ORIGIN)), session_duration_minutes: 60 },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const d = data(r) as Json & { session: { authentication_factors: Json[] }; user: { webauthn_registrations: Json[] } };
    // Register keeps the caller's session (same token) and adds the factor to it.
    assert.equal(d.session_token, token);
    assert.deepEqual(
      d.session.authentication_factors.map((f) => f.type),
      ['otp', 'webauthn'],
    );
    const reg = d.user.webauthn_registrations[0]!;
    assert.equal(reg.webauthn_registration_id, d.webauthn_registration_id);
    assert.equal(reg.domain, 'localhost');
    assert.equal(reg.is_passkey, true);
    assert.equal(reg.verified, true);
    assert.equal(reg.user_agent, ua);
    assert.equal(reg.name, 'Chrome on Linux');
    const me = await t.call('GET', '/sdk/v1/users/me', { secret: token });
    assert.equal((data(me).webauthn_registrations as Json[]).length, 1);
    // Next start excludes the registered credential (the browser reports a duplicate).
    const again = await registerStart(token);
    assert.deepEqual(
      again.excludeCredentials.map((c) => c.id),
      [auth.credentials[0]!.id.toString('base64url')],
    );
  });

  it('register: replayed challenge, expired challenge, wrong origin, wrong RP ID, missing user presence, duplicates, bad JSON', async () => {
    const { token } = await login(t, 'pk-register-bad@example.com');
    const auth = new SoftAuthenticator();
    const options = await registerStart(token);
    const cred = auth.create(options, ORIGIN);
    const send = (c: unknown, secret = token) =>
      t.call('POST', '/sdk/v1/webauthn/register', { secret, origin: ORIGIN, body: { public_key_credential: typeof c === 'string' ? c : JSON.stringify(c) } });
    assert.equal((await send(cred)).status, 200);
    const replay = await send(cred);
    assert.equal(replay.status, 404);
    assert.equal(replay.json.error_type, 'webauthn_challenge_not_found');

    // The same credential again under a fresh challenge: the unique constraint says duplicate.
    const o2 = await registerStart(token);
    const dupe = JSON.parse(JSON.stringify(cred)) as typeof cred;
    const cd = JSON.parse(Buffer.from(dupe.response.clientDataJSON, 'base64url').toString());
    cd.challenge = o2.challenge;
    dupe.response.clientDataJSON = Buffer.from(JSON.stringify(cd)).toString('base64url');
    const dup = await send(dupe);
    assert.equal(dup.status, 400);
    assert.equal(dup.json.error_type, 'duplicate_webauthn_registration');

    const expiredOpts = await registerStart(token);
    t.advance(WEBAUTHN_CHALLENGE_TTL_MS + 1);
    const expired = await send(auth.create(expiredOpts, ORIGIN));
    assert.equal(expired.json.error_type, 'webauthn_challenge_not_found');

    for (const tamper of [{ origin: 'http://localhost:9999' }, { origin: 'https://evil.example.com' }, { rpId: 'example.com' }, { flags: 0x44 }] as Tamper[]) {
      const r = await send(auth.create(await registerStart(token), ORIGIN, tamper));
      assert.equal(r.status, 400, JSON.stringify(tamper));
      assert.equal(r.json.error_type, 'invalid_public_key_credential');
    }
    for (const bad of [
      'nope',
      '{}',
      JSON.stringify({ id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: '!!' } }),
      JSON.stringify({ ...cred, response: { clientDataJSON: cred.response.clientDataJSON } }),
    ]) {
      const r = await send(bad);
      assert.equal(r.status, 400, bad);
      assert.equal(r.json.error_type, 'invalid_public_key_credential');
    }
    const schema = await t.call('POST', '/sdk/v1/webauthn/register', { secret: token, origin: ORIGIN, body: { public_key_credential: 5 } });
    assert.equal(schema.json.error_type, 'invalid_request_body');
    // A challenge issued to one user's session cannot register a credential for another user.
    const other = await login(t, 'pk-register-other@example.com');
    const stolen = await send(auth.create(await registerStart(token), ORIGIN), other.token);
    assert.equal(stolen.json.error_type, 'webauthn_challenge_not_found');
    const anon = await send(cred, t.publicToken);
    assert.equal(anon.json.error_type, 'user_unauthenticated');
  });

  it('authenticates with a discoverable passkey (primary) into a new session; counters must increase', async () => {
    const { token } = await login(t, 'pk-auth@example.com');
    const auth = new SoftAuthenticator();
    const reg = data(await register(token, auth));
    const options = await authStart();
    assert.equal(Buffer.from(options.challenge, 'base64url').length, 32);
    assert.equal(options.rpId, 'localhost');
    assert.deepEqual(options.allowCredentials, []);
    const r = await authenticate(auth.get(options, ORIGIN));
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const d = data(r) as Json & { session: { authentication_factors: Json[]; expires_at: string } };
    assert.notEqual(d.session_token, token);
    assert.equal(d.user_id, reg.user_id);
    assert.equal(d.webauthn_registration_id, reg.webauthn_registration_id);
    assert.deepEqual(d.session.authentication_factors[0], {
      type: 'webauthn',
      delivery_method: 'webauthn_registration',
      last_authenticated_at: new Date(t.clock.t).toISOString(),
      webauthn_factor: { webauthn_registration_id: reg.webauthn_registration_id, domain: 'localhost', user_agent: '' },
    });
    assert.equal(Date.parse(d.session.expires_at) - t.clock.t, 45 * 60_000);
    const me = await t.call('GET', '/sdk/v1/users/me', { secret: String(d.session_token) });
    assert.equal(me.status, 200);
    // The account page shows when each passkey was last used (issue 30).
    const passkeys = (me.json.data as { webauthn_registrations: { last_used_at: string | null }[] }).webauthn_registrations;
    assert.equal(passkeys[0]?.last_used_at, new Date(t.clock.t).toISOString());

    // Counter 1 was used; an assertion that reports 1 again (a clone or replay) is refused.
    const stale = await authenticate(auth.get(await authStart(), ORIGIN, { counter: 1 }));
    assert.equal(stale.status, 401);
    assert.equal(stale.json.error_type, 'unable_to_auth_webauthn_registration');
    const next = await authenticate(auth.get(await authStart(), ORIGIN));
    assert.equal(next.status, 200);
  });

  it('authenticate: replayed and expired challenges, wrong origin, bad signature, unknown credential', async () => {
    const { token } = await login(t, 'pk-auth-bad@example.com');
    const auth = new SoftAuthenticator();
    await register(token, auth);
    const options = await authStart();
    const cred = auth.get(options, ORIGIN);
    assert.equal((await authenticate(cred)).status, 200);
    const replay = await authenticate(cred);
    assert.equal(replay.status, 404);
    assert.equal(replay.json.error_type, 'webauthn_challenge_not_found');

    const late = await authStart();
    t.advance(WEBAUTHN_CHALLENGE_TTL_MS + 1);
    assert.equal((await authenticate(auth.get(late, ORIGIN))).json.error_type, 'webauthn_challenge_not_found');

    for (const tamper of [{ origin: 'http://127.0.0.1:5173' }, { rpId: 'example.com' }, { badSignature: true }, { flags: 0x04 }] as Tamper[]) {
      const r = await authenticate(auth.get(await authStart(), ORIGIN, tamper));
      assert.equal(r.status, 401, JSON.stringify(tamper));
      assert.equal(r.json.error_type, 'unable_to_auth_webauthn_registration');
    }
    // A passkey the password manager still has after it was deleted from the account (docs/reference/methods/webauthn.md#errors).
    const stranger = new SoftAuthenticator();
    stranger.create({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'dXNlcg' } }, ORIGIN);
    const unknown = await authenticate(stranger.get(await authStart(), ORIGIN));
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error_type, 'webauthn_registration_not_found');
    for (const bad of ['[]', JSON.stringify({ ...cred, response: { clientDataJSON: cred.response.clientDataJSON } })]) {
      const r = await t.call('POST', '/sdk/v1/webauthn/authenticate', { origin: ORIGIN, body: { public_key_credential: bad } });
      assert.equal(r.status, 400);
      assert.equal(r.json.error_type, 'invalid_public_key_credential');
    }
    const noStart = await t.call('POST', '/sdk/v1/webauthn/authenticate/start/primary', { origin: ORIGIN, body: { domain: 'nope.example.com' } });
    assert.equal(noStart.json.error_type, 'invalid_webauthn_domain');
  });

  it("secondary start lists the user's credentials and adds the factor to the same session", async () => {
    const { token } = await login(t, 'pk-secondary@example.com');
    const auth = new SoftAuthenticator();
    await register(token, auth);
    const anon = await t.call('POST', '/sdk/v1/webauthn/authenticate/start/secondary', { origin: ORIGIN, body: {} });
    assert.equal(anon.json.error_type, 'user_unauthenticated');
    const options = await authStart({ secret: token, variant: 'secondary', body: {} });
    assert.deepEqual(
      options.allowCredentials.map((c) => c.id),
      [auth.credentials[0]!.id.toString('base64url')],
    );
    const r = await authenticate(auth.get(options, ORIGIN), { secret: token });
    assert.equal(r.status, 200);
    assert.equal(data(r).session_token, token);
    // Another user's passkey cannot answer a challenge bound to this user's session.
    const other = await login(t, 'pk-secondary-other@example.com');
    const otherAuth = new SoftAuthenticator();
    await register(other.token, otherAuth);
    const bound = await authStart({ secret: token, variant: 'secondary', body: { return_passkey_credential_options: true } });
    const wrongUser = await authenticate(otherAuth.get(bound, ORIGIN), { secret: token });
    assert.equal(wrongUser.json.error_type, 'unable_to_auth_webauthn_registration');
  });

  it('user verification as configured: required refuses an assertion without UV', async () => {
    const strict = await testApp();
    try {
      strict.services.project.config.webauthn = { user_verification: 'required' };
      const { token } = await login(strict, 'pk-uv@example.com');
      const auth = new SoftAuthenticator();
      const start = await strict.call('POST', '/sdk/v1/webauthn/register/start', {
        secret: token,
        origin: ORIGIN,
        body: { return_passkey_credential_options: true },
      });
      const options = JSON.parse(String(data(start).public_key_credential_creation_options));
      assert.equal(options.authenticatorSelection.userVerification, 'required');
      const noUv = await strict.call('POST', '/sdk/v1/webauthn/register', {
        secret: token,
        origin: ORIGIN,
        body: { public_key_credential: JSON.stringify(auth.create(options, ORIGIN, { flags: 0x41 })) },
      });
      assert.equal(noUv.json.error_type, 'invalid_public_key_credential');
    } finally {
      await strict.close();
    }
  });

  it("update renames; delete removes; both only the user's own registrations", async () => {
    const { token } = await login(t, 'pk-manage@example.com');
    const auth = new SoftAuthenticator();
    const id = String(data(await register(token, auth)).webauthn_registration_id);
    const renamed = await t.call('PUT', `/sdk/v1/webauthn/update/${id}`, { secret: token, origin: ORIGIN, body: { name: '  Work laptop  ' } });
    assert.equal(renamed.status, 200);
    assert.equal((data(renamed).webauthn_registration as Json).name, 'Work laptop');
    // docs/reference/methods/webauthn.md#calls: the widget also sends the id in the body.
    const withId = await t.call('PUT', `/sdk/v1/webauthn/update/${id}`, {
      secret: token,
      origin: ORIGIN,
      body: { webauthn_registration_id: id, name: 'Work laptop' },
    });
    assert.equal(withId.status, 200);
    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(201) },
      {},
      { webauthn_registration_id: `${id}-other`, name: 'Other' },
      { webauthn_registration_id: 5, name: 'Other' },
    ]) {
      const r = await t.call('PUT', `/sdk/v1/webauthn/update/${id}`, { secret: token, origin: ORIGIN, body });
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.json.error_type, 'invalid_request_body');
    }
    const other = await login(t, 'pk-manage-other@example.com');
    const foreignRename = await t.call('PUT', `/sdk/v1/webauthn/update/${id}`, { secret: other.token, origin: ORIGIN, body: { name: 'mine' } });
    assert.equal(foreignRename.status, 404);
    assert.equal(foreignRename.json.error_type, 'webauthn_registration_not_found');
    const foreignDelete = await t.call('DELETE', `/sdk/v1/users/webauthn_registrations/${id}`, { secret: other.token, origin: ORIGIN });
    assert.equal(foreignDelete.json.error_type, 'webauthn_registration_not_found');
    const anon = await t.call('DELETE', `/sdk/v1/users/webauthn_registrations/${id}`, { origin: ORIGIN });
    assert.equal(anon.json.error_type, 'user_unauthenticated');

    const deleted = await t.call('DELETE', `/sdk/v1/users/webauthn_registrations/${id}`, { secret: token, origin: ORIGIN });
    assert.equal(deleted.status, 200);
    assert.deepEqual((data(deleted).user as Json).webauthn_registrations, []);
    const again = await t.call('DELETE', `/sdk/v1/users/webauthn_registrations/${id}`, { secret: token, origin: ORIGIN });
    assert.equal(again.status, 404);
    // The deleted passkey no longer signs anyone in.
    const gone = await authenticate(auth.get(await authStart(), ORIGIN));
    assert.equal(gone.json.error_type, 'webauthn_registration_not_found');
    const wrongMethod = await t.call('GET', `/sdk/v1/webauthn/update/${id}`, { secret: token });
    assert.equal(wrongMethod.status, 405);
  });

  it('a challenge is claimed once even by parallel finishes', async () => {
    const { token } = await login(t, 'pk-parallel@example.com');
    const auth = new SoftAuthenticator();
    await register(token, auth);
    const cred = auth.get(await authStart(), ORIGIN);
    const results = await Promise.all(Array.from({ length: 10 }, () => authenticate(cred)));
    assert.equal(results.filter((r) => r.status === 200).length, 1);
    assert.ok(results.filter((r) => r.status !== 200).every((r) => r.json.error_type === 'webauthn_challenge_not_found'));
  });

  it('names passkeys after the browser and OS', () => {
    assert.equal(
      defaultPasskeyName('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15'),
      'Safari on macOS',
    );
    assert.equal(defaultPasskeyName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36 Edg/120.0'), 'Edge on Windows');
    assert.equal(defaultPasskeyName(''), 'Passkey');
  });
});
