/** The password transitions of the login state machine (SPEC §4), as pure reducer steps. */
import { expect } from '@open-wc/testing';
import { initialWidgetState, type WidgetState, widgetReducer } from '../login/state.ts';
import { loadAllUiMethods } from '../registry.ts';

describe('password state machine', () => {
  // The state machine and Main's parts of a method are in its chunk (registry.ts): load them all.
  before(() => loadAllUiMethods());

  const found = (userType: 'new' | 'existing'): WidgetState => widgetReducer(initialWidgetState(), { type: 'password_user_found', email: 'a@b.co', userType });

  it('password_user_found keeps the email and type and goes to PasswordCreateOrLogin', () => {
    const s = found('existing');
    expect(s.screen).to.equal('PasswordCreateOrLogin');
    expect(s.passwordState).to.deep.equal({ email: 'a@b.co', type: 'existing' });
  });

  it('password_email_sent shows the named screen; PasswordSetNew marks the user passwordless', () => {
    const forgot = widgetReducer(found('existing'), { type: 'password_email_sent', email: 'a@b.co', screen: 'PasswordForgot' });
    expect(forgot.screen).to.equal('PasswordForgot');
    expect(forgot.passwordState.type).to.equal('existing');
    const setNew = widgetReducer(initialWidgetState(), { type: 'password_email_sent', email: 'c@d.co', screen: 'PasswordSetNew' });
    expect(setNew.screen).to.equal('PasswordSetNew');
    expect(setNew.passwordState).to.deep.equal({ email: 'c@d.co', type: 'passwordless' });
  });

  it('password_authenticated counts the flow from create/log in or the reset form, and is ignored elsewhere', () => {
    const done = widgetReducer(found('new'), { type: 'password_authenticated' });
    expect(done.screen).to.equal('PasswordConfirmation');
    expect(done.completedFlows).to.equal(1);
    expect(widgetReducer(done, { type: 'password_authenticated' })).to.equal(done);
    const reset = { ...initialWidgetState('PasswordResetForm'), resetPasswordState: { token: 't', tokenType: 'reset_password' } };
    expect(widgetReducer(reset, { type: 'password_authenticated' }).screen).to.equal('PasswordConfirmation');
    const main = initialWidgetState();
    expect(widgetReducer(main, { type: 'password_authenticated' })).to.equal(main);
  });

  it('back_to_main from a password screen keeps the typed email for the start form', () => {
    const back = widgetReducer(found('new'), { type: 'back_to_main' });
    expect(back.screen).to.equal('Main');
    expect(back.passwordState.email).to.equal('a@b.co');
  });

  it('password_switch_mode flips sign in and create only where the lookup could not tell (enumeration protection)', () => {
    const hidden = widgetReducer(initialWidgetState(), { type: 'password_user_found', email: 'a@b.co', userType: 'existing', offerBoth: true });
    expect(hidden.passwordState).to.deep.equal({ email: 'a@b.co', type: 'existing', offerBoth: true });
    const create = widgetReducer(hidden, { type: 'password_switch_mode', userType: 'new' });
    expect(create.screen).to.equal('PasswordCreateOrLogin');
    expect(create.passwordState).to.deep.equal({ email: 'a@b.co', type: 'new', offerBoth: true });
    expect(widgetReducer(create, { type: 'password_switch_mode', userType: 'existing' }).passwordState.type).to.equal('existing');
    // A lookup that told the truth leaves no switch.
    const known = found('existing');
    expect(widgetReducer(known, { type: 'password_switch_mode', userType: 'new' })).to.equal(known);
  });
});
