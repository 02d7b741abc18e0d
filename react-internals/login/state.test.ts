import { expect } from '@open-wc/testing';
import { initialWidgetState, widgetReducer } from './state.ts';
import { loadAllUiMethods } from '../registry.ts';

describe('login state machine', () => {
  // The state machine and Main's parts of a method are in its chunk (registry.ts): load them all.
  before(() => loadAllUiMethods());

  it('starts on Main with empty SPEC §3 state', () => {
    const s = initialWidgetState();
    expect(s.screen).to.equal('Main');
    expect(s.otpState).to.deep.equal({ type: 'email', methodId: '', otpDestination: '' });
    expect(s.cryptoState.walletOption).to.equal('Metamask');
    expect(s.errorDescriptor).to.equal(null);
  });

  it('otp_sent stores method id and destination and goes to OTPAuthenticate', () => {
    const s = widgetReducer(initialWidgetState(), {
      type: 'otp_sent',
      otpType: 'email',
      methodId: 'm1',
      destination: 'a@b.co',
    });
    expect(s.screen).to.equal('OTPAuthenticate');
    expect(s.otpState).to.deep.equal({ type: 'email', methodId: 'm1', otpDestination: 'a@b.co' });
  });

  it('otp_resent replaces the method id only on OTPAuthenticate', () => {
    const onOtp = widgetReducer(initialWidgetState(), { type: 'otp_sent', otpType: 'email', methodId: 'm1', destination: 'a@b.co' });
    expect(widgetReducer(onOtp, { type: 'otp_resent', methodId: 'm2' }).otpState.methodId).to.equal('m2');
    const main = initialWidgetState();
    expect(widgetReducer(main, { type: 'otp_resent', methodId: 'm2' })).to.equal(main);
  });

  it('otp_authenticated goes to OTPConfirmation and counts the flow; ignored elsewhere', () => {
    const onOtp = widgetReducer(initialWidgetState(), { type: 'otp_sent', otpType: 'email', methodId: 'm1', destination: 'a@b.co' });
    const done = widgetReducer(onOtp, { type: 'otp_authenticated' });
    expect(done.screen).to.equal('OTPConfirmation');
    expect(done.completedFlows).to.equal(1);
    expect(widgetReducer(done, { type: 'otp_authenticated' })).to.equal(done);
  });

  it('back_to_main returns to Main and forgets the OTP', () => {
    const onOtp = widgetReducer(initialWidgetState(), { type: 'otp_sent', otpType: 'email', methodId: 'm1', destination: 'a@b.co' });
    const back = widgetReducer(onOtp, { type: 'back_to_main' });
    expect(back.screen).to.equal('Main');
    expect(back.otpState.methodId).to.equal('');
  });

  it('set_error sets and clears the banner descriptor; a new send clears it', () => {
    const withError = widgetReducer(initialWidgetState(), { type: 'set_error', error: { messageId: 'x', text: 'Boom' } });
    expect(withError.errorDescriptor).to.deep.equal({ messageId: 'x', text: 'Boom' });
    expect(widgetReducer(withError, { type: 'set_error', error: null }).errorDescriptor).to.equal(null);
    const sent = widgetReducer(withError, { type: 'otp_sent', otpType: 'email', methodId: 'm', destination: 'd@e.fg' });
    expect(sent.errorDescriptor).to.equal(null);
  });

  it('is pure: never mutates its input', () => {
    const s = Object.freeze(initialWidgetState());
    expect(() => widgetReducer(s, { type: 'otp_sent', otpType: 'email', methodId: 'm', destination: 'd@e.fg' })).not.to.throw();
  });
});
