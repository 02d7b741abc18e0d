import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AuthenticateResponse } from './schemas/index.ts';
import { createSessionManager, INTERMEDIATE_COOKIE_MS } from './session-manager.ts';
import { MemoryCookieJar, MemoryStore } from './storage.ts';

const session = { session_id: 'session-1', user_id: 'user-1', expires_at: '2030-01-01T00:00:00.000Z' } as AuthenticateResponse['session'];
const user = { user_id: 'user-1' } as AuthenticateResponse['user'];

function manager(cookieOptions = {}) {
  const cookies = new MemoryCookieJar();
  const m = createSessionManager({ publicToken: 'public-token-test-m', cookies, store: new MemoryStore(), cookieOptions });
  return { m, cookies };
}

describe('session cookies (docs/reference/sdk.md#cookies, docs/reference/constants.md#client-sdk)', () => {
  it('with both tokens writes the session cookies and removes the intermediate one', () => {
    const { m, cookies } = manager();
    cookies.set('stytch_intermediate_session_token', 'ist', {});
    m.update({ session_token: 'st', session_jwt: 'jwt', session, user });
    assert.equal(cookies.get('stytch_session'), 'st');
    assert.equal(cookies.get('stytch_session_jwt'), 'jwt');
    assert.equal(cookies.get('stytch_intermediate_session_token'), null);
    assert.equal(cookies.written.get('stytch_session')!.attributes.expires?.toISOString(), session.expires_at);
    assert.deepEqual(m.getState(), { session, user });
  });

  it('with only an intermediate token writes that cookie for ten minutes and removes the session cookies', () => {
    const { m, cookies } = manager();
    m.update({ session_token: 'st', session_jwt: 'jwt', session, user });
    const before = Date.now();
    m.update({ intermediate_session_token: 'ist' });
    assert.equal(cookies.get('stytch_intermediate_session_token'), 'ist');
    const expires = cookies.written.get('stytch_intermediate_session_token')!.attributes.expires!.getTime();
    assert.ok(expires >= before + INTERMEDIATE_COOKIE_MS && expires <= Date.now() + INTERMEDIATE_COOKIE_MS);
    assert.equal(cookies.get('stytch_session'), null);
    assert.equal(cookies.get('stytch_session_jwt'), null);
    assert.equal(m.getState().session, null);
  });

  it('with neither token removes every cookie', () => {
    const { m, cookies } = manager();
    m.update({ session_token: 'st', session_jwt: 'jwt', session, user });
    cookies.set('stytch_intermediate_session_token', 'ist', {});
    m.update({});
    assert.equal(cookies.written.size, 0);
    assert.equal(m.getState().user, null);
  });

  it('honours cookie names, path and domain options; SameSite=Lax; Secure off loopback only', () => {
    const { m, cookies } = manager({ opaqueTokenCookieName: 'my_session', jwtCookieName: 'my_jwt', path: '/app', domain: 'example.com' });
    m.update({ session_token: 'st', session_jwt: 'jwt', session, user });
    const a = cookies.written.get('my_session')!.attributes;
    assert.equal(cookies.get('my_jwt'), 'jwt');
    assert.equal(a.path, '/app');
    assert.equal(a.domain, 'example.com');
    assert.equal(a.sameSite, 'Lax');
    // Node has no location: treated as localhost, where Secure cookies would be dropped over http.
    assert.equal(a.secure, false);
  });

  it('tells subscribers of each change once, and not of no-op updates', () => {
    const { m } = manager();
    const seen: (string | null)[] = [];
    const off = m.subscribe((s) => seen.push(s.session?.session_id ?? null));
    m.update({ session_token: 'st', session_jwt: 'jwt', session, user });
    m.update({ session_token: 'st', session_jwt: 'jwt', session, user });
    m.destroy();
    off();
    m.update({ session_token: 'st', session_jwt: 'jwt', session, user });
    assert.deepEqual(seen, ['session-1', null]);
  });
});
