/** The per-process session JWT cache (issue 16): its LRU bound, its expiry sweep, and when an entry may be served again. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type CachedSessionJwt, JWT_REUSE_MIN_REMAINING_SHARE, reusable, SessionJwtCache } from './session-jwt-cache.ts';

const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
const entry = (over: Partial<CachedSessionJwt> = {}): CachedSessionJwt => ({
  jwt: 'jwt',
  issuedAtMs: T0,
  expiresAtMs: T0 + 300_000,
  sessionExpiresAt: T0 + 30 * 60_000,
  claimsKey: 'k',
  ...over,
});

describe('SessionJwtCache', () => {
  it('keeps at most its bound, dropping the least recently used session', () => {
    const c = new SessionJwtCache(2);
    c.set('a', entry());
    c.set('b', entry());
    assert.ok(c.get('a'));
    c.set('c', entry());
    assert.equal(c.size, 2);
    assert.equal(c.get('b'), undefined);
    assert.ok(c.get('a'));
    assert.ok(c.get('c'));
    c.delete('a');
    assert.equal(c.get('a'), undefined);
  });

  it('drops sessions that have ended and JWTs that have expired', () => {
    const c = new SessionJwtCache();
    c.set('ended', entry({ sessionExpiresAt: T0 + 1000 }));
    c.set('stale', entry({ expiresAtMs: T0 + 1000 }));
    c.set('live', entry());
    c.dropExpired(T0 + 1000);
    assert.deepEqual(
      ['ended', 'stale', 'live'].map((id) => c.get(id) !== undefined),
      [false, false, true],
    );
  });
});

describe('reusable', () => {
  const e = entry();
  const half = 300_000 * (1 - JWT_REUSE_MIN_REMAINING_SHARE);
  it('while at least the set share of its life is left, with the same claims', () => {
    assert.equal(reusable(e, T0, 'k', e.sessionExpiresAt), true);
    assert.equal(reusable(e, T0 + half, 'k', e.sessionExpiresAt), true);
    assert.equal(reusable(e, T0 + half + 1, 'k', e.sessionExpiresAt), false);
  });
  it('not when the claims changed, the session now ends earlier, or the clock is before its iat', () => {
    assert.equal(reusable(e, T0, 'other', e.sessionExpiresAt), false);
    assert.equal(reusable(e, T0, 'k', e.sessionExpiresAt - 1), false);
    assert.equal(reusable(e, T0, 'k', e.sessionExpiresAt + 60_000), true);
    assert.equal(reusable(e, T0 - 1, 'k', e.sessionExpiresAt), false);
  });
});
