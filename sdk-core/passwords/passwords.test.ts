/**
 * Password resets through the client against the real reference server: by existing password and
 * by session, each with a success and a refusal.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AuthClient } from '../client.ts';
import { ApiError } from '../errors.ts';
import { recordingClient, referenceServer } from '../test-support.ts';

const clients: AuthClient[] = [];
const { server } = referenceServer({}, clients);
const newClient = () => recordingClient(server, clients);

let n = 0;
const email = () => `pw-${Date.now()}-${n++}@example.com`;
const FIRST = 'correct horse battery staple 71';
const SECOND = 'a quite different passphrase 93!';

describe('passwords.resetByExistingPassword', () => {
  it('replaces a known password and signs in with the new one', async () => {
    const { client } = newClient();
    const e = email();
    await client.passwords.create({ email: e, password: FIRST, session_duration_minutes: 30 });
    const other = newClient().client;
    const resp = await other.passwords.resetByExistingPassword({ email: e, existing_password: FIRST, new_password: SECOND, session_duration_minutes: 30 });
    assert.equal(resp.user.emails[0]?.email, e);
    assert.equal(other.session.getSync()?.session_id, resp.session.session_id, 'the reset signs the caller in');
    const old = await newClient()
      .client.passwords.authenticate({ email: e, password: FIRST, session_duration_minutes: 30 })
      .catch((x: unknown) => x);
    assert.ok(old instanceof ApiError, 'the old password no longer works');
    const fresh = await newClient().client.passwords.authenticate({ email: e, password: SECOND, session_duration_minutes: 30 });
    assert.equal(fresh.user_id, resp.user_id);
  });

  it('refuses a wrong existing password and leaves the caller signed out', async () => {
    const { client } = newClient();
    const e = email();
    await client.passwords.create({ email: e, password: FIRST, session_duration_minutes: 30 });
    const other = newClient().client;
    const err = await other.passwords
      .resetByExistingPassword({ email: e, existing_password: 'not the password at all 12', new_password: SECOND, session_duration_minutes: 30 })
      .catch((x: unknown) => x);
    assert.ok(err instanceof ApiError, String(err));
    assert.equal(err.error_type, 'unauthorized_credentials');
    assert.equal(other.session.getSync(), null);
  });
});

describe('passwords.resetBySession', () => {
  it('sets a new password for the signed-in user and keeps them signed in', async () => {
    const { client, cookies } = newClient();
    const e = email();
    const created = await client.passwords.create({ email: e, password: FIRST, session_duration_minutes: 30 });
    const resp = await client.passwords.resetBySession({ password: SECOND, session_duration_minutes: 30 });
    assert.equal(resp.user_id, created.user_id);
    assert.equal(cookies.get('stytch_session'), resp.session_token, 'the new session is stored');
    assert.ok(resp.session.authentication_factors.some((f) => f.type === 'password'));
    const fresh = await newClient().client.passwords.authenticate({ email: e, password: SECOND, session_duration_minutes: 30 });
    assert.equal(fresh.user_id, created.user_id);
  });

  it('refuses without a session (user_unauthenticated) and refuses a too-short password', async () => {
    const signedOut = newClient().client;
    const err = await signedOut.passwords.resetBySession({ password: SECOND, session_duration_minutes: 30 }).catch((x: unknown) => x);
    assert.ok(err instanceof ApiError, String(err));
    assert.equal(err.error_type, 'user_unauthenticated');

    const { client } = newClient();
    await client.passwords.create({ email: email(), password: FIRST, session_duration_minutes: 30 });
    const weak = await client.passwords.resetBySession({ password: 'xq7', session_duration_minutes: 30 }).catch((x: unknown) => x);
    assert.ok(weak instanceof ApiError, String(weak));
    assert.equal(weak.error_type, 'weak_password');
    assert.notEqual(client.session.getSync(), null, 'a refused new password does not sign the user out');
  });
});
