import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { initialWidgetState, widgetReducer } from './state.ts';
import { loadAllUiMethods } from '../registry.ts';

describe('login state machine', () => {
  // The state machine and Main's parts of a method are in its chunk (registry.ts): load them all.
  before(() => loadAllUiMethods());

  it('starts on Main with empty docs/reference/elements/auth-login.md#states state', () => {
    const s = initialWidgetState();
    assert.equal(s.screen, 'Main');
    assert.deepEqual(s.otpState, { type: 'email', methodId: '', otpDestination: '' });
    assert.equal(s.cryptoState.walletOption, 'Metamask');
    assert.equal(s.errorDescriptor, null);
  });

  it('otp_sent stores method id and destination and goes to OTPAuthenticate', () => {
    const s = widgetReducer(initialWidgetState(), {
      type: 'otp_sent',
      otpType: 'email',
      methodId: 'm1',
      destination: 'a@b.co',
    });
    assert.equal(s.screen, 'OTPAuthenticate');
    assert.deepEqual(s.otpState, { type: 'email', methodId: 'm1', otpDestination: 'a@b.co' });
  });

  it('otp_resent replaces the method id only on OTPAuthenticate', () => {
    const onOtp = widgetReducer(initialWidgetState(), { type: 'otp_sent', otpType: 'email', methodId: 'm1', destination: 'a@b.co' });
    assert.equal(widgetReducer(onOtp, { type: 'otp_resent', methodId: 'm2' }).otpState.methodId, 'm2');
    const main = initialWidgetState();
    assert.equal(widgetReducer(main, { type: 'otp_resent', methodId: 'm2' }), main);
  });

  it('otp_authenticated goes to OTPConfirmation and counts the flow; ignored elsewhere', () => {
    const onOtp = widgetReducer(initialWidgetState(), { type: 'otp_sent', otpType: 'email', methodId: 'm1', destination: 'a@b.co' });
    const done = widgetReducer(onOtp, { type: 'otp_authenticated' });
    assert.equal(done.screen, 'OTPConfirmation');
    assert.equal(done.completedFlows, 1);
    assert.equal(widgetReducer(done, { type: 'otp_authenticated' }), done);
  });

  it('back_to_main returns to Main and forgets the OTP', () => {
    const onOtp = widgetReducer(initialWidgetState(), { type: 'otp_sent', otpType: 'email', methodId: 'm1', destination: 'a@b.co' });
    const back = widgetReducer(onOtp, { type: 'back_to_main' });
    assert.equal(back.screen, 'Main');
    assert.equal(back.otpState.methodId, '');
  });

  it('set_error sets and clears the banner descriptor; a new send clears it', () => {
    const withError = widgetReducer(initialWidgetState(), { type: 'set_error', error: { messageId: 'x', text: 'Boom' } });
    assert.deepEqual(withError.errorDescriptor, { messageId: 'x', text: 'Boom' });
    assert.equal(widgetReducer(withError, { type: 'set_error', error: null }).errorDescriptor, null);
    const sent = widgetReducer(withError, { type: 'otp_sent', otpType: 'email', methodId: 'm', destination: 'd@e.fg' });
    assert.equal(sent.errorDescriptor, null);
  });

  it('is pure: never mutates its input', () => {
    const s = Object.freeze(initialWidgetState());
    assert.doesNotThrow(() => widgetReducer(s, { type: 'otp_sent', otpType: 'email', methodId: 'm', destination: 'd@e.fg' }));
  });
});
