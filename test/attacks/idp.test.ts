/**
 * Attacks on the server as an OpenID provider (issue 14): redirect URI variants an attacker registers
 * or types (each refused: exact string match, RFC 9700 4.1.1), PKCE missing or `plain`, an authorization
 * code reused (the first use's tokens revoked, RFC 6749 4.1.2) or redeemed 50 times at once, a code after
 * its 60 s (moved clock), a code for another client, a refresh token replayed after rotation (the whole
 * family revoked, RFC 9700 4.14.2), an unregistered post-logout URI, a forged id_token_hint, and the
 * framing of the pages on the way to the consent screen (frame-ancestors).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SignJWT, generateKeyPair } from 'jose';
import { IDP_CODE_TTL_MS } from '../../server/idp/store.ts';
import { codeFor, pkce, RP_CALLBACK, RP_LOGGED_OUT, redeem, setupIdp, type IdpSetup, tokenRequest, userinfoStatus } from '../../server/idp/test-flow.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir, type TestApp, testApp } from '../../server/test-helpers.ts';

const errorTypeOf = (html: string) => /<code id="error-type">([a-z_]+)<\/code>/.exec(html)?.[1];

describe('attack: OpenID provider', () => {
  let t: TestApp;
  let s: IdpSetup;
  before(async () => {
    t = await testApp();
    s = await setupIdp(t);
  });
  after(() => t.close());

  const authorizePath = (q: Record<string, string>) => `/v1/public/${t.projectId}/oauth2/authorize?${new URLSearchParams(q)}`;

  it('redirect URI variants are all refused, at the authorization endpoint (an HTML page, no redirect) and at authorize start', async () => {
    const variants = [
      'https://rp.example/callback/',
      'https://RP.example/callback',
      'https://rp.example/Callback',
      'https://rp.example/callback?x=1',
      'https://rp.example/callback#frag',
      'https://rp.example@evil.example/callback',
      'https://evil.example@rp.example/callback',
      'https://rp.example\\@evil.example/callback',
      'https://rp.example\\callback',
      'https://rp.example//callback',
      'https://rp.example/callback/../callback',
      'https://rp.example%2Fcallback',
      'https://rp.example/callback%2F',
      'https://rp.example/%63allback',
      'https://rp.example:443/callback',
      'https://rp.example:8443/callback',
      'http://rp.example/callback',
      'https://rp.example.evil.example/callback',
      'https://rp.example/callbackx',
      ' https://rp.example/callback',
      'https://rp.example/callback ',
      '//rp.example/callback',
    ];
    const { challenge } = pkce();
    for (const uri of variants) {
      const r = await t.call(
        'GET',
        authorizePath({
          client_id: s.clientId,
          redirect_uri: uri,
          response_type: 'code',
          scope: 'openid',
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }),
        { auth: false },
      );
      assert.equal(r.status, 400, uri);
      assert.equal(r.headers.get('location'), null, `${uri}: never redirected`);
      assert.equal(errorTypeOf(String(r.json.text)), 'idp_redirect_uri_mismatch', uri);
      const sdk = await t.call('POST', '/sdk/v1/idp/oauth/authorize/start', {
        secret: s.session,
        body: { client_id: s.clientId, redirect_uri: uri, scopes: ['openid'], code_challenge: challenge },
      });
      assert.equal(sdk.json.error_type, 'idp_redirect_uri_mismatch', uri);
      const submit = await t.call('POST', '/sdk/v1/idp/oauth/authorize/submit', {
        secret: s.session,
        body: { client_id: s.clientId, redirect_uri: uri, scopes: ['openid'], code_challenge: challenge, consent_granted: true },
      });
      assert.equal(submit.json.error_type, 'idp_redirect_uri_mismatch', uri);
    }
    // An unknown client: a page, never a redirect to the URI it names.
    const unknown = await t.call('GET', authorizePath({ client_id: 'evil', redirect_uri: 'https://evil.example/', response_type: 'code', scope: 'openid' }), {
      auth: false,
    });
    assert.deepEqual([unknown.status, unknown.headers.get('location'), errorTypeOf(String(unknown.json.text))], [404, null, 'idp_client_not_found']);
  });

  it('PKCE missing or plain: the client hears invalid_request at its redirect URI; the SDK calls refuse it; the token endpoint wants a verifier', async () => {
    const base = { client_id: s.clientId, redirect_uri: RP_CALLBACK, response_type: 'code', scope: 'openid', state: 's1' };
    const { challenge, verifier } = pkce();
    const cases: Record<string, string>[] = [
      {},
      { code_challenge: challenge },
      { code_challenge: verifier, code_challenge_method: 'plain' },
      { code_challenge: challenge, code_challenge_method: 'plain' },
    ];
    for (const q of cases) {
      const r = await t.call('GET', authorizePath({ ...base, ...q }), { auth: false });
      assert.equal(r.status, 302, JSON.stringify(q));
      const loc = new URL(r.headers.get('location') ?? '');
      assert.equal(`${loc.origin}${loc.pathname}`, RP_CALLBACK);
      assert.deepEqual([loc.searchParams.get('error'), loc.searchParams.get('state'), loc.searchParams.get('code')], ['invalid_request', 's1', null]);
    }
    const sdk = (body: Record<string, unknown>) =>
      t.call('POST', '/sdk/v1/idp/oauth/authorize/start', {
        secret: s.session,
        body: { client_id: s.clientId, redirect_uri: RP_CALLBACK, scopes: ['openid'], ...body },
      });
    assert.equal((await sdk({})).json.error_type, 'pkce_required');
    assert.equal((await sdk({ code_challenge: verifier, code_challenge_method: 'plain' })).json.error_type, 'idp_pkce_method_not_supported');
    assert.equal((await sdk({ code_challenge: 'short' })).json.error_type, 'idp_pkce_method_not_supported');
    // At the token endpoint: no verifier, a wrong one, the challenge itself ('plain' style): all invalid_grant / invalid_request, and the code survives for its owner.
    const { code, verifier: good } = await codeFor(t, s);
    const none = await tokenRequest(t, { grant_type: 'authorization_code', code, redirect_uri: RP_CALLBACK }, [s.clientId, s.clientSecret]);
    assert.deepEqual([none.status, none.json.error], [400, 'invalid_request']);
    assert.equal((await redeem(t, s, code, pkce().verifier)).json.error, 'invalid_grant');
    const ok = await redeem(t, s, code, good);
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
  });

  it('code reuse: the second redemption fails and revokes the tokens the first one gave', async () => {
    const { code, verifier } = await codeFor(t, s);
    const first = await redeem(t, s, code, verifier);
    assert.equal(first.status, 200);
    assert.equal(await userinfoStatus(t, String(first.json.access_token)), 200);
    const second = await redeem(t, s, code, verifier);
    assert.deepEqual([second.status, second.json.error], [400, 'invalid_grant']);
    assert.equal(await userinfoStatus(t, String(first.json.access_token)), 401);
    const refresh = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: String(first.json.refresh_token) }, [s.clientId, s.clientSecret]);
    assert.equal(refresh.json.error, 'invalid_grant');
  });

  it('50 parallel redemptions of one code: exactly one succeeds, and the reuses revoke its tokens', async () => {
    const { code, verifier } = await codeFor(t, s);
    const results = await Promise.all(Array.from({ length: 50 }, () => redeem(t, s, code, verifier)));
    const won = results.filter((r) => r.status === 200);
    assert.equal(won.length, 1);
    assert.ok(results.every((r) => r.status === 200 || r.json.error === 'invalid_grant'));
    // The 49 others were reuses of the code: the one redemption's tokens are revoked too.
    assert.equal(await userinfoStatus(t, String(won[0]?.json.access_token)), 401);
  });

  it('a code after its 60 s is refused (moved clock)', async () => {
    const { code, verifier } = await codeFor(t, s);
    t.advance(IDP_CODE_TTL_MS + 1);
    const r = await redeem(t, s, code, verifier);
    assert.deepEqual([r.status, r.json.error], [400, 'invalid_grant']);
  });

  it('a code issued to one client is useless to another (and stays good for its own)', async () => {
    const { code, verifier } = await codeFor(t, s);
    const other = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: RP_CALLBACK,
      client_id: s.publicClientId,
    });
    assert.deepEqual([other.status, other.json.error], [400, 'invalid_grant']);
    const wrongSecret = await redeem(t, { ...s, clientSecret: 'idp-secret-guess' }, code, verifier);
    assert.deepEqual([wrongSecret.status, wrongSecret.json.error], [401, 'invalid_client']);
    const noAuth = await tokenRequest(t, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: RP_CALLBACK, client_id: s.clientId });
    assert.deepEqual([noAuth.status, noAuth.json.error], [401, 'invalid_client']);
    const wrongRedirect = await redeem(t, s, code, verifier, { redirect_uri: 'http://127.0.0.1:4000/cb' });
    assert.equal(wrongRedirect.json.error, 'invalid_grant');
    assert.equal((await redeem(t, s, code, verifier)).status, 200);
  });

  it('refresh-token reuse: replaying a rotated-out refresh token revokes the whole family', async () => {
    const { code, verifier } = await codeFor(t, s);
    const first = await redeem(t, s, code, verifier);
    const rt1 = String(first.json.refresh_token);
    const second = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: rt1 }, [s.clientId, s.clientSecret]);
    assert.equal(second.status, 200);
    const rt2 = String(second.json.refresh_token);
    // The attacker (or the victim) presents the spent one: refused, and every token of the grant dies.
    const replay = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: rt1 }, [s.clientId, s.clientSecret]);
    assert.deepEqual([replay.status, replay.json.error], [400, 'invalid_grant']);
    assert.equal((await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: rt2 }, [s.clientId, s.clientSecret])).json.error, 'invalid_grant');
    assert.equal(await userinfoStatus(t, String(second.json.access_token)), 401);
    assert.equal(await userinfoStatus(t, String(first.json.access_token)), 401);
    // 50 parallel refreshes with one token: one answer, and the race itself is reuse: the family dies.
    const { code: c3, verifier: v3 } = await codeFor(t, s);
    const third = await redeem(t, s, c3, v3);
    const raced = await Promise.all(
      Array.from({ length: 50 }, () =>
        tokenRequest(t, { grant_type: 'refresh_token', refresh_token: String(third.json.refresh_token) }, [s.clientId, s.clientSecret]),
      ),
    );
    const winners = raced.filter((r) => r.status === 200);
    assert.equal(winners.length, 1);
    assert.equal(await userinfoStatus(t, String(winners[0]?.json.access_token)), 401);
    // Another client cannot use a refresh token it did not get.
    const { code: c2, verifier: v2 } = await codeFor(t, s);
    const fresh = await redeem(t, s, c2, v2);
    const stolen = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: String(fresh.json.refresh_token), client_id: s.publicClientId });
    assert.equal(stolen.json.error, 'invalid_grant');
  });

  it('post-logout redirect: only a registered URI, exactly; a forged id_token_hint is refused', async () => {
    const q = (p: Record<string, string>) => `/v1/public/${t.projectId}/oauth2/end_session?${new URLSearchParams(p)}`;
    for (const uri of ['https://evil.example/', `${RP_LOGGED_OUT}/`, `${RP_LOGGED_OUT}?x=1`, RP_CALLBACK, 'https://rp.example@evil.example/logged-out']) {
      const r = await t.call('GET', q({ client_id: s.clientId, post_logout_redirect_uri: uri }), { auth: false });
      assert.deepEqual([r.status, r.headers.get('location'), errorTypeOf(String(r.json.text))], [400, null, 'idp_post_logout_redirect_uri_mismatch'], uri);
      const sdk = await t.call('POST', '/sdk/v1/oauth/logout/start', { secret: s.session, body: { client_id: s.clientId, post_logout_redirect_uri: uri } });
      assert.equal(sdk.json.error_type, 'idp_post_logout_redirect_uri_mismatch', uri);
    }
    // An ID token signed by someone else's key, naming this user.
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: t.services.keys.kid })
      .setIssuer(s.issuer())
      .setSubject(s.userId)
      .setAudience(s.clientId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const sdk = await t.call('POST', '/sdk/v1/oauth/logout/start', {
      secret: s.session,
      body: { client_id: s.clientId, post_logout_redirect_uri: RP_LOGGED_OUT, id_token_hint: forged },
    });
    assert.equal(sdk.json.error_type, 'idp_invalid_id_token_hint');
    const page = await t.call('GET', q({ client_id: s.clientId, post_logout_redirect_uri: RP_LOGGED_OUT, id_token_hint: forged }), { auth: false });
    assert.equal(errorTypeOf(String(page.json.text)), 'idp_invalid_id_token_hint');
    // A real ID token issued to another client is not a hint for this one.
    const { challenge, verifier } = pkce();
    const first = await t.call('POST', '/sdk/v1/idp/oauth/authorize/submit', {
      secret: s.session,
      body: { client_id: s.firstPartyId, redirect_uri: 'https://own.example/cb', scopes: ['openid'], code_challenge: challenge, consent_granted: true },
    });
    const code = new URL(String(first.json.data?.redirect_uri)).searchParams.get('code') ?? '';
    const tok = await tokenRequest(t, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: 'https://own.example/cb' }, [
      s.firstPartyId,
      s.firstPartySecret,
    ]);
    const other = await t.call('POST', '/sdk/v1/oauth/logout/start', {
      secret: s.session,
      body: { client_id: s.clientId, post_logout_redirect_uri: RP_LOGGED_OUT, id_token_hint: String(tok.json.id_token) },
    });
    assert.equal(other.json.error_type, 'idp_invalid_id_token_hint');
  });

  it('consent framing: the answers on the way to and from the consent page forbid framing (frame-ancestors none, X-Frame-Options DENY)', async () => {
    const { challenge } = pkce();
    const responses = [
      await t.call(
        'GET',
        authorizePath({
          client_id: s.clientId,
          redirect_uri: RP_CALLBACK,
          response_type: 'code',
          scope: 'openid',
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }),
        {
          auth: false,
        },
      ),
      await t.call('GET', authorizePath({ client_id: 'nope', redirect_uri: RP_CALLBACK }), { auth: false }),
      await t.call(
        'GET',
        `/v1/public/${t.projectId}/oauth2/end_session?${new URLSearchParams({ client_id: s.clientId, post_logout_redirect_uri: RP_LOGGED_OUT })}`,
        { auth: false },
      ),
    ];
    for (const r of responses) {
      assert.match(r.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
      assert.equal(r.headers.get('x-frame-options'), 'DENY');
      assert.equal(r.headers.get('cache-control'), 'no-store');
    }
    assert.equal(responses[0]?.status, 302);
    assert.equal(responses[2]?.status, 302);
  });

  it('consent framing: a consent page this server serves (idp_consent_url as a path) cannot be framed by another origin', async () => {
    const dir = tempDir();
    writeFileSync(join(dir.dir, 'idp-consent.html'), '<!doctype html><title>Consent</title><auth-idp-consent></auth-idp-consent>');
    const app = await testApp({ staticDirs: [{ urlPrefix: '/', dir: dir.dir }] });
    try {
      const own = await setupIdp(app);
      app.services.project.config.idp_consent_url = '/idp-consent.html';
      const { challenge } = pkce();
      const q = new URLSearchParams({
        client_id: own.clientId,
        redirect_uri: RP_CALLBACK,
        response_type: 'code',
        scope: 'openid',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      const hop = await app.call('GET', `/v1/public/${app.projectId}/oauth2/authorize?${q}`, { auth: false });
      const page = new URL(hop.headers.get('location') ?? '');
      const r = await app.call('GET', `${page.pathname}${page.search}`, { auth: false });
      assert.equal(r.status, 200);
      assert.match(r.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
      assert.equal(r.headers.get('x-frame-options'), 'DENY');
    } finally {
      await app.close();
      dir.cleanup();
    }
  });

  it('a public client must use PKCE and cannot present a secret; grant types other than code and refresh are refused', async () => {
    const r = await tokenRequest(t, { grant_type: 'client_credentials', client_id: s.publicClientId });
    assert.equal(r.json.error, 'unsupported_grant_type');
    const withSecret = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code: 'x',
      code_verifier: 'y',
      client_id: s.publicClientId,
      client_secret: 'z',
    });
    assert.equal(withSecret.json.error, 'invalid_client');
    const dup = await t.call('POST', `/v1/public/${t.projectId}/oauth2/token`, {
      auth: false,
      raw: `grant_type=authorization_code&code=a&code=b&client_id=${s.publicClientId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(dup.json.error, 'invalid_request');
    const json = await t.call('POST', `/v1/public/${t.projectId}/oauth2/token`, { auth: false, body: { grant_type: 'authorization_code' } });
    assert.equal(json.json.error, 'invalid_request');
  });
});
