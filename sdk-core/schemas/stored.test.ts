/**
 * The stored-value parsers (issue 10, item 14) in Node: whatever another tab or script wrote, they
 * return a well-formed value or null, never throw, and never let a `__proto__` key through.
 * Property-based over arbitrary strings and JSON (fast-check), plus the shapes the SDK writes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseStoredJson, parseStoredState, STORED_VALUE_MAX_LENGTH } from './stored.ts';
import { StoredPKCEPair } from './stored-pkce.ts';

const session = {
  session_id: 'session-test-1',
  user_id: 'user-test-1',
  started_at: '2026-01-01T00:00:00Z',
  last_accessed_at: '2026-01-01T00:00:00Z',
  expires_at: '2026-01-01T01:00:00Z',
  attributes: { ip_address: '127.0.0.1', user_agent: 'ua' },
  authentication_factors: [
    { type: 'otp', delivery_method: 'email', last_authenticated_at: '2026-01-01T00:00:00Z', email_factor: { email_id: 'e', email_address: 'a@b.co' } },
  ],
  custom_claims: {},
  roles: ['stytch_user'],
};
const user = {
  user_id: 'user-test-1',
  emails: [{ email_id: 'e', email: 'a@b.co', verified: true }],
  phone_numbers: [],
  name: { first_name: '', middle_name: '', last_name: '' },
  providers: [],
  totps: [],
  webauthn_registrations: [],
  crypto_wallets: [],
  biometric_registrations: [],
  trusted_metadata: {},
  untrusted_metadata: {},
  created_at: '2026-01-01T00:00:00Z',
  status: 'active',
  roles: ['stytch_user'],
  password: null,
};

const quiet = <T>(fn: () => T): T => {
  const debug = console.debug;
  console.debug = () => undefined;
  try {
    return fn();
  } finally {
    console.debug = debug;
  }
};

describe('stored values read back (sdk-core/schemas/stored.ts)', () => {
  it('keeps the state the SDK writes, extra server fields included', () => {
    const written = JSON.stringify({ session: { ...session, extra: 1 }, user: { ...user, extra: 'x' } });
    const parsed = parseStoredState(written);
    assert.equal(parsed?.session?.session_id, 'session-test-1');
    assert.equal(parsed?.user?.emails[0]?.email, 'a@b.co');
    assert.equal((parsed?.session as unknown as { extra?: number } | undefined)?.extra, 1);
    assert.deepEqual(parseStoredState(JSON.stringify({ session: null, user })), { session: null, user });
  });

  it('refuses a session and a user that disagree, a value over the length cap, and __proto__ keys', () => {
    quiet(() => {
      assert.equal(parseStoredState(JSON.stringify({ session, user: { ...user, user_id: 'user-test-2' } })), null);
      assert.equal(parseStoredState(`${JSON.stringify({ session, user })}${' '.repeat(STORED_VALUE_MAX_LENGTH)}`), null);
      const parsed = parseStoredState(
        JSON.stringify({ session: { ...session, custom_claims: JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') }, user }),
      );
      assert.deepEqual(parsed?.session?.custom_claims, { a: 1 });
      assert.equal(Object.hasOwn(parsed?.session?.custom_claims ?? {}, '__proto__'), false);
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });
  });

  it('never throws and returns null or a well-formed state, for any string', () => {
    quiet(() =>
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string(),
            fc.json(),
            fc.jsonValue().map((v) => JSON.stringify(v)),
          ),
          (raw) => {
            const parsed = parseStoredState(raw);
            if (parsed === null) return;
            assert.ok(parsed.session === null || typeof parsed.session.session_id === 'string');
            assert.ok(parsed.user === null || typeof parsed.user.user_id === 'string');
          },
        ),
        { numRuns: 2000 },
      ),
    );
  });

  it('never throws on anything at all, and a PKCE pair is only ever an RFC 7636 verifier with an S256 challenge', () => {
    quiet(() =>
      fc.assert(
        fc.property(fc.anything(), (raw) => {
          const pair = parseStoredJson(StoredPKCEPair, raw, 'PKCE pair');
          if (pair !== null) {
            assert.match(pair.code_verifier, /^[A-Za-z0-9._~-]{43,128}$/);
            assert.match(pair.code_challenge, /^[A-Za-z0-9_-]{43}$/);
          }
        }),
        { numRuns: 2000 },
      ),
    );
  });
});
