/**
 * Attacks on `auth-elements/server`'s session verifier (issue 27 item 4), against the real server: a JWT
 * signed with the attacker's own key and pointing the verifier at it (`jwk`, `jku`, `x5u` headers), a
 * `kid` flood meant to make every request fetch the key set, an HMAC JWT keyed with the public key, a
 * JWT minted by the server for another project, and the `iss` of the server's JWTs under a forged Host
 * or X-Forwarded-Proto (without a trusted proxy).
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { SESSION_CLAIM } from '../../server/keys.ts';
import { login, type TestApp, testApp } from '../../server/test-helpers.ts';
import { createSessionVerifier, type SessionVerificationError, type SessionVerifier } from '../../src/server.ts';

async function code(p: Promise<unknown>): Promise<SessionVerificationError['code'] | 'accepted'> {
  return p.then(
    () => 'accepted' as const,
    (e: SessionVerificationError) => e.code,
  );
}

describe('attack: forging sessions past auth-elements/server', () => {
  let t: TestApp;
  let base: string;
  let fetches: string[];
  let verifier: SessionVerifier;
  let realJwt: string;
  before(async () => {
    t = await testApp();
    base = await t.listen();
    fetches = [];
    verifier = createSessionVerifier({
      serverUrl: base,
      projectId: t.projectId,
      now: () => t.clock.t,
      fetch: (url, init) => {
        fetches.push(String(url));
        return fetch(url, init);
      },
    });
    realJwt = String((await login(t, 'victim@example.com')).data.session_jwt);
  });
  after(() => t.close());

  /** A JWT of the real one's claims, `sub` replaced, signed with the attacker's key and `header`. */
  async function forged(header: Record<string, unknown>, key: CryptoKey): Promise<string> {
    const claims = { ...decodeJwt(realJwt), sub: 'user-test-attacker' };
    return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'JWT', ...header }).sign(key);
  }

  it("a JWT signed with the attacker's key is refused, whatever key or key URL its header names, and no URL of the header is fetched", async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = await exportJWK(publicKey);
    const realKid = decodeProtectedHeader(realJwt).kid;
    const evil = 'http://127.0.0.1:9/jwks.json';
    for (const header of [{ kid: realKid }, { kid: realKid, jwk }, { kid: realKid, jku: evil }, { kid: realKid, x5u: evil }, { kid: 'attacker', jku: evil }]) {
      assert.equal(await code(verifier.verifyJwt(await forged(header, privateKey))), 'invalid', JSON.stringify(header));
    }
    assert.ok(
      fetches.every((u) => u.startsWith(base)),
      'only the configured key set is ever fetched',
    );
  });

  it('any input is refused with a SessionVerificationError (missing or invalid), never another error and never a fetch for a malformed JWT (fast-check, fixed seed)', async () => {
    const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
    const part = fc.oneof(fc.string(), fc.json().map(b64), fc.jsonValue().map(b64), fc.constant(''), fc.string({ unit: 'binary' }).map(b64));
    const jwt = fc.oneof(
      fc.string(),
      fc.tuple(part, part, part).map((p) => p.join('.')),
      fc.array(part, { maxLength: 5 }).map((p) => p.join('.')),
    );
    const input = fc.oneof(
      jwt.map((j) => ({ stytch_session_jwt: j }) as Record<string, string>),
      jwt.map((j) => new Request(`${base}/`, { headers: { authorization: `Bearer ${j.replace(/[^\x21-\x7e]/g, '')}` } })),
      fc.string().map((cookie) => ({ headers: { cookie } })),
    );
    const before = fetches.length;
    await fc.assert(
      fc.asyncProperty(input, async (i) => {
        const r = await verifier.verify(i).then(
          () => 'accepted',
          (e: unknown) => (e instanceof Error && e.name === 'SessionVerificationError' ? (e as SessionVerificationError).code : `other: ${String(e)}`),
        );
        assert.ok(r === 'missing' || r === 'invalid', r);
      }),
      { numRuns: 300, seed: 27 },
    );
    assert.ok(fetches.length - before <= 1, 'malformed JWTs fetch nothing (at most the one unknown-kid fetch a well-formed one may cause)');
  });

  it('a flood of unknown kids fetches the key set at most once per cooldown', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const before = fetches.length;
    const results = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => code(verifier.verifyJwt(await forged({ kid: `jwk-flood-${i}` }, privateKey)))),
    );
    assert.ok(results.every((r) => r === 'invalid'));
    assert.ok(fetches.length - before <= 1, `${fetches.length - before} fetches for 50 unknown kids`);
  });

  it('HS256 keyed with the published public key, and alg none, are refused', async () => {
    const jwks = (await (await fetch(`${base}/v1/sessions/jwks/${t.projectId}`)).json()) as { keys: Record<string, unknown>[] };
    const secret = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));
    const hs = await new SignJWT({ ...decodeJwt(realJwt) }).setProtectedHeader({ alg: 'HS256', kid: String(jwks.keys[0]!.kid) }).sign(secret);
    assert.equal(await code(verifier.verifyJwt(hs)), 'invalid');
    const [, payload] = realJwt.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid: jwks.keys[0]!.kid })).toString('base64url')}.${payload}.`;
    assert.equal(await code(verifier.verifyJwt(none)), 'invalid');
  });

  it("another project's verifier refuses this project's JWT (aud), even with this project's key set", async () => {
    const other = createSessionVerifier({ serverUrl: base, projectId: 'project-test-other', jwksUrl: `${base}/.well-known/jwks.json`, now: () => t.clock.t });
    assert.equal(await code(other.verifyJwt(realJwt)), 'invalid');
    // The session claim is the server's: a JWT without it is no session.
    const claims = decodeJwt(realJwt);
    assert.ok(claims[SESSION_CLAIM]);
  });

  it("the server's JWT issuer cannot be steered by a forged Host or, without TRUST_PROXY, by X-Forwarded-Proto", async () => {
    const { token } = await login(t, 'issuer-steer@example.com');
    const call = (headers: Record<string, string>) =>
      fetch(`${base}/sdk/v1/sessions/authenticate`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${t.publicToken}:${token}`).toString('base64')}`, 'content-type': 'application/json', ...headers },
        body: '{}',
      });
    // A foreign Host is refused before any JWT is minted with it (421, hosts.ts).
    const foreign = await new Promise<number>((resolve, reject) => {
      const u = new URL(`${base}/sdk/v1/sessions/authenticate`);
      const req = request(
        {
          host: u.hostname,
          port: u.port,
          path: u.pathname,
          method: 'POST',
          headers: {
            host: 'auth.evil.example',
            'content-type': 'application/json',
            authorization: `Basic ${Buffer.from(`${t.publicToken}:${token}`).toString('base64')}`,
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    assert.equal(foreign, 421);
    const proto = (await (await call({ 'x-forwarded-proto': 'https' })).json()) as { data: { session_jwt: string } };
    assert.equal(decodeJwt(proto.data.session_jwt).iss, base);
  });
});
