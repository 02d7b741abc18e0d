/**
 * The Express and Hono adapters of `auth-elements/server`, each in the real framework, against the real
 * reference server: a request with the session cookie reaches the handler with `auth` set; one without is
 * answered 401 `{ error: 'missing' }`, or goes on with `auth: null` when the session is optional.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import { Hono } from 'hono';
import { login, type TestApp, testApp } from '../../server/test-helpers.ts';
import { createSessionVerifier, expressSession, honoSession, type SessionVerifier, type VerifiedSession } from '../server.ts';

let t: TestApp;
let verifier: SessionVerifier;
let jwt: string;
let userId: string;

before(async () => {
  t = await testApp();
  const base = await t.listen();
  verifier = createSessionVerifier({ serverUrl: base, projectId: t.projectId, now: () => t.clock.t });
  const { data } = await login(t, 'adapters@example.com');
  jwt = String(data.session_jwt);
  userId = String(data.user_id);
});
after(() => t.close());

describe('Express middleware (expressSession)', () => {
  let url: string;
  let close: () => Promise<void>;
  before(async () => {
    const app = express();
    app.use('/api', expressSession(verifier));
    app.get('/api/me', (req, res) => {
      res.json({ userId: (req as { auth?: VerifiedSession }).auth?.userId });
    });
    app.get('/page', expressSession(verifier, { required: false }), (req, res) => {
      res.json({ signedIn: (req as { auth?: VerifiedSession | null }).auth !== null });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((r) => server.close(() => r()));
  });
  after(() => close());

  it('sets req.auth from the session cookie or a Bearer header; 401 without', async () => {
    const withCookie = await fetch(`${url}/api/me`, { headers: { cookie: `stytch_session_jwt=${jwt}` } });
    assert.equal(withCookie.status, 200);
    assert.deepEqual(await withCookie.json(), { userId });
    const withBearer = await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${jwt}` } });
    assert.deepEqual(await withBearer.json(), { userId });
    const without = await fetch(`${url}/api/me`);
    assert.equal(without.status, 401);
    assert.equal(without.headers.get('www-authenticate'), 'Bearer');
    assert.equal(((await without.json()) as { error: string }).error, 'missing');
    const tampered = await fetch(`${url}/api/me`, { headers: { cookie: `stytch_session_jwt=${jwt.slice(0, -4)}AAAA` } });
    assert.equal(tampered.status, 401);
    assert.equal(((await tampered.json()) as { error: string }).error, 'invalid');
  });

  it('required: false goes on with req.auth = null', async () => {
    assert.deepEqual(await (await fetch(`${url}/page`)).json(), { signedIn: false });
    assert.deepEqual(await (await fetch(`${url}/page`, { headers: { cookie: `stytch_session_jwt=${jwt}` } })).json(), { signedIn: true });
  });
});

describe('Hono middleware (honoSession)', () => {
  const app = new Hono<{ Variables: { auth: VerifiedSession | null } }>();
  before(() => {
    app.use('/api/*', honoSession(verifier));
    app.get('/api/me', (c) => c.json({ userId: c.get('auth')?.userId, roles: c.get('auth')?.session.roles }));
    app.use('/page', honoSession(verifier, { required: false }));
    app.get('/page', (c) => c.json({ signedIn: c.get('auth') !== null }));
  });

  it("sets c.get('auth') from the session cookie or a Bearer header; 401 without", async () => {
    const withCookie = await app.request('/api/me', { headers: { cookie: `stytch_session_jwt=${jwt}` } });
    assert.equal(withCookie.status, 200);
    assert.deepEqual(await withCookie.json(), { userId, roles: ['stytch_user'] });
    assert.equal(((await (await app.request('/api/me', { headers: { authorization: `Bearer ${jwt}` } })).json()) as { userId: string }).userId, userId);
    const without = await app.request('/api/me');
    assert.equal(without.status, 401);
    assert.equal(((await without.json()) as { error: string }).error, 'missing');
  });

  it("required: false goes on with c.get('auth') = null", async () => {
    assert.deepEqual(await (await app.request('/page')).json(), { signedIn: false });
    assert.deepEqual(await (await app.request('/page', { headers: { cookie: `stytch_session_jwt=${jwt}` } })).json(), { signedIn: true });
  });
});
