/**
 * Session revoke with a trusted auth token against the real reference server (docs/reference/sdk.md#sessions
 * Attestation): after a forced-clear revoke, with a user present, sessions/attest starts a fresh
 * session from the host's token.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { type RunningServer, startServer } from '../../server/start.ts';
import type { AuthClient } from '../client.ts';
import { recordingClient, signInByEmail } from '../test-support.ts';

const PROFILE = 'profile-host-idp';
let server: RunningServer;
let dataDir: string;
let signingKey: CryptoKey;
const clients: AuthClient[] = [];

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'auth-elements-sdk-sessions-'));
  const pair = await generateKeyPair('ES256', { extractable: true });
  signingKey = pair.privateKey;
  server = await startServer({
    port: 0,
    dataDir,
    trustedAuthTokenProfiles: [
      { profile_id: PROFILE, issuer: 'https://idp.example.com', audience: 'auth-elements', public_key_pem: await exportSPKI(pair.publicKey) },
    ],
  });
});
after(async () => {
  for (const c of clients) c.destroy();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const newClient = () => recordingClient(server, clients);

const trustedToken = (email: string) =>
  new SignJWT({ email })
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer('https://idp.example.com')
    .setAudience('auth-elements')
    .setExpirationTime('5m')
    .sign(signingKey);

let n = 0;
const email = (p: string) => `${p}-${Date.now()}-${n++}@example.com`;

describe('session.revoke with a trusted auth token (docs/reference/elements/auth-idp-consent.md#transitions Attestation)', () => {
  it('revokes, clears, then attests the trusted token into a fresh session', async () => {
    const { client, paths } = newClient();
    await signInByEmail(client, server.url, email('before'));
    const old = client.session.getSync()!;
    const oldToken = client.session.getTokens()!.session_token;
    const attested = email('attested');
    await client.session.revoke({
      forceClear: true,
      trustedAuthToken: { profile_id: PROFILE, token: await trustedToken(attested), session_duration_minutes: 45 },
    });
    const revokeAt = paths.lastIndexOf('/sessions/revoke');
    assert.ok(revokeAt >= 0 && paths.indexOf('/sessions/attest', revokeAt) > revokeAt, `calls: ${paths.join(', ')}`);
    const now = client.session.getSync();
    assert.ok(now, 'signed in again by the attestation');
    assert.notEqual(now.session_id, old.session_id);
    assert.equal(client.user.getSync()?.emails[0]?.email, attested);
    const me = await client.user.get();
    assert.equal(me.emails[0]?.email, attested);
    // The old session really was revoked on the server.
    const r = await fetch(`${server.url}/sdk/v1/sessions/authenticate`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${server.publicToken}:${oldToken}`)}`, 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(r.status, 404);
  });

  it('does not attest without a user, nor without forceClear', async () => {
    const signedOut = newClient();
    await signedOut.client.session.revoke({ forceClear: true, trustedAuthToken: { profile_id: PROFILE, token: await trustedToken(email('nouser')) } });
    assert.ok(!signedOut.paths.includes('/sessions/attest'), `calls: ${signedOut.paths.join(', ')}`);
    assert.equal(signedOut.client.session.getSync(), null);

    const plain = newClient();
    await signInByEmail(plain.client, server.url, email('plain'));
    await plain.client.session.revoke({ trustedAuthToken: { profile_id: PROFILE, token: await trustedToken(email('unused')) } });
    assert.ok(!plain.paths.includes('/sessions/attest'));
    assert.equal(plain.client.session.getSync(), null);
  });
});
