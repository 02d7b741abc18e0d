/**
 * Attack: guessing a confidential client's secret at the token endpoint. It used to count no failed
 * client authentication (109 guesses a second from one machine), and a project file could declare a
 * client by the SHA-256 of a weak secret. Now failures are limited per client IP (30 per 10 minutes) and
 * per confidential client from every IP (100 per 10 minutes, after which only IPs the client used lately
 * pass): 429 invalid_client with Retry-After, before the guess is compared. Parallel bursts get exactly
 * the limit compared. A project file with the hash of a guessable secret stops the start, and a secret shorter than 32
 * characters never authenticates.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CLIENT_AUTH_FAILURES_PER_CLIENT, CLIENT_AUTH_FAILURES_PER_IP } from '../../server/idp/client-auth-limits.ts';
import { type IdpSetup, setupIdp } from '../../server/idp/test-flow.ts';
import { createApp } from '../../server/app.ts';
import { readLiveProjectFile } from '../../server/project/file.ts';
import { type TestApp, tempDir, testApp } from '../../server/test-helpers.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A token request from `ip` (the app trusts X-Forwarded-For) with client_secret_basic; a bogus refresh token. */
async function attempt(t: TestApp, ip: string, clientId: string, secret: string | undefined) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip };
  const form: Record<string, string> = { grant_type: 'refresh_token', refresh_token: 'not-a-refresh-token' };
  if (secret === undefined) form.client_id = clientId;
  else headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
  const r = await t.call('POST', `/v1/public/${t.projectId}/oauth2/token`, { auth: false, raw: new URLSearchParams(form).toString(), headers });
  return { status: r.status, error: r.json.error, retryAfter: r.headers.get('retry-after') };
}

/** The client authenticated (the bogus refresh token is what failed). */
const authenticated = (r: { status: number; error: unknown }) => r.status === 400 && r.error === 'invalid_grant';
const guess = () => `guess-${randomBytes(24).toString('base64url')}`;

describe('attack: guessing a client secret at the token endpoint', () => {
  let t: TestApp;
  let s: IdpSetup;
  before(async () => {
    t = await testApp({ trustProxy: true });
    s = await setupIdp(t);
  });
  after(() => t.close());

  it('one IP: 30 wrong secrets are compared, the 31st and even the right secret get 429 with Retry-After; another IP is not affected', async () => {
    for (let i = 0; i < CLIENT_AUTH_FAILURES_PER_IP.max; i++) {
      const r = await attempt(t, '198.51.100.1', s.clientId, guess());
      assert.equal(r.status, 401, `guess ${i + 1}`);
      assert.equal(r.error, 'invalid_client');
    }
    const over = await attempt(t, '198.51.100.1', s.clientId, guess());
    assert.equal(over.status, 429);
    assert.equal(over.error, 'invalid_client');
    assert.ok(Number(over.retryAfter) > 0 && Number(over.retryAfter) <= 600, String(over.retryAfter));
    const right = await attempt(t, '198.51.100.1', s.clientId, s.clientSecret);
    assert.equal(right.status, 429, 'a refused attempt tells nothing about the secret');
    // Unknown client ids from that IP are refused the same way.
    assert.equal((await attempt(t, '198.51.100.1', 'no-such-client', guess())).status, 429);
    assert.ok(authenticated(await attempt(t, '198.51.100.2', s.clientId, s.clientSecret)));
    t.advance(10 * 60_000);
    assert.ok(authenticated(await attempt(t, '198.51.100.1', s.clientId, s.clientSecret)), 'the window ends');
  });

  it('a burst of 100 parallel guesses from one IP: exactly 30 are compared, the rest are 429', async () => {
    t.advance(10 * 60_000);
    const results = await Promise.all(Array.from({ length: 100 }, () => attempt(t, '198.51.100.3', s.clientId, guess())));
    assert.equal(results.filter((r) => r.status === 401).length, CLIENT_AUTH_FAILURES_PER_IP.max);
    assert.equal(results.filter((r) => r.status === 429).length, 100 - CLIENT_AUTH_FAILURES_PER_IP.max);
    assert.equal((await attempt(t, '198.51.100.3', s.clientId, guess())).status, 429);
    // The right secret in parallel from a fresh IP is not throttled: only failures count.
    const right = await Promise.all(Array.from({ length: 60 }, () => attempt(t, '198.51.100.4', s.clientId, s.clientSecret)));
    assert.ok(right.every(authenticated));
  });

  it("many IPs: past 100 failures the client is guarded, a new IP waits, the client's own backend (an IP it used) still passes", async () => {
    t.advance(10 * 60_000);
    const backend = '192.0.2.10';
    assert.ok(authenticated(await attempt(t, backend, s.firstPartyId, s.firstPartySecret)));
    for (let i = 0; i < CLIENT_AUTH_FAILURES_PER_CLIENT.max; i++) {
      assert.equal((await attempt(t, `203.0.113.${i + 1}`, s.firstPartyId, guess())).status, 401, `IP ${i + 1}`);
    }
    const stranger = await attempt(t, '203.0.113.200', s.firstPartyId, guess());
    assert.equal(stranger.status, 429);
    assert.equal(stranger.error, 'invalid_client');
    assert.equal((await attempt(t, '203.0.113.201', s.firstPartyId, s.firstPartySecret)).status, 429, 'a new IP, even with the secret, waits');
    assert.ok(authenticated(await attempt(t, backend, s.firstPartyId, s.firstPartySecret)), 'the backend keeps working during the attack');
    // Another client is not guarded.
    assert.ok(authenticated(await attempt(t, '203.0.113.201', s.clientId, s.clientSecret)));
    t.advance(10 * 60_000);
    assert.ok(authenticated(await attempt(t, '203.0.113.201', s.firstPartyId, s.firstPartySecret)));
  });

  it('failures against a public client never guard it (its users come from anywhere)', async () => {
    t.advance(10 * 60_000);
    for (let i = 0; i < CLIENT_AUTH_FAILURES_PER_CLIENT.max + 5; i++) {
      assert.equal((await attempt(t, `10.1.${Math.floor(i / 250)}.${i % 250}`, s.publicClientId, guess())).status, 401);
    }
    assert.ok(authenticated(await attempt(t, '10.9.9.9', s.publicClientId, undefined)));
  });
});

describe('attack: a weak client secret', () => {
  const base = { public_token: 'public-token-live-0123456789abcdef', project_name: 'Live Co', allowed_origins: ['https://app.example.com'] };
  const client = (secretSha256: string) => ({
    client_id: 'acme-web',
    client_name: 'Acme',
    redirect_uris: ['https://acme.example/callback'],
    client_secret_sha256: secretSha256,
  });
  /** Why the server refuses to start on this project file ('' when it starts). */
  const refusal = async (value: unknown): Promise<string> => {
    const tmp = tempDir();
    const path = join(tmp.dir, 'project.json');
    writeFileSync(path, JSON.stringify(value));
    try {
      const app = await createApp({ dataDir: tmp.dir, liveProject: readLiveProjectFile(path), logger: () => undefined });
      await app.close();
      return '';
    } catch (err) {
      return (err as Error).message;
    } finally {
      tmp.cleanup();
    }
  };

  it('a project file with the SHA-256 of a guessable secret is refused at start', async () => {
    for (const weak of ['', 'password', 'Password1', 'secret', 'qwerty123', 'Zq', '7', '0042', 'acme-web', 'Acme']) {
      assert.match(
        await refusal({ ...base, idp_clients: [client(sha256(weak))] }),
        /idp_clients\[0\]\.client_secret_sha256 is the SHA-256 of a guessable secret/,
        weak,
      );
    }
    assert.match(await refusal({ ...base, idp_clients: [client(sha256('password').toUpperCase())] }), /client_secret_sha256/);
    assert.equal(await refusal({ ...base, idp_clients: [client(sha256(randomBytes(32).toString('base64url')))] }), '');
    assert.equal(await refusal({ ...base, idp_clients: [{ ...client(''), client_secret_sha256: undefined }] }), '', 'a public client has no secret');
  });

  it('a secret shorter than 32 characters never authenticates, even when its hash is configured', async () => {
    const short = 'k7#Qm2!vX9pL'; // 12 characters, on no list
    const long = randomBytes(32).toString('base64url');
    const t = await testApp({
      idpClients: [
        { client_id: 'short-rp', client_name: 'Short', redirect_uris: ['https://short.example/cb'], client_secret_sha256: sha256(short) },
        { client_id: 'long-rp', client_name: 'Long', redirect_uris: ['https://long.example/cb'], client_secret_sha256: sha256(long) },
      ],
    });
    try {
      const r = await attempt(t, '127.0.0.1', 'short-rp', short);
      assert.equal(r.status, 401);
      assert.equal(r.error, 'invalid_client');
      assert.ok(authenticated(await attempt(t, '127.0.0.1', 'long-rp', long)));
    } finally {
      await t.close();
    }
  });
});
