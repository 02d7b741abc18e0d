/** The password transitions of the login state machine (docs/reference/methods/passwords.md#rules), as pure reducer steps. */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { initialWidgetState, type WidgetState, widgetReducer } from '../login/state.ts';
import { loadAllUiMethods } from '../registry.ts';

describe('password state machine', () => {
  // The state machine and Main's parts of a method are in its chunk (registry.ts): load them all.
  before(() => loadAllUiMethods());

  const found = (userType: 'new' | 'existing'): WidgetState => widgetReducer(initialWidgetState(), { type: 'password_user_found', email: 'a@b.co', userType });

  it('password_user_found keeps the email and type and goes to PasswordCreateOrLogin', () => {
    const s = found('existing');
    assert.equal(s.screen, 'PasswordCreateOrLogin');
    assert.deepEqual(s.passwordState, { email: 'a@b.co', type: 'existing' });
  });

  it('password_email_sent shows the named screen; PasswordSetNew marks the user passwordless', () => {
    const forgot = widgetReducer(found('existing'), { type: 'password_email_sent', email: 'a@b.co', screen: 'PasswordForgot' });
    assert.equal(forgot.screen, 'PasswordForgot');
    assert.equal(forgot.passwordState.type, 'existing');
    const setNew = widgetReducer(initialWidgetState(), { type: 'password_email_sent', email: 'c@d.co', screen: 'PasswordSetNew' });
    assert.equal(setNew.screen, 'PasswordSetNew');
    assert.deepEqual(setNew.passwordState, { email: 'c@d.co', type: 'passwordless' });
  });

  it('password_authenticated counts the flow from create/log in or the reset form, and is ignored elsewhere', () => {
    const done = widgetReducer(found('new'), { type: 'password_authenticated' });
    assert.equal(done.screen, 'PasswordConfirmation');
    assert.equal(done.completedFlows, 1);
    assert.equal(widgetReducer(done, { type: 'password_authenticated' }), done);
    const reset = { ...initialWidgetState('PasswordResetForm'), resetPasswordState: { token: 't', tokenType: 'reset_password' } };
    assert.equal(widgetReducer(reset, { type: 'password_authenticated' }).screen, 'PasswordConfirmation');
    const main = initialWidgetState();
    assert.equal(widgetReducer(main, { type: 'password_authenticated' }), main);
  });

  it('back_to_main from a password screen keeps the typed email for the start form', () => {
    const back = widgetReducer(found('new'), { type: 'back_to_main' });
    assert.equal(back.screen, 'Main');
    assert.equal(back.passwordState.email, 'a@b.co');
  });

  it('password_switch_mode flips sign in and create only where the lookup could not tell (enumeration protection)', () => {
    const hidden = widgetReducer(initialWidgetState(), { type: 'password_user_found', email: 'a@b.co', userType: 'existing', offerBoth: true });
    assert.deepEqual(hidden.passwordState, { email: 'a@b.co', type: 'existing', offerBoth: true });
    const create = widgetReducer(hidden, { type: 'password_switch_mode', userType: 'new' });
    assert.equal(create.screen, 'PasswordCreateOrLogin');
    assert.deepEqual(create.passwordState, { email: 'a@b.co', type: 'new', offerBoth: true });
    assert.equal(widgetReducer(create, { type: 'password_switch_mode', userType: 'existing' }).passwordState.type, 'existing');
    // A lookup that told the truth leaves no switch.
    const known = found('existing');
    assert.equal(widgetReducer(known, { type: 'password_switch_mode', userType: 'new' }), known);
  });
});
