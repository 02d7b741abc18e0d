/**
 * Attack (issue 10, item 10): `sessions/attest` accepted a trusted auth token typed `at+jwt` (an OAuth
 * access token, RFC 9068) where an identity assertion is expected. Every JWT the server verifies is now
 * checked for `typ`, an asymmetric `alg` (no `none`, no HMAC keyed with the public key), `iss`, `aud`,
 * a required `exp` and `nbf` (30 s of skew, on the injected clock). The server's other tokens are
 * opaque (only hashes stored): a JWT, even one signed by the server itself, is no session token and
 * no access token.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { issueAccessToken } from '../../server/routes/account.ts';
import { login, type TestApp, testApp } from '../../server/test-helpers.ts';

type Json = Record<string, unknown>;
const ISS = 'https://idp.example.com';
const AUD = 'auth-elements';
const b64u = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

describe('attack: JWT type and algorithm confusion', () => {
  let t: TestApp;
  let key: CryptoKey;
  let pem: string;
  before(async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    key = pair.privateKey;
    pem = await exportSPKI(pair.publicKey);
    t = await testApp({ trustedAuthTokenProfiles: [{ profile_id: 'profile-idp', issuer: ISS, audience: AUD, public_key_pem: pem }] });
  });
  after(() => t.close());

  const nowS = () => Math.floor(t.clock.t / 1000);
  /** A trusted token signed with the profile's key; `o` changes one thing. */
  const token = (o: { typ?: string | null; iss?: string; aud?: string; exp?: number | null; nbf?: number; claims?: Json } = {}) => {
    let jwt = new SignJWT({ email: 'victim@example.com', ...o.claims })
      .setProtectedHeader(o.typ === null || o.typ === undefined ? { alg: 'ES256' } : { alg: 'ES256', typ: o.typ })
      .setIssuer(o.iss ?? ISS)
      .setAudience(o.aud ?? AUD)
      .setIssuedAt(nowS());
    if (o.exp !== null) jwt = jwt.setExpirationTime(o.exp ?? nowS() + 300);
    if (o.nbf !== undefined) jwt = jwt.setNotBefore(o.nbf);
    return jwt.sign(key);
  };
  const attest = (tok: string) => t.call('POST', '/sdk/v1/sessions/attest', { body: { profile_id: 'profile-idp', token: tok, session_duration_minutes: 30 } });
  const refused = (r: { status: number; json: Json }, what: string) => {
    assert.equal(r.status, 401, `${what}: ${JSON.stringify(r.json)}`);
    assert.equal(r.json.error_type, 'invalid_trusted_auth_token', what);
  };

  it('typ: JWT, application/jwt or absent pass; at+jwt and every other type are refused', async () => {
    for (const typ of [null, 'JWT', 'jwt', 'application/jwt']) {
      const r = await attest(await token({ typ }));
      assert.equal(r.status, 200, `typ ${typ}: ${JSON.stringify(r.json)}`);
    }
    for (const typ of ['at+jwt', 'application/at+jwt', 'JOSE', 'id_token+jwt', 'logout+jwt', 'dpop+jwt', 'secevent+jwt', '']) {
      refused(await attest(await token({ typ })), `typ ${typ}`);
    }
  });

  it('alg: none and HS256 keyed with the public key are refused', async () => {
    const claims = { email: 'victim@example.com', iss: ISS, aud: AUD, iat: nowS(), exp: nowS() + 300 };
    refused(await attest(`${b64u({ alg: 'none' })}.${b64u(claims)}.`), 'alg none');
    refused(await attest(`${b64u({ alg: 'none', typ: 'JWT' })}.${b64u(claims)}.`), 'alg none typed');
    // The classic confusion: the verifier's public key (PEM text) used as the HMAC secret.
    for (const alg of ['HS256', 'HS384', 'HS512']) {
      const input = `${b64u({ alg, typ: 'JWT' })}.${b64u(claims)}`;
      const mac = createHmac(`sha${alg.slice(2)}`, pem)
        .update(input)
        .digest('base64url');
      refused(await attest(`${input}.${mac}`), alg);
    }
  });

  it('iss, aud, exp (required) and nbf are checked against the injected clock, with 30 s of skew', async () => {
    refused(await attest(await token({ iss: 'https://evil.example' })), 'iss');
    refused(await attest(await token({ aud: 'someone-else' })), 'aud');
    refused(await attest(await token({ exp: null })), 'no exp');
    refused(await attest(await token({ exp: nowS() - 31 })), 'expired beyond the skew');
    assert.equal((await attest(await token({ exp: nowS() - 20 }))).status, 200, 'expired within the skew');
    refused(await attest(await token({ nbf: nowS() + 31 })), 'not yet valid beyond the skew');
    assert.equal((await attest(await token({ nbf: nowS() + 20 }))).status, 200, 'nbf within the skew');
    // The app's clock decides, not the machine's: a token valid now dies when the injected clock moves.
    const tok = await token();
    t.advance(10 * 60 * 1000);
    refused(await attest(tok), 'expired by the injected clock');
  });

  it("the server's own JWTs are no other token: a session JWT is neither a session token, an access token nor a trusted token", async () => {
    const { data } = await login(t, 'own-jwt@example.com');
    const jwt = String(data.session_jwt);
    const asSession = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: jwt, body: {} });
    assert.equal(asSession.status, 404);
    assert.equal(asSession.json.error_type, 'session_not_found');
    const asAccess = await t.call('POST', '/sdk/v1/sessions/exchange_access_token', { body: { access_token: jwt } });
    assert.equal(asAccess.status, 401);
    assert.equal(asAccess.json.error_type, 'invalid_access_token');
    refused(await attest(jwt), 'session JWT as a trusted token');
    // An opaque access token the server issued still exchanges: the refusals above are about kind.
    await issueAccessToken(t.services, {
      userId: String(data.user_id),
      app: { connected_app_id: 'connected-app-jwt-test', name: 'Notes', scopes: 'openid' },
      token: 'opaque-access-token-jwt-test',
      ttlMs: 60_000,
    });
    assert.equal((await t.call('POST', '/sdk/v1/sessions/exchange_access_token', { body: { access_token: 'opaque-access-token-jwt-test' } })).status, 200);
  });
});
