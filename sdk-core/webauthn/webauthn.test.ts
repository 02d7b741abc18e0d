/**
 * client.webauthn against the real reference server (in-process, SQLite in a temp folder). Node has no
 * navigator.credentials, so the raw calls are driven with the server tests' software authenticator; the
 * ceremonies are covered here for their Node-side rules and in Chromium by the widget tests.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SoftAuthenticator } from '../../server/test-soft-authenticator.ts';
import { type AuthClient, createClient } from '../client.ts';
import { ApiError, NoSessionError } from '../errors.ts';
import { MemoryCookieJar, MemoryStore } from '../storage.ts';
import { referenceServer, signInByEmail } from '../test-support.ts';
import { WebAuthnCeremonyError } from './errors.ts';
import { isWebAuthnAbort } from './index.ts';

// Node's fetch sends no Origin: the calls are server-to-server, so they name the RP ID, and the
// authenticator signs for an origin the test project allows on that host.
const ORIGIN = 'http://localhost:5173';
const DOMAIN = 'localhost';

const clients: AuthClient[] = [];
const { server } = referenceServer({}, clients);

/** Bodies of the PUT calls the clients made (the server is real; this only watches). */
const putBodies: unknown[] = [];

function newClient(): AuthClient {
  const warn = console.warn;
  console.warn = () => undefined; // several clients in one process is expected here
  try {
    const client = createClient(server.publicToken, {
      apiBaseUrl: server.url,
      fetch: (u, i) => {
        if (i.method === 'PUT' && typeof i.body === 'string') putBodies.push(JSON.parse(i.body));
        return fetch(u, i);
      },
      cookies: new MemoryCookieJar(),
      storage: new MemoryStore(),
      disableSessionRefresh: true,
    });
    clients.push(client);
    return client;
  } finally {
    console.warn = warn;
  }
}

describe('client.webauthn', () => {
  it('registers a passkey (raw calls), signs in with it after sign-out, renames and deletes it', async () => {
    const client = newClient();
    const email = `sdk-passkey-${Date.now()}@example.com`;
    await signInByEmail(client, server.url, email);
    const auth = new SoftAuthenticator();

    const start = await client.webauthn.registerStart({ domain: DOMAIN, is_passkey: true, user_agent: 'node-test' });
    const creation = JSON.parse(start.public_key_credential_creation_options!);
    assert.equal(creation.authenticatorSelection.residentKey, 'required');
    const registered = await client.webauthn.registerFinish({
      public_key_credential: JSON.stringify(auth.create(creation, ORIGIN)),
      session_duration_minutes: 60,
      is_passkey: true,
    });
    assert.ok(registered.webauthn_registration_id);
    // The answer is an authenticate answer: the client's user now lists the passkey.
    assert.deepEqual(
      client.user.getSync()?.webauthn_registrations.map((r) => r.webauthn_registration_id),
      [registered.webauthn_registration_id],
    );

    await client.session.revoke();
    assert.equal(client.session.getSync(), null);
    const request = await client.webauthn.authenticateStart({ domain: DOMAIN, is_passkey: true });
    const signedIn = await client.webauthn.authenticateFinish({
      public_key_credential: JSON.stringify(auth.get(request.public_key_credential_request_options!, ORIGIN)),
      session_duration_minutes: 30,
      is_passkey: true,
    });
    assert.equal(signedIn.webauthn_registration_id, registered.webauthn_registration_id);
    assert.equal(client.session.getSync()?.session_id, signedIn.session.session_id);
    assert.equal(client.session.getSync()?.authentication_factors[0]?.type, 'webauthn');

    const renamed = await client.webauthn.update({ webauthn_registration_id: registered.webauthn_registration_id, name: 'Laptop' });
    assert.equal(renamed.webauthn_registration.name, 'Laptop');
    // docs/reference/methods/webauthn.md#calls: the rename names the registration in the body as well as in the path.
    assert.deepEqual(putBodies.at(-1), { webauthn_registration_id: registered.webauthn_registration_id, name: 'Laptop' });
    assert.equal(client.user.getSync()?.webauthn_registrations[0]?.name, 'Laptop');

    const user = await client.webauthn.deleteRegistration(registered.webauthn_registration_id);
    assert.deepEqual(user.webauthn_registrations, []);
    assert.deepEqual(client.user.getSync()?.webauthn_registrations, []);
    await assert.rejects(
      client.webauthn.deleteRegistration(registered.webauthn_registration_id),
      (e: unknown) => e instanceof ApiError && e.error_type === 'webauthn_registration_not_found',
    );
  });

  it('authenticate start is primary signed out and secondary signed in (docs/reference/sdk.md#send-variants)', async () => {
    const client = newClient();
    const primary = await client.webauthn.authenticateStart({ domain: DOMAIN });
    assert.equal(primary.user_id, '');
    await signInByEmail(client, server.url, `sdk-passkey-secondary-${Date.now()}@example.com`);
    const secondary = await client.webauthn.authenticateStart({ domain: DOMAIN });
    assert.equal(secondary.user_id, client.session.getSync()?.user_id);
  });

  it('ceremonies: registration needs a session; autofill without browser support resolves to null', async () => {
    const client = newClient();
    await assert.rejects(client.webauthn.register({ session_duration_minutes: 30, is_passkey: true }), NoSessionError);
    assert.equal(await client.webauthn.browserSupportsAutofill(), false);
    assert.equal(await client.webauthn.authenticate({ session_duration_minutes: 30, conditional_mediation: true, domain: DOMAIN }), null);
    // A modal request in a runtime without WebAuthn fails in the browser step, after the start call.
    await assert.rejects(
      client.webauthn.authenticate({ session_duration_minutes: 30, domain: DOMAIN }),
      (e: unknown) => e instanceof WebAuthnCeremonyError && e.reason === 'unsupported',
    );
    const aborted = new AbortController();
    aborted.abort();
    await assert.rejects(client.webauthn.authenticate({ session_duration_minutes: 30, domain: DOMAIN, signal: aborted.signal }), (e: unknown) =>
      isWebAuthnAbort(e),
    );
  });

  it('maps server errors of the finish calls to ApiError', async () => {
    const client = newClient();
    await assert.rejects(
      client.webauthn.authenticateFinish({ public_key_credential: '{"id":1}', session_duration_minutes: 30 }),
      (e: unknown) => e instanceof ApiError && e.error_type === 'invalid_public_key_credential' && e.status_code === 400,
    );
    await assert.rejects(
      client.webauthn.registerFinish({ public_key_credential: '{}', session_duration_minutes: 30 }),
      (e: unknown) => e instanceof ApiError && e.error_type === 'user_unauthenticated',
    );
  });
});
