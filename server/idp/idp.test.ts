/**
 * The server as an OpenID provider, end to end with a relying party built on openid-client (issue 14):
 * discovery, the authorization endpoint -> the consent page's SDK calls with a session -> the code ->
 * the token exchange -> userinfo -> refresh -> RP-initiated logout. On SQLite, and on Postgres with
 * TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { jwtVerify, createRemoteJWKSet } from 'jose';
import * as oidc from 'openid-client';
import { setRolesOf } from '../rbac/store.ts';
import { createIdpClient, deleteIdpClient, listStoredIdpClients } from './clients.ts';
import { liveProjectProblems } from '../project/file.ts';
import { login, testApp } from '../test-helpers.ts';
import { CONSENT_URL, codeFor, consent, pkce, RP_CALLBACK, RP_LOGGED_OUT, redeem, setupIdp, tokenRequest, userinfoStatus } from './test-flow.ts';

test('a relying party on openid-client signs in through the consent page, reads userinfo, refreshes and logs out', async () => {
  const t = await testApp();
  try {
    const base = await t.listen();
    const s = await setupIdp(t);
    const issuer = s.issuer(base);
    const config = await oidc.discovery(
      new URL(issuer),
      s.clientId,
      { id_token_signed_response_alg: 'ES256', [oidc.clockSkew]: Math.round((t.clock.t - Date.now()) / 1000) },
      oidc.ClientSecretBasic(s.clientSecret),
      { execute: [oidc.allowInsecureRequests] },
    );
    const meta = config.serverMetadata();
    assert.equal(meta.issuer, issuer);
    assert.deepEqual(meta.code_challenge_methods_supported, ['S256']);
    assert.equal(meta.end_session_endpoint, `${issuer}/oauth2/end_session`);

    const { verifier, challenge } = pkce();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const authUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: RP_CALLBACK,
      scope: 'openid email profile offline_access',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    // The browser at the authorization endpoint: sent on to the consent page with the request's parameters.
    const a = await t.call('GET', `${authUrl.pathname}${authUrl.search}`, { auth: false });
    assert.equal(a.status, 302);
    assert.match(a.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    const page = new URL(a.headers.get('location') ?? '');
    assert.equal(`${page.origin}${page.pathname}`, CONSENT_URL);
    assert.equal(page.searchParams.get('client_id'), s.clientId);
    assert.equal(page.searchParams.get('code_challenge'), challenge);

    // The consent page (what <auth-idp-consent> calls), with the signed-in user's session.
    const params = {
      client_id: s.clientId,
      redirect_uri: page.searchParams.get('redirect_uri') ?? '',
      response_type: 'code',
      scopes: (page.searchParams.get('scope') ?? '').split(' '),
      code_challenge: page.searchParams.get('code_challenge') ?? '',
      state: page.searchParams.get('state') ?? '',
      nonce: page.searchParams.get('nonce') ?? '',
    };
    const start = await t.call('POST', '/sdk/v1/idp/oauth/authorize/start', { secret: s.session, body: params });
    assert.equal(start.status, 200, JSON.stringify(start.json));
    assert.equal(start.json.data?.consent_required, true);
    assert.deepEqual(start.json.data?.client, {
      client_id: s.clientId,
      client_name: 'Relying Party',
      logo_url: 'https://rp.example/logo.png',
      client_type: 'third_party',
    });
    assert.deepEqual(
      ((start.json.data?.scope_results ?? []) as { scope: string; is_grantable: boolean }[]).map((r) => [r.scope, r.is_grantable]),
      [
        ['openid', true],
        ['email', true],
        ['profile', true],
        ['offline_access', true],
      ],
    );
    const submit = await t.call('POST', '/sdk/v1/idp/oauth/authorize/submit', { secret: s.session, body: { ...params, consent_granted: true } });
    assert.equal(submit.status, 200, JSON.stringify(submit.json));
    const back = new URL(String(submit.json.data?.redirect_uri));
    assert.equal(`${back.origin}${back.pathname}`, RP_CALLBACK);
    assert.equal(back.searchParams.get('iss'), issuer);

    const tokens = await oidc.authorizationCodeGrant(config, back, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    assert.ok(claims);
    assert.equal(claims.sub, s.userId);
    assert.equal(claims.email, 'ada@example.com');
    assert.equal(claims.nonce, nonce);
    // The ID token verifies against the published JWKS (the project's session-JWT keys).
    const jwks = createRemoteJWKSet(new URL(meta.jwks_uri ?? ''));
    const verified = await jwtVerify(tokens.id_token ?? '', jwks, { issuer, audience: s.clientId, currentDate: new Date(t.clock.t) });
    assert.equal(verified.protectedHeader.alg, 'ES256');

    const info = await oidc.fetchUserInfo(config, tokens.access_token, s.userId);
    assert.equal(info.email, 'ada@example.com');
    assert.equal(info.email_verified, true);

    // Refresh: a new pair; the old refresh token is spent.
    assert.ok(tokens.refresh_token);
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token);
    assert.ok(refreshed.refresh_token && refreshed.refresh_token !== tokens.refresh_token);
    assert.equal(await userinfoStatus(t, refreshed.access_token), 200);

    // The user's connected apps list the client; consent is remembered: the next authorize asks nothing.
    const apps = await t.call('GET', '/sdk/v1/users/connected_apps', { secret: s.session });
    assert.deepEqual(
      ((apps.json.data?.connected_apps ?? []) as { connected_app_id: string; scopes_granted: string }[]).map((x) => [x.connected_app_id, x.scopes_granted]),
      [[s.clientId, 'openid email profile offline_access']],
    );
    const again = await t.call('POST', '/sdk/v1/idp/oauth/authorize/start', { secret: s.session, body: { ...params, scopes: ['openid', 'email'] } });
    assert.equal(again.json.data?.consent_required, false);

    // RP-initiated logout: end_session -> the consent page in logout mode -> logout/start.
    const endUrl = oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token ?? '', post_logout_redirect_uri: RP_LOGGED_OUT, state: 'bye' });
    const e = await t.call('GET', `${endUrl.pathname}${endUrl.search}`, { auth: false });
    assert.equal(e.status, 302, String(e.json.text));
    const logoutPage = new URL(e.headers.get('location') ?? '');
    assert.equal(logoutPage.searchParams.get('post_logout_redirect_uri'), RP_LOGGED_OUT);
    const out = await t.call('POST', '/sdk/v1/oauth/logout/start', {
      secret: s.session,
      body: {
        client_id: logoutPage.searchParams.get('client_id'),
        post_logout_redirect_uri: RP_LOGGED_OUT,
        id_token_hint: logoutPage.searchParams.get('id_token_hint'),
        state: 'bye',
      },
    });
    assert.equal(out.status, 200, JSON.stringify(out.json));
    assert.deepEqual([out.json.data?.consent_required, out.json.data?.redirect_uri], [false, `${RP_LOGGED_OUT}?state=bye`]);
    // Without a hint naming the signed-in user, the page asks first.
    const asked = await t.call('POST', '/sdk/v1/oauth/logout/start', {
      secret: s.session,
      body: { client_id: s.clientId, post_logout_redirect_uri: RP_LOGGED_OUT },
    });
    assert.equal(asked.json.data?.consent_required, true);
  } finally {
    await t.close();
  }
});

test('authorize start needs a session, every parameter, a registered client and its exact redirect URI', async () => {
  const t = await testApp();
  try {
    const s = await setupIdp(t);
    const { challenge } = pkce();
    const p = { client_id: s.clientId, redirect_uri: RP_CALLBACK, scopes: ['openid'], code_challenge: challenge };
    const call = (body: unknown, secret = s.session) => t.call('POST', '/sdk/v1/idp/oauth/authorize/start', { secret, body });
    const signedOut = await t.call('POST', '/sdk/v1/idp/oauth/authorize/start', { body: p });
    assert.deepEqual([signedOut.status, signedOut.json.error_type], [401, 'user_unauthenticated']);
    const noClient = await call({ redirect_uri: RP_CALLBACK, scopes: ['openid'] });
    assert.deepEqual([noClient.status, noClient.json.error_type], [400, 'invalid_request_body']);
    assert.match(JSON.stringify(noClient.json), /client_id/);
    assert.equal((await call({ ...p, client_id: 'nope' })).json.error_type, 'idp_client_not_found');
    assert.equal((await call({ ...p, redirect_uri: `${RP_CALLBACK}/` })).json.error_type, 'idp_redirect_uri_mismatch');
    assert.equal((await call({ ...p, code_challenge: undefined })).json.error_type, 'pkce_required');
    assert.equal((await call({ ...p, code_challenge_method: 'plain' })).json.error_type, 'idp_pkce_method_not_supported');
    assert.equal((await call({ ...p, response_type: 'token' })).json.error_type, 'idp_unsupported_response_type');
    assert.equal((await call({ ...p, scopes: [] })).json.error_type, 'idp_invalid_scope');
    assert.equal((await call({ ...p, scopes: ['a b'] })).json.error_type, 'idp_invalid_scope');
  } finally {
    await t.close();
  }
});

test('a first-party client needs no consent; denial sends access_denied to the client; prompt=none answers consent_required', async () => {
  const t = await testApp();
  try {
    const s = await setupIdp(t);
    const { challenge } = pkce();
    const own = await t.call('POST', '/sdk/v1/idp/oauth/authorize/start', {
      secret: s.session,
      body: { client_id: s.firstPartyId, redirect_uri: 'https://own.example/cb', scopes: ['openid'], code_challenge: challenge },
    });
    assert.equal(own.json.data?.consent_required, false);
    const denied = await consent(
      t,
      s.session,
      { client_id: s.clientId, redirect_uri: RP_CALLBACK, scopes: ['openid'], code_challenge: challenge, state: 'x' },
      false,
    );
    assert.deepEqual([denied.searchParams.get('error'), denied.searchParams.get('state'), denied.searchParams.get('code')], ['access_denied', 'x', null]);
    const none = await consent(
      t,
      s.session,
      { client_id: s.clientId, redirect_uri: RP_CALLBACK, scopes: ['openid'], code_challenge: challenge, prompt: 'none' },
      false,
    );
    assert.equal(none.searchParams.get('error'), 'consent_required');
    // Nothing was remembered by a denial.
    assert.deepEqual((await t.call('GET', '/sdk/v1/users/connected_apps', { secret: s.session })).json.data?.connected_apps, []);
  } finally {
    await t.close();
  }
});

test('custom scopes follow the RBAC policy: a user without the permission cannot grant it', async () => {
  const t = await testApp();
  try {
    const s = await setupIdp(t);
    t.services.project.config.bootstrap = {
      ...t.services.project.config.bootstrap,
      rbac_policy: {
        roles: [
          { role_id: 'stytch_user', permissions: [] },
          { role_id: 'reader', permissions: [{ resource_id: 'documents', actions: ['read'] }] },
        ],
        resources: [{ resource_id: 'documents', actions: ['read', 'write'] }],
        scopes: [
          { scope: 'read:docs', description: 'Read your documents', permissions: [{ resource_id: 'documents', actions: ['read'] }] },
          { scope: 'write:docs', description: 'Change your documents', permissions: [{ resource_id: 'documents', actions: ['write'] }] },
        ],
      },
    };
    const { challenge } = pkce();
    const p = { client_id: s.clientId, redirect_uri: RP_CALLBACK, scopes: ['openid', 'read:docs', 'write:docs', 'unknown:thing'], code_challenge: challenge };
    const r = await t.call('POST', '/sdk/v1/idp/oauth/authorize/start', { secret: s.session, body: p });
    // The user holds no role with a documents permission (at most the default stytch_user): no custom scope is grantable.
    const judged = ((r.json.data?.scope_results ?? []) as { scope: string; is_grantable: boolean; description: string }[]).map((x) => [
      x.scope,
      x.is_grantable,
      x.description,
    ]);
    assert.deepEqual(judged, [
      ['openid', true, 'Verify your identity'],
      ['read:docs', false, 'Read your documents'],
      ['write:docs', false, 'Change your documents'],
      ['unknown:thing', false, 'Use the unknown:thing scope'],
    ]);
    // Given the reader role (the rbac method's setRolesOf), the user may grant read:docs, still not write:docs.
    await setRolesOf(t.services, s.userId, ['reader']);
    const withRole = await t.call('POST', '/sdk/v1/idp/oauth/authorize/start', { secret: s.session, body: p });
    assert.deepEqual(
      ((withRole.json.data?.scope_results ?? []) as { scope: string; is_grantable: boolean }[]).map((x) => [x.scope, x.is_grantable]),
      [
        ['openid', true],
        ['read:docs', true],
        ['write:docs', false],
        ['unknown:thing', false],
      ],
    );
    await setRolesOf(t.services, s.userId, []);
    // Only grantable scopes are granted (and remembered).
    const back = await consent(t, s.session, p);
    assert.ok(back.searchParams.get('code'));
    const apps = await t.call('GET', '/sdk/v1/users/connected_apps', { secret: s.session });
    assert.equal(((apps.json.data?.connected_apps ?? []) as { scopes_granted: string }[])[0]?.scopes_granted, 'openid');
  } finally {
    await t.close();
  }
});

test('connected app revocation ends its tokens; exchangeAccessToken works for first-party tokens only; attest takes our ID tokens', async () => {
  const t = await testApp();
  try {
    const base = await t.listen();
    const s = await setupIdp(t);
    const { code, verifier } = await codeFor(t, s);
    const tok = await redeem(t, s, code, verifier);
    assert.equal(tok.status, 200, JSON.stringify(tok.json));
    const access = String(tok.json.access_token);
    // A third-party app's token is not a session.
    const ex = await t.call('POST', '/sdk/v1/sessions/exchange_access_token', { body: { access_token: access, session_duration_minutes: 30 } });
    assert.equal(ex.json.error_type, 'invalid_access_token');
    // sessions.attest with a trusted-token profile naming this provider: our ID token signs the user in.
    t.services.project.config.trusted_auth_token_profiles = [
      { profile_id: 'own-idp', issuer: s.issuer(base), audience: s.clientId, jwks_url: `${s.issuer(base)}/.well-known/jwks.json` },
    ];
    // openid-client is not involved here: the attest route checks exp against the injected clock.
    const attest = await t.call('POST', '/sdk/v1/sessions/attest', {
      body: { profile_id: 'own-idp', token: String(tok.json.id_token), session_duration_minutes: 30 },
    });
    assert.equal(attest.status, 200, JSON.stringify(attest.json));
    assert.equal(attest.json.data?.user_id, s.userId);

    // Revoking the connected app: access and refresh tokens stop at once.
    const rev = await t.call('POST', `/sdk/v1/users/connected_apps/${encodeURIComponent(s.clientId)}/revoke`, { secret: s.session, body: {} });
    assert.equal(rev.status, 200);
    assert.equal(await userinfoStatus(t, access), 401);
    const again = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: String(tok.json.refresh_token) }, [s.clientId, s.clientSecret]);
    assert.equal(again.json.error, 'invalid_grant');
    const twice = await t.call('POST', `/sdk/v1/users/connected_apps/${encodeURIComponent(s.clientId)}/revoke`, { secret: s.session, body: {} });
    assert.equal(twice.json.error_type, 'connected_app_not_found');

    // A first-party client's access token trades for a session (client_secret_post this time).
    const { challenge, verifier: v2 } = pkce();
    const back = await consent(t, s.session, {
      client_id: s.firstPartyId,
      redirect_uri: 'https://own.example/cb',
      scopes: ['openid'],
      code_challenge: challenge,
    });
    const ownTok = await tokenRequest(t, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      code_verifier: v2,
      redirect_uri: 'https://own.example/cb',
      client_id: s.firstPartyId,
      client_secret: s.firstPartySecret,
    });
    assert.equal(ownTok.status, 200, JSON.stringify(ownTok.json));
    const traded = await t.call('POST', '/sdk/v1/sessions/exchange_access_token', {
      body: { access_token: String(ownTok.json.access_token), session_duration_minutes: 30 },
    });
    assert.equal(traded.status, 200, JSON.stringify(traded.json));
    assert.equal(traded.json.data?.user_id, s.userId);

    // The dev inbox (test project) lists the clients, never a secret hash.
    const inbox = await t.call('GET', '/dev/inbox', { auth: false });
    for (const name of ['Relying Party', 'Single Page App', 'Our Own App']) assert.match(String(inbox.json.text), new RegExp(name));
    const json = await t.call('GET', '/dev/idp/clients.json', { auth: false });
    assert.equal((json.json.clients as unknown[]).length, 3);
    assert.doesNotMatch(JSON.stringify(json.json), /secret_hash/);
  } finally {
    await t.close();
  }
});

test('a consent URL given as a path is on the issuer origin; without one the authorization endpoint says so; CORS for relying parties carries no credentials', async () => {
  const t = await testApp();
  try {
    const s = await setupIdp(t);
    const { challenge } = pkce();
    const q = new URLSearchParams({
      client_id: s.clientId,
      redirect_uri: RP_CALLBACK,
      response_type: 'code',
      scope: 'openid',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const path = `/v1/public/${t.projectId}/oauth2/authorize?${q}`;
    t.services.project.config.idp_consent_url = '/idp-consent.html';
    const r = await t.call('GET', path, { auth: false });
    assert.equal(new URL(r.headers.get('location') ?? '').origin + new URL(r.headers.get('location') ?? '').pathname, 'http://localhost:8787/idp-consent.html');
    // OIDC Core 3.1.2.1: a form POST works as the GET does.
    const posted = await t.call('POST', `/v1/public/${t.projectId}/oauth2/authorize`, {
      auth: false,
      raw: q.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      origin: 'https://rp.example',
    });
    assert.equal(posted.status, 302);
    assert.equal(posted.headers.get('location'), r.headers.get('location'));
    const notForm = await t.call('POST', `/v1/public/${t.projectId}/oauth2/authorize`, { auth: false, body: { client_id: s.clientId } });
    assert.match(String(notForm.json.text), /invalid_request_body/);
    t.services.project.config.idp_issuer_base_url = 'https://auth.example.com';
    const r2 = await t.call('GET', path, { auth: false });
    assert.match(r2.headers.get('location') ?? '', /^https:\/\/auth\.example\.com\/idp-consent\.html\?client_id=/);
    delete t.services.project.config.idp_consent_url;
    const none = await t.call('GET', path, { auth: false });
    assert.equal(none.status, 400);
    assert.match(String(none.json.text), /idp_consent_url_not_set/);
    // A relying party's page on its own origin reads discovery and token answers, without credentials.
    const d = await t.call('GET', '/.well-known/openid-configuration', { auth: false, origin: 'https://rp.example' });
    assert.equal(d.status, 200);
    assert.equal(d.json.issuer, `https://auth.example.com/v1/public/${t.projectId}`);
    assert.equal(d.headers.get('access-control-allow-origin'), 'https://rp.example');
    assert.equal(d.headers.get('access-control-allow-credentials'), null);
    const pre = await t.call('OPTIONS', `/v1/public/${t.projectId}/oauth2/token`, {
      auth: false,
      origin: 'https://rp.example',
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-credentials'), null);
    // Other API routes still refuse that origin.
    const other = await t.call('GET', '/sdk/v1/users/connected_apps', { secret: s.session, origin: 'https://rp.example' });
    assert.equal(other.json.error_type, 'invalid_origin');
  } finally {
    await t.close();
  }
});

test('pruning deletes codes and tokens an hour after expiry, then the grants nothing refers to', async () => {
  const t = await testApp();
  try {
    const s = await setupIdp(t);
    const { code, verifier } = await codeFor(t, s);
    const tok = await redeem(t, s, code, verifier);
    assert.equal(tok.status, 200);
    const count = async (table: 'idp_codes' | 'idp_refresh_tokens' | 'access_tokens' | 'idp_grants') =>
      Number(
        (
          await t.services.db.kysely
            .selectFrom(table)
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const idp = t.services.methods.find((m) => m.name === 'idp');
    await idp?.prune?.(t.services, t.clock.t);
    assert.deepEqual([await count('idp_codes'), await count('idp_refresh_tokens'), await count('access_tokens'), await count('idp_grants')], [1, 1, 1, 1]);
    // Before the refresh token's end its grant stays (the code and the access token are gone by then).
    await idp?.prune?.(t.services, t.clock.t + 29 * 24 * 3600_000);
    assert.deepEqual([await count('idp_refresh_tokens'), await count('idp_grants')], [1, 1]);
    await idp?.prune?.(t.services, t.clock.t + 31 * 24 * 3600_000 + 3600_000);
    assert.deepEqual([await count('idp_codes'), await count('idp_refresh_tokens'), await count('access_tokens')], [0, 0, 0]);
    // The grant went with them: nothing refers to it and a refresh token's life has passed.
    assert.equal(await count('idp_grants'), 0);
  } finally {
    await t.close();
  }
});

test('admin: createIdpClient checks the URIs; listStoredIdpClients lists; deleteIdpClient ends what the client holds', async () => {
  const t = await testApp();
  try {
    const s = await setupIdp(t);
    const db = t.services.db;
    for (const bad of ['http://rp.example/cb', 'https://rp.example/cb#x', 'https://u:p@rp.example/cb', 'javascript:alert(1)', '/relative']) {
      await assert.rejects(createIdpClient(db, t.projectId, { client_name: 'Bad', redirect_uris: [bad] }), Error, bad);
    }
    await assert.rejects(createIdpClient(db, t.projectId, { client_name: '', redirect_uris: [RP_CALLBACK] }));
    await assert.rejects(createIdpClient(db, t.projectId, { client_name: 'None', redirect_uris: [] }));
    const listed = await listStoredIdpClients(db, t.projectId);
    assert.deepEqual(
      listed.map((c) => [c.client_name, c.client_secret_hash === null]),
      [
        ['Relying Party', false],
        ['Single Page App', true],
        ['Our Own App', false],
      ],
    );
    const { code, verifier } = await codeFor(t, s);
    const tok = await redeem(t, s, code, verifier);
    assert.equal(await deleteIdpClient(db, t.projectId, s.clientId), true);
    assert.equal(await deleteIdpClient(db, t.projectId, s.clientId), false);
    assert.equal(await userinfoStatus(t, String(tok.json.access_token)), 401);
    const refreshed = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: String(tok.json.refresh_token) }, [s.clientId, s.clientSecret]);
    assert.equal(refreshed.json.error, 'invalid_client');
    assert.deepEqual((await t.call('GET', '/sdk/v1/users/connected_apps', { secret: s.session })).json.data?.connected_apps, []);
  } finally {
    await t.close();
  }
});

test('a refresh may narrow the scopes, never widen them; a refused widening does not spend the token', async () => {
  const t = await testApp();
  try {
    const s = await setupIdp(t);
    const { code, verifier } = await codeFor(t, s);
    const tok = await redeem(t, s, code, verifier);
    const rt = String(tok.json.refresh_token);
    const wider = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: rt, scope: 'openid phone' }, [s.clientId, s.clientSecret]);
    assert.deepEqual([wider.status, wider.json.error], [400, 'invalid_scope']);
    const narrower = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: rt, scope: 'openid offline_access' }, [s.clientId, s.clientSecret]);
    assert.equal(narrower.status, 200, JSON.stringify(narrower.json));
    assert.equal(narrower.json.scope, 'openid offline_access');
    const info = await t.call('GET', `/v1/public/${t.projectId}/oauth2/userinfo`, {
      auth: false,
      headers: { authorization: `Bearer ${narrower.json.access_token}` },
    });
    assert.deepEqual(info.json, { sub: s.userId });
  } finally {
    await t.close();
  }
});

test('createApp options idpConsentUrl and idpClients configure the provider (the demo server uses them)', async () => {
  const secret = 'demo-rp-secret-0123456789abcdef0123456789abcdef';
  const t = await testApp({
    idpConsentUrl: '/idp-consent.html',
    idpClients: [
      {
        client_id: 'demo-rp',
        client_name: 'Demo relying party',
        redirect_uris: ['http://localhost:9000/callback'],
        post_logout_redirect_uris: ['http://localhost:9000/'],
        client_secret_sha256: createHash('sha256').update(secret).digest('hex'),
      },
    ],
  });
  try {
    const { token } = await login(t, 'demo@example.com');
    const { challenge, verifier } = pkce();
    const back = await consent(t, token, {
      client_id: 'demo-rp',
      redirect_uri: 'http://localhost:9000/callback',
      scopes: ['openid', 'email'],
      code_challenge: challenge,
    });
    const tok = await tokenRequest(
      t,
      { grant_type: 'authorization_code', code: back.searchParams.get('code') ?? '', code_verifier: verifier, redirect_uri: 'http://localhost:9000/callback' },
      ['demo-rp', secret],
    );
    assert.equal(tok.status, 200, JSON.stringify(tok.json));
    const wrong = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: 'x' }, ['demo-rp', `${secret}x`]);
    assert.equal(wrong.json.error, 'invalid_client');
  } finally {
    await t.close();
  }
});

test('a live project file with a bad OpenID provider client or consent URL is refused at load, naming the field', () => {
  const base = { allowed_origins: ['https://app.example.com'], redirect_urls: [] };
  const client = { client_id: 'acme', client_name: 'Acme', redirect_uris: ['https://acme.example/cb'] };
  assert.deepEqual(liveProjectProblems({ ...base, idp_clients: [client], idp_consent_url: '/idp-consent.html' }), []);
  assert.deepEqual(liveProjectProblems({ ...base, idp_consent_url: 'https://app.example.com/consent' }), []);
  const bad = liveProjectProblems({
    ...base,
    idp_clients: [{ ...client, redirect_uris: ['http://acme.example/cb'], post_logout_redirect_uris: ['https://acme.example/#x'] }],
    idp_consent_url: '//evil.example/consent',
  });
  assert.equal(bad.length, 3, bad.join('; '));
  assert.match(bad[0] ?? '', /^idp_clients\[0\]\.redirect_uris\[0\]: .*https/);
  assert.match(bad[1] ?? '', /^idp_clients\[0\]\.post_logout_redirect_uris\[0\]: .*fragment/);
  assert.match(bad[2] ?? '', /^idp_consent_url: /);
});
