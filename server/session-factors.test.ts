/**
 * addSessionFactor and refuseImpersonated (server/session-factors.ts): a step-up appends or refreshes a
 * factor, moves the expiry within the lifetime bounds, never moves an impersonated session's expiry, and
 * finds nothing on an ended session; the guard refuses only impersonated sessions.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SESSION_DURATION_MAX } from '../sdk-core/schemas/sessions.ts';
import type { AuthenticationFactor } from '../sdk-core/schemas/index.ts';
import type { SessionsTable } from './db/schema.ts';
import { ApiError } from './errors.ts';
import { addSessionFactor, isImpersonated, refuseImpersonated } from './session-factors.ts';
import { login, type TestApp, testApp } from './test-helpers.ts';

const factor = (type: string, id?: string): AuthenticationFactor => ({
  type,
  delivery_method: type,
  last_authenticated_at: new Date(0).toISOString(),
  ...(id ? { thing_factor: { id } } : {}),
});
const types = (row: SessionsTable | null) => (JSON.parse(row?.factors ?? '[]') as AuthenticationFactor[]).map((f) => f.type);

describe('addSessionFactor', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  async function session(email: string, factors?: AuthenticationFactor[]): Promise<SessionsTable> {
    const { data } = await login(t, email, 60);
    const id = String((data.session as { session_id: string }).session_id);
    const k = t.services.db.kysely;
    if (factors)
      await k
        .updateTable('sessions')
        .set({ factors: JSON.stringify(factors) })
        .where('session_id', '=', id)
        .execute();
    return k.selectFrom('sessions').selectAll().where('session_id', '=', id).executeTakeFirstOrThrow();
  }

  it('appends a factor, replaces one of the same identity, and sets the expiry from now when asked', async () => {
    const s = await session('factors-1@example.com');
    const a = await addSessionFactor(t.services, s, factor('totp'), { durationMinutes: 120 });
    assert.deepEqual(types(a), ['otp', 'totp']);
    assert.equal(a?.expires_at, t.clock.t + 120 * 60_000);
    t.advance(1000);
    const b = await addSessionFactor(t.services, a as SessionsTable, factor('totp'));
    assert.deepEqual(types(b), ['otp', 'totp'], 'the same type replaces by default');
    assert.equal(b?.expires_at, a?.expires_at, 'no duration: the expiry stays');
    assert.equal(b?.last_accessed_at, t.clock.t);
    const identity = (f: AuthenticationFactor) => JSON.stringify([f.type, (f['thing_factor'] as { id?: string } | undefined)?.id]);
    const c = await addSessionFactor(t.services, b as SessionsTable, factor('thing', 'x'), { identity });
    const d = await addSessionFactor(t.services, c as SessionsTable, factor('thing', 'y'), { identity });
    const e = await addSessionFactor(t.services, d as SessionsTable, factor('thing', 'x'), { identity });
    assert.deepEqual(types(e), ['otp', 'totp', 'thing', 'thing'], 'another identity joins, the same one is refreshed');
  });

  it('keeps the expiry within the lifetime bound', async () => {
    const s = await session('factors-2@example.com');
    const row = await addSessionFactor(t.services, s, factor('totp'), { durationMinutes: SESSION_DURATION_MAX * 10 });
    assert.equal(row?.expires_at, t.clock.t + SESSION_DURATION_MAX * 60_000);
  });

  it('never moves an impersonated session’s expiry, and keeps its impersonation marker', async () => {
    const s = await session('factors-3@example.com', [factor('impersonated')]);
    assert.equal(isImpersonated(s), true);
    const row = await addSessionFactor(t.services, s, factor('totp'), { durationMinutes: 600 });
    assert.equal(row?.expires_at, s.expires_at);
    const again = await addSessionFactor(t.services, row as SessionsTable, factor('webauthn'), { durationMinutes: 600 });
    assert.equal(again?.expires_at, s.expires_at);
    assert.equal(isImpersonated(again as SessionsTable), true);
    assert.throws(
      () => refuseImpersonated(again as SessionsTable),
      (e: unknown) => e instanceof ApiError && e.errorType === 'unauthorized_action',
    );
  });

  it('an ended session gets nothing', async () => {
    const s = await session('factors-4@example.com');
    await t.services.db.kysely.updateTable('sessions').set({ revoked_at: t.clock.t }).where('session_id', '=', s.session_id).execute();
    assert.equal(await addSessionFactor(t.services, s, factor('totp'), { durationMinutes: 60 }), null);
    refuseImpersonated(s);
  });
});
