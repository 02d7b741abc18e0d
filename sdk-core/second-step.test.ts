/** The client core's second-step holder (./second-step.ts): the device token kept per project, the pending step, bad stored values ignored. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryStore } from './storage.ts';
import { secondStep } from './second-step.ts';

const required = { factors: ['totp', 'recovery_code'], enrolment_required: false };

describe('secondStep (sdk-core/second-step.ts)', () => {
  it('keeps the pending step of a first factor and ends it with a session', () => {
    const s = secondStep(new MemoryStore(), 'public-token-test-a');
    const seen: unknown[] = [];
    s.subscribe((m) => seen.push(m));
    s.answered({ user_id: 'user-1', intermediate_session_token: 'ist_x', mfa_required: required });
    assert.deepEqual(s.pending(), required);
    s.answered({ session_token: 'tok', session_jwt: 'jwt' });
    assert.equal(s.pending(), null);
    assert.deepEqual(seen, [required, null]);
  });

  it('ignores an mfa_required without an intermediate token, and non-objects', () => {
    const s = secondStep(new MemoryStore(), 'public-token-test-a');
    s.answered({ mfa_required: required });
    s.answered(null);
    s.answered('text');
    assert.equal(s.pending(), null);
  });

  it('keeps a device token per project and sends it with later sign-ins, unless the body names one', () => {
    const store = new MemoryStore();
    const a = secondStep(store, 'public-token-test-a');
    assert.deepEqual(a.withDevice({ code: '1' }), { code: '1' }, 'nothing added without a token');
    a.answered({ session_token: 't', session_jwt: 'j', device_token: 'dvt_abc-DEF_123' });
    assert.deepEqual(a.withDevice({ code: '1' }), { code: '1', device_token: 'dvt_abc-DEF_123' });
    assert.deepEqual(a.withDevice({ device_token: 'dvt_mine' }), { device_token: 'dvt_mine' });
    assert.deepEqual(secondStep(store, 'public-token-test-b').withDevice({}), {}, 'another project sends none');
    a.forgetDevice();
    assert.deepEqual(a.withDevice({}), {});
  });

  it('never sends a stored value that is no device token (any script of the site can write storage)', () => {
    for (const bad of ['', 'dvt_', 'x'.repeat(20), 'dvt_a b', `dvt_${'a'.repeat(600)}`, 'dvt_<script>']) {
      const store = new MemoryStore();
      store.setItem('auth_elements_device_token::public-token-test-a', bad);
      assert.deepEqual(secondStep(store, 'public-token-test-a').withDevice({}), {}, bad);
    }
    const s = secondStep(new MemoryStore(), 'public-token-test-a');
    s.answered({ session_token: 't', device_token: 'not-a-device-token' });
    assert.deepEqual(s.withDevice({}), {}, 'an answer with a malformed token keeps none');
  });

  it('survives a store that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    const s = secondStep(broken, 'public-token-test-a');
    s.answered({ session_token: 't', device_token: 'dvt_abc' });
    assert.deepEqual(s.withDevice({}), {});
    s.forgetDevice();
  });
});
