/**
 * `auth-elements/server`'s verifier against the real reference server (listening on loopback): a valid
 * JWT from each kind of input, a missing one, tampering, `alg: none` and HMAC, the wrong project or
 * issuer, an expired JWT, and a key rotation followed by one fetch of the key set; then the fallback to the
 * server with the project secret: an expired JWT, maxAgeSeconds and a revoke, a wrong secret.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createProjectSecret } from '../../server/backend/secrets.ts';
import { KEY_REFRESH_MS, rotateSigningKey, SESSION_JWT_TTL_SECONDS } from '../../server/keys.ts';
import { login, type TestApp, testApp } from '../../server/test-helpers.ts';
import { createSessionVerifier, SessionVerificationError, type SessionVerifierOptions, type VerifyInput } from '../server.ts';

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');
const part = (jwt: string, i: number) => JSON.parse(Buffer.from(jwt.split('.')[i]!, 'base64url').toString()) as Record<string, unknown>;

/** Asserts `p` rejects with a SessionVerificationError of `code`. */
async function refused(p: Promise<unknown>, code: SessionVerificationError['code']): Promise<SessionVerificationError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof SessionVerificationError, `a SessionVerificationError, got ${String(e)}`);
    assert.equal(e.code, code, e.message);
    return e;
  }
  assert.fail(`expected a ${code} refusal`);
}

describe('createSessionVerifier', () => {
  let t: TestApp;
  let base: string;
  let jwt: string;
  let userId: string;
  let fetches: string[];
  const verifier = (o: Partial<SessionVerifierOptions> = {}) =>
    createSessionVerifier({
      serverUrl: `${base}/`,
      projectId: t.projectId,
      now: () => t.clock.t,
      fetch: (url, init) => {
        fetches.push(String(url));
        return fetch(url, init);
      },
      ...o,
    });

  before(async () => {
    t = await testApp();
    base = await t.listen();
    const { data } = await login(t, 'verifier@example.com');
    jwt = String(data.session_jwt);
    userId = String(data.user_id);
  });
  after(() => t.close());

  it('verifies the session JWT from a cookie map, a Map, a Fetch Request, a Node request and a Bearer header', async () => {
    fetches = [];
    const v = verifier();
    const inputs: VerifyInput[] = [
      { stytch_session_jwt: jwt },
      new Map([['stytch_session_jwt', jwt]]),
      new Request(`${base}/x`, { headers: { cookie: `other=1; stytch_session_jwt=${jwt}` } }),
      { headers: { cookie: `stytch_session_jwt=${jwt}`, host: 'app.example' } },
      new Request(`${base}/x`, { headers: { authorization: `Bearer ${jwt}` } }),
      { get: (name: string) => (name === 'stytch_session_jwt' ? { value: jwt } : undefined) },
    ];
    for (const input of inputs) {
      const r = await v.verify(input);
      assert.equal(r.userId, userId);
      assert.equal(r.source, 'jwt');
      assert.equal(r.session.user_id, userId);
      assert.deepEqual(r.session.roles, ['stytch_user']);
      assert.equal(r.user, undefined);
    }
    assert.deepEqual(fetches, [`${base}/v1/sessions/jwks/${t.projectId}`], 'the key set is fetched once and cached');
  });

  it('refuses a request without a session JWT as missing', async () => {
    fetches = [];
    const v = verifier();
    await refused(v.verify({}), 'missing');
    await refused(v.verify(new Request(`${base}/x`, { headers: { cookie: 'stytch_session=abc' } })), 'missing');
    await refused(v.verify({ headers: {} }), 'missing');
    assert.equal((await refused(v.verify(new Map()), 'missing')).status, 401);
    assert.deepEqual(fetches, [], 'nothing is fetched for a request without a JWT');
  });

  it('refuses a tampered JWT, alg none, an HMAC JWT signed with the public key, and garbage as invalid', async () => {
    const v = verifier();
    const [h, , s] = jwt.split('.');
    const forged = b64url(JSON.stringify({ ...part(jwt, 1), sub: 'user-test-someone-else' }));
    await refused(v.verifyJwt(`${h}.${forged}.${s}`), 'invalid');
    const none = b64url(JSON.stringify({ alg: 'none', typ: 'JWT', kid: part(jwt, 0).kid }));
    await refused(v.verifyJwt(`${none}.${forged}.`), 'invalid');
    await refused(v.verifyJwt(`${none}.${forged}.${s}`), 'invalid');
    const jwks = (await (await fetch(`${base}/v1/sessions/jwks/${t.projectId}`)).json()) as { keys: unknown[] };
    const hs = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: part(jwt, 0).kid }));
    const mac = createHmac('sha256', JSON.stringify(jwks.keys[0])).update(`${hs}.${forged}`).digest('base64url');
    await refused(v.verifyJwt(`${hs}.${forged}.${mac}`), 'invalid');
    for (const bad of ['x', 'a.b.c', `${h}.${forged}`, `${h}.%%%.${s}`, 'e30.e30.e30']) await refused(v.verifyJwt(bad), 'invalid');
  });

  it('refuses a JWT of another project (aud) or another issuer', async () => {
    const otherProject = verifier({ projectId: 'project-test-00000000-0000-4000-8000-000000000000', jwksUrl: `${base}/.well-known/jwks.json` });
    await refused(otherProject.verifyJwt(jwt), 'invalid');
    await refused(verifier({ issuer: 'https://auth.other.example' }).verifyJwt(jwt), 'invalid');
    // The issuer check is exact: the default list is the server URL (trailing slash trimmed) and stytch.com/{project_id}.
    assert.equal(part(jwt, 1).iss, base);
    assert.equal((await verifier({ issuer: [base] }).verifyJwt(jwt)).userId, userId);
  });

  it('an expired JWT without a secret is refused as expired; maxAgeSeconds without a secret is a usage error', async () => {
    const later = createSessionVerifier({ serverUrl: base, projectId: t.projectId, now: () => t.clock.t + (SESSION_JWT_TTL_SECONDS + 60) * 1000 });
    await refused(later.verifyJwt(jwt), 'expired');
    await assert.rejects(verifier().verifyJwt(jwt, { maxAgeSeconds: 0 }), TypeError);
  });

  it('after a key rotation, a JWT of the new key fetches the key set again (once); an unknown kid within the cooldown fetches nothing', async () => {
    fetches = [];
    const v = verifier();
    assert.equal((await v.verifyJwt(jwt)).userId, userId);
    assert.equal(fetches.length, 1);
    // (A moment after the first key's, so the new key is the newer one.)
    t.advance(1000);
    const { kid } = await rotateSigningKey(t.services.db, { now: t.clock.t });
    // The server's key ring picks the new key up within KEY_REFRESH_MS; past the verifier's cooldown (10 s) too.
    t.advance(Math.max(KEY_REFRESH_MS, 10_000));
    const { data } = await login(t, 'after-rotation@example.com');
    const rotated = String(data.session_jwt);
    assert.equal(part(rotated, 0).kid, kid);
    assert.equal((await v.verifyJwt(rotated)).userId, data.user_id);
    assert.equal(fetches.length, 2, 'one more fetch for the new kid');
    // The old key stays published until its JWTs have expired: the first JWT still verifies, from the cache.
    assert.equal((await v.verifyJwt(jwt)).userId, userId);
    const unknown = `${b64url(JSON.stringify({ ...part(rotated, 0), kid: 'jwk-unknown' }))}.${rotated.split('.')[1]}.${rotated.split('.')[2]}`;
    await refused(v.verifyJwt(unknown), 'invalid');
    await refused(v.verifyJwt(unknown), 'invalid');
    assert.equal(fetches.length, 2, 'an unknown kid within the cooldown fetches nothing');
  });

  it('answers network when the key set cannot be fetched', async () => {
    const e = await refused(createSessionVerifier({ serverUrl: 'http://127.0.0.1:9', projectId: t.projectId, now: () => t.clock.t }).verifyJwt(jwt), 'network');
    assert.equal(e.status, 503);
  });
});

describe('createSessionVerifier: the server fallback (POST /v1/sessions/authenticate with the project secret)', () => {
  let t: TestApp;
  let base: string;
  let secret: string;
  before(async () => {
    t = await testApp();
    base = await t.listen();
    secret = (await createProjectSecret(t.services.db.kysely, t.services.project, t.clock.t)).secret;
  });
  after(() => t.close());

  const verifier = (o: Partial<SessionVerifierOptions> = {}) =>
    createSessionVerifier({ serverUrl: base, projectId: t.projectId, secret, now: () => t.clock.t, ...o });

  it('an expired JWT of a live session is vouched for by the server, with the user and a fresh JWT', async () => {
    const { data } = await login(t, 'fallback@example.com');
    const jwt = String(data.session_jwt);
    t.advance((SESSION_JWT_TTL_SECONDS + 60) * 1000);
    const r = await verifier().verifyJwt(jwt);
    assert.equal(r.source, 'server');
    assert.equal(r.userId, data.user_id);
    assert.equal(r.user?.user_id, data.user_id);
    assert.equal(r.session.session_id, (data.session as { session_id: string }).session_id);
    assert.notEqual(r.sessionJwt, jwt);
    // The fresh JWT verifies locally in turn.
    assert.equal((await verifier().verifyJwt(r.sessionJwt)).source, 'jwt');
  });

  it('maxAgeSeconds asks the server about a JWT older than that, and sees a revoke at once', async () => {
    const { data, token } = await login(t, 'fresh@example.com');
    const jwt = String(data.session_jwt);
    const v = verifier();
    assert.equal((await v.verifyJwt(jwt, { maxAgeSeconds: 60 })).source, 'jwt');
    assert.equal((await v.verifyJwt(jwt, { maxAgeSeconds: 0 })).source, 'server');
    assert.equal((await t.call('POST', '/sdk/v1/sessions/revoke', { secret: token, body: {} })).status, 200);
    // Locally the JWT still verifies for the rest of its 5 minutes; the revocation-fresh answer refuses it.
    assert.equal((await v.verifyJwt(jwt)).source, 'jwt');
    await refused(v.verifyJwt(jwt, { maxAgeSeconds: 0 }), 'revoked');
    t.advance((SESSION_JWT_TTL_SECONDS + 60) * 1000);
    await refused(v.verifyJwt(jwt), 'revoked');
  });

  it('a wrong secret is bad_secret (500: the configuration, not the user)', async () => {
    const { data } = await login(t, 'bad-secret@example.com');
    const e = await refused(verifier({ secret: 'secret-test-wrong' }).verifyJwt(String(data.session_jwt), { maxAgeSeconds: 0 }), 'bad_secret');
    assert.equal(e.status, 500);
  });
});
