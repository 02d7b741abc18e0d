/** The method registry (methods.ts): what the widget assembles from the list, and its uniqueness rules. */
import { expect } from '@open-wc/testing';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { createClient } from '../sdk-core/index.ts';
import { testEnv } from '../test/env.ts';
import { AVAILABLE_PRODUCTS, PRODUCTS, resolveLoginConfig } from './config.ts';
import { LOGIN_CONFIG_SHAPE } from './config-check.ts';
import { WidgetContext } from './context.ts';
import { AuthEventType } from './events.ts';
import { lazyScreen } from './lazy.tsx';
import { initialWidgetState, widgetReducer } from './login/state.ts';
import type { LoadedUiMethod } from './method.ts';
import { METHOD_EVENTS, METHOD_STRINGS } from './method-tables.ts';
import { UI_METHODS } from './methods.ts';
import { loadAllUiMethods, loadedUiMethods, uiMethodsFor } from './registry.ts';
import { waitFor, widgetContext } from './test-utils.ts';

let METHODS: readonly LoadedUiMethod[] = [];
before(async () => {
  await loadAllUiMethods();
  METHODS = loadedUiMethods();
});

/** Keys that appear in more than one of `tables`. */
function repeated(tables: readonly object[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const t of tables) for (const k of Object.keys(t)) (seen.has(k) ? twice : seen).add(k);
  return [...twice];
}

describe('method registry', () => {
  it('lists the methods, each with unique screens, actions and events', () => {
    expect(METHODS.map((m) => m.name)).to.deep.equal(['magic-links', 'passwords', 'otps', 'oauth', 'webauthn', 'crypto-wallets', 'idp', 'mfa', 'profile']);
    expect(repeated(METHODS.map((m) => m.screens))).to.deep.equal([]);
    expect(repeated(METHODS.map((m) => m.actions))).to.deep.equal([]);
    expect(repeated(METHODS.map((m) => m.events))).to.deep.equal([]);
    expect(repeated([{ Main: 1 }, ...METHODS.map((m) => m.screens)])).to.deep.equal([]);
  });

  it("names each method's screens in its entry as its chunk declares them", () => {
    for (const m of METHODS) expect([...m.screenNames].sort(), m.name).to.deep.equal(Object.keys(m.screens).sort());
  });

  it("lists every method's texts and events for the full tables, in the registry's order", () => {
    expect(METHOD_STRINGS).to.deep.equal(METHODS.map((m) => m.strings));
    expect(METHOD_EVENTS).to.deep.equal(METHODS.map((m) => m.events));
  });

  it('loads for a config only the methods its products and start screen use, with what they declare in `uses`', () => {
    const names = (config: unknown, screen?: string) => uiMethodsFor(config, screen).map((m) => m.name);
    expect(names({})).to.deep.equal(['otps']);
    expect(names({ products: ['otp'] })).to.deep.equal(['otps']);
    expect(names({ products: ['otp', 'nope', 42] })).to.deep.equal(['otps']);
    expect(names({ products: ['passwords'] })).to.deep.equal(['magic-links', 'passwords', 'otps']);
    expect(names({ products: ['oauth', 'crypto', 'passkeys'] })).to.deep.equal(['oauth', 'webauthn', 'crypto-wallets', 'mfa']);
    expect(names({}, 'PasswordResetForm')).to.deep.equal(['magic-links', 'passwords', 'otps']);
    expect(names({}, 'IDPConsent')).to.deep.equal(['otps', 'idp']);
    expect(names({ products: [] })).to.deep.equal([]);
    expect(UI_METHODS.map((m) => m.name)).to.deep.equal(METHODS.map((m) => m.name));
  });

  it('owns every docs/reference/elements/auth-login.md#generic-screens screen of the shipped methods (the rest render the generic error screen)', () => {
    expect(METHODS.flatMap((m) => Object.keys(m.screens)).sort()).to.deep.equal(
      [
        'EmailConfirmation',
        'IDPConsent',
        'OTPAuthenticate',
        'OTPConfirmation',
        'OAuthConfirmation',
        'PasskeyConfirmation',
        'PasskeyRegistrationStart',
        'PasskeyRegistrationSuccess',
        'PasswordBreached',
        'PasswordConfirmation',
        'PasswordCreateOrLogin',
        'PasswordDedupe',
        'PasswordForgot',
        'PasswordResetForm',
        'PasswordSetNew',
        'CryptoConnect',
        'CryptoSignMessage',
        'CryptoOtherScreen',
        'CryptoSetupWallet',
        'CryptoError',
        'CryptoConfirmation',
        'MFAChooser',
        'MFATOTPAuthenticate',
        'MFASMSAuthenticate',
        'MFAPasskey',
        'MFARecoveryCode',
        'MFAEnrolTOTP',
        'MFARecoveryCodes',
        'MFAConfirmation',
        'UserProfile',
      ].sort(),
    );
  });

  it('assembles the public AuthEventType with the same keys and values as before the registry', () => {
    expect(AuthEventType).to.deep.equal({
      OTP_EMAIL_LOGIN_OR_CREATE: 'OTP_EMAIL_LOGIN_OR_CREATE',
      OTP_AUTHENTICATE: 'OTP_AUTHENTICATE',
      OTP_SMS_LOGIN_OR_CREATE: 'OTP_SMS_LOGIN_OR_CREATE',
      OTP_WHATSAPP_LOGIN_OR_CREATE: 'OTP_WHATSAPP_LOGIN_OR_CREATE',
      MAGIC_LINK_LOGIN_OR_CREATE: 'MAGIC_LINK_LOGIN_OR_CREATE',
      AUTHENTICATE_FLOW_COMPLETE: 'authenticate-flow-complete',
      PASSKEY_AUTHENTICATE: 'PASSKEY_AUTHENTICATE',
      PASSKEY_REGISTER: 'PASSKEY_REGISTER',
      PASSKEY_SKIP: 'PASSKEY_SKIP',
      PASSKEY_DONE: 'PASSKEY_DONE',
      PASSWORD_CREATE: 'PASSWORD_CREATE',
      PASSWORD_AUTHENTICATE: 'PASSWORD_AUTHENTICATE',
      PASSWORD_RESET_BY_EMAIL_START: 'PASSWORD_RESET_BY_EMAIL_START',
      PASSWORD_RESET_BY_EMAIL: 'PASSWORD_RESET_BY_EMAIL',
      PASSWORD_RESET_LOGIN: 'PASSWORD_RESET_LOGIN',
      OAUTH_START: 'OAUTH_START',
      OAUTH_AUTHENTICATE: 'OAUTH_AUTHENTICATE',
      GOOGLE_ONE_TAP_SUBMIT: 'GOOGLE_ONE_TAP_SUBMIT',
      GOOGLE_ONE_TAP_FAILURE: 'GOOGLE_ONE_TAP_FAILURE',
      CRYPTO_WALLET_AUTHENTICATE_START: 'CRYPTO_WALLET_AUTHENTICATE_START',
      CRYPTO_WALLET_AUTHENTICATE: 'CRYPTO_WALLET_AUTHENTICATE',
      OAuthAuthorizeFlowStart: 'OAuthAuthorizeFlowStart',
      OAuthAuthorizeFlowConsentDenied: 'OAuthAuthorizeFlowConsentDenied',
      OAuthAuthorizeFlowComplete: 'OAuthAuthorizeFlowComplete',
      MFA_REQUIRED: 'MFA_REQUIRED',
      MFA_TOTP_AUTHENTICATE: 'MFA_TOTP_AUTHENTICATE',
      MFA_SMS_SEND: 'MFA_SMS_SEND',
      MFA_SMS_AUTHENTICATE: 'MFA_SMS_AUTHENTICATE',
      MFA_WEBAUTHN_AUTHENTICATE: 'MFA_WEBAUTHN_AUTHENTICATE',
      MFA_RECOVERY_CODE: 'MFA_RECOVERY_CODE',
      MFA_ENROL_TOTP: 'MFA_ENROL_TOTP',
      MFA_REVERIFY: 'MFA_REVERIFY',
      PROFILE_UPDATE: 'PROFILE_UPDATE',
      ACCOUNT_DELETED: 'ACCOUNT_DELETED',
    });
  });

  it('products and option checks come from the methods, in docs/reference/config.md#products order', () => {
    expect(AVAILABLE_PRODUCTS).to.deep.equal(['emailMagicLinks', 'passwords', 'otp', 'oauth', 'passkeys', 'crypto']);
    expect(PRODUCTS).to.deep.equal(['emailMagicLinks', 'passwords', 'otp', 'oauth', 'passkeys', 'crypto']);
    for (const key of ['emailMagicLinksOptions', 'passwordOptions', 'otpOptions', 'oauthOptions']) expect(LOGIN_CONFIG_SHAPE).to.have.property(key);
    const c = resolveLoginConfig({ products: ['otp', 'emailMagicLinks'], otpOptions: { methods: ['sms'], expirationMinutes: 7 } });
    expect(c).to.include({ otpExpirationMinutes: 7, sessionDurationMinutes: 30, enableShadowDOM: true });
    expect(c.otpMethods).to.deep.equal(['sms']);
    expect(c.emailMagicLinks.loginExpirationMinutes).to.equal(30);
    expect(c.passwords).to.deep.equal({});
  });

  it('starts with every method slice, and routes each action to its method', () => {
    const s = initialWidgetState();
    expect(s).to.include.keys('otpState', 'magicLinkState', 'passwordState', 'resetPasswordState', 'passkeyState', 'cryptoState', 'mainTab');
    expect(s.passkeyState).to.deep.equal({ outcome: null });
    expect(widgetReducer(s, { type: 'main_tab_selected', tab: 'sms' }).mainTab).to.equal('sms');
  });

  it('keeps how the registration widget left Start in the state (created or skipped), not in a module-level map', () => {
    const start = initialWidgetState('PasskeyRegistrationStart');
    const created = widgetReducer(start, { type: 'passkey_registered' });
    expect(created.screen).to.equal('PasskeyRegistrationSuccess');
    expect(created.passkeyState.outcome).to.equal('created');
    const again = widgetReducer(created, { type: 'passkey_register_another' });
    expect(widgetReducer(again, { type: 'passkey_registration_skipped' }).passkeyState.outcome).to.equal('skipped');
    // Two widgets do not share it: each state is its own.
    expect(initialWidgetState('PasskeyRegistrationStart').passkeyState.outcome).to.equal(null);
  });
});

describe('lazyScreen', () => {
  it('shows the loading line, then the screen; views of one chunk share its fetch; a chunk that cannot be fetched says so', async () => {
    const { apiBaseUrl, publicToken } = await testEnv();
    const client = createClient(publicToken, { apiBaseUrl, disableSessionRefresh: true });
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    try {
      let release: (m: { Hello: () => string }) => void = () => undefined;
      let fetches = 0;
      const load = () => {
        fetches++;
        return new Promise<{ Hello: () => string }>((r) => {
          release = r;
        });
      };
      const First = lazyScreen(load, (m) => m.Hello, { loading: 'main.loading' });
      const Second = lazyScreen(load, (m) => m.Hello);
      const ctx = widgetContext(client, {});
      root.render(createElement(WidgetContext.Provider, { value: ctx }, createElement(First), createElement(Second)));
      await waitFor(() => host.textContent === 'Loading...', 'loading line');
      expect(host.querySelector('[role="status"]')).to.not.equal(null);
      release({ Hello: () => 'hi' });
      await waitFor(() => host.textContent === 'hihi', 'both views');
      expect(fetches).to.equal(1);

      const Broken = lazyScreen(
        () => Promise.reject(new Error('chunk load failed')),
        (m: { X: () => string }) => m.X,
      );
      root.render(createElement(WidgetContext.Provider, { value: ctx }, createElement(Broken)));
      const alert = await waitFor(() => host.querySelector('[role="alert"]'), 'error');
      expect(alert.textContent).to.equal('Unable to contact our servers.');
    } finally {
      root.unmount();
      host.remove();
      client.destroy();
    }
  });
});
