import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { configProblem, resolveLoginConfig } from '../config.ts';
import { emailVariant, mainMethods, tabAfterKey } from './methods.ts';
import { initialWidgetState, widgetReducer } from './state.ts';
import { loadAllUiMethods } from '../registry.ts';

const methodsOf = (config: unknown) => mainMethods(resolveLoginConfig(config));

describe('Main methods and tabs', () => {
  // The state machine and Main's parts of a method are in its chunk (registry.ts): load them all.
  before(() => loadAllUiMethods());

  it('derives Email, Text, WhatsApp from the products', () => {
    assert.deepEqual(methodsOf({ products: ['otp'], otpOptions: { methods: ['email'] } }), ['email']);
    assert.deepEqual(methodsOf({ products: ['otp'], otpOptions: { methods: ['whatsapp', 'sms', 'email'] } }), ['email', 'sms', 'whatsapp']);
    assert.deepEqual(methodsOf({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } }), ['email', 'sms']);
    assert.deepEqual(methodsOf({ products: ['otp'], otpOptions: { methods: ['sms'] } }), ['sms']);
    assert.deepEqual(methodsOf({ products: ['oauth'] }), []);
  });

  it('a password product turns the Email tab into the password flow', () => {
    assert.equal(emailVariant(resolveLoginConfig({ products: ['passwords', 'emailMagicLinks'] })), 'password');
    assert.equal(emailVariant(resolveLoginConfig({ products: ['emailMagicLinks'] })), 'magicLink');
    assert.equal(emailVariant(resolveLoginConfig({ products: ['otp'], otpOptions: { methods: ['email'] } })), 'otp');
    assert.equal(emailVariant(resolveLoginConfig({ products: ['otp'], otpOptions: { methods: ['sms'] } })), null);
  });

  it('docs/reference/config.md#configuration-errors config problems', () => {
    assert.equal(configProblem(resolveLoginConfig({ products: ['passkeys'] })), 'config.passkeysAlone');
    assert.equal(configProblem(resolveLoginConfig({ products: ['passkeys', 'otp'] })), null);
    assert.equal(configProblem(resolveLoginConfig({ products: ['emailMagicLinks', 'otp'] })), 'config.emlAndOtp');
    assert.equal(configProblem(resolveLoginConfig({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } })), null);
  });

  it('arrow keys wrap, Home and End jump, other keys do nothing', () => {
    const m = ['email', 'sms', 'whatsapp'] as const;
    assert.equal(tabAfterKey(m, 'email', 'ArrowRight'), 'sms');
    assert.equal(tabAfterKey(m, 'whatsapp', 'ArrowRight'), 'email');
    assert.equal(tabAfterKey(m, 'email', 'ArrowLeft'), 'whatsapp');
    assert.equal(tabAfterKey(m, 'sms', 'Home'), 'email');
    assert.equal(tabAfterKey(m, 'sms', 'End'), 'whatsapp');
    assert.equal(tabAfterKey(m, 'sms', 'Enter'), null);
    // Right to left the arrows follow the visual order: ArrowLeft is the next tab.
    assert.equal(tabAfterKey(m, 'email', 'ArrowLeft', true), 'sms');
    assert.equal(tabAfterKey(m, 'email', 'ArrowRight', true), 'whatsapp');
  });

  it('back from an SMS code keeps the channel, so Main reopens on the Text tab', () => {
    const onOtp = widgetReducer(initialWidgetState(), { type: 'otp_sent', otpType: 'sms', methodId: 'p1', destination: '+12025550123' });
    const back = widgetReducer(onOtp, { type: 'back_to_main' });
    assert.deepEqual(back.otpState, { type: 'sms', methodId: '', otpDestination: '' });
  });
});
