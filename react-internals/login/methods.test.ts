import { expect } from '@open-wc/testing';
import { configProblem, resolveLoginConfig } from '../config.ts';
import { emailVariant, mainMethods, tabAfterKey } from './methods.ts';
import { initialWidgetState, widgetReducer } from './state.ts';
import { loadAllUiMethods } from '../registry.ts';

const methodsOf = (config: unknown) => mainMethods(resolveLoginConfig(config));

describe('Main methods and tabs', () => {
  // The state machine and Main's parts of a method are in its chunk (registry.ts): load them all.
  before(() => loadAllUiMethods());

  it('derives Email, Text, WhatsApp from the products', () => {
    expect(methodsOf({ products: ['otp'], otpOptions: { methods: ['email'] } })).to.deep.equal(['email']);
    expect(methodsOf({ products: ['otp'], otpOptions: { methods: ['whatsapp', 'sms', 'email'] } })).to.deep.equal(['email', 'sms', 'whatsapp']);
    expect(methodsOf({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } })).to.deep.equal(['email', 'sms']);
    expect(methodsOf({ products: ['otp'], otpOptions: { methods: ['sms'] } })).to.deep.equal(['sms']);
    expect(methodsOf({ products: ['oauth'] })).to.deep.equal([]);
  });

  it('a password product turns the Email tab into the password flow', () => {
    expect(emailVariant(resolveLoginConfig({ products: ['passwords', 'emailMagicLinks'] }))).to.equal('password');
    expect(emailVariant(resolveLoginConfig({ products: ['emailMagicLinks'] }))).to.equal('magicLink');
    expect(emailVariant(resolveLoginConfig({ products: ['otp'], otpOptions: { methods: ['email'] } }))).to.equal('otp');
    expect(emailVariant(resolveLoginConfig({ products: ['otp'], otpOptions: { methods: ['sms'] } }))).to.equal(null);
  });

  it('SPEC §1 config problems', () => {
    expect(configProblem(resolveLoginConfig({ products: ['passkeys'] }))).to.equal('config.passkeysAlone');
    expect(configProblem(resolveLoginConfig({ products: ['passkeys', 'otp'] }))).to.equal(null);
    expect(configProblem(resolveLoginConfig({ products: ['emailMagicLinks', 'otp'] }))).to.equal('config.emlAndOtp');
    expect(configProblem(resolveLoginConfig({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } }))).to.equal(null);
  });

  it('arrow keys wrap, Home and End jump, other keys do nothing', () => {
    const m = ['email', 'sms', 'whatsapp'] as const;
    expect(tabAfterKey(m, 'email', 'ArrowRight')).to.equal('sms');
    expect(tabAfterKey(m, 'whatsapp', 'ArrowRight')).to.equal('email');
    expect(tabAfterKey(m, 'email', 'ArrowLeft')).to.equal('whatsapp');
    expect(tabAfterKey(m, 'sms', 'Home')).to.equal('email');
    expect(tabAfterKey(m, 'sms', 'End')).to.equal('whatsapp');
    expect(tabAfterKey(m, 'sms', 'Enter')).to.equal(null);
  });

  it('back from an SMS code keeps the channel, so Main reopens on the Text tab', () => {
    const onOtp = widgetReducer(initialWidgetState(), { type: 'otp_sent', otpType: 'sms', methodId: 'p1', destination: '+12025550123' });
    const back = widgetReducer(onOtp, { type: 'back_to_main' });
    expect(back.otpState).to.deep.equal({ type: 'sms', methodId: '', otpDestination: '' });
  });
});
