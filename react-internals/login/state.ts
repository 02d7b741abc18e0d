/**
 * The login widget as a finite state machine (DESIGN §4): string-literal screens, a pure reducer,
 * exhaustive switches. Widget state fields follow SPEC §3 "Widget state".
 */

/** Every screen of SPEC §2. Screens of methods not built yet render the generic error screen. */
export type Screen =
  | 'Main'
  | 'PasskeyRegistrationStart'
  | 'PasskeyRegistrationSuccess'
  | 'PasskeyConfirmation'
  | 'PasswordResetForm'
  | 'PasswordCreateOrLogin'
  | 'PasswordForgot'
  | 'PasswordBreached'
  | 'PasswordSetNew'
  | 'PasswordDedupe'
  | 'PasswordConfirmation'
  | 'EmailConfirmation'
  | 'OTPAuthenticate'
  | 'OTPConfirmation'
  | 'CryptoConnect'
  | 'CryptoSignMessage'
  | 'CryptoOtherScreen'
  | 'CryptoSetupWallet'
  | 'CryptoError'
  | 'CryptoConfirmation'
  | 'IDPConsent';

/** Channel an OTP went to. */
export type OTPType = 'email' | 'sms' | 'whatsapp';

/** Wallets of SPEC §3. */
export type WalletOption = 'Phantom' | 'Vessel' | 'Binance' | 'Coinbase' | 'Metamask' | 'OtherEthereum' | 'OtherSolana';

/** An error shown in the Main screen's warning banner. */
export interface ErrorDescriptor {
  /** Stable id of the message (a strings key or error type). */
  messageId: string;
  /** Text as shown. */
  text: string;
}

/** Widget state (SPEC §3). */
export interface WidgetState {
  screen: Screen;
  magicLinkState: { email: string };
  otpState: { type: OTPType; methodId: string; otpDestination: string };
  cryptoState: { walletAddress: string; walletOption: WalletOption; walletChallenge: string };
  /**
   * offerBoth: the project hides whether the address has an account (enumeration protection), so
   * the password screen offers both signing in and creating an account.
   */
  passwordState: { email: string; type: 'new' | 'existing' | 'passwordless'; offerBoth?: boolean };
  /** tokenType: the link's stytch_token_type (SPEC §2: 'login' signs in without a new password). */
  resetPasswordState: { token: string; tokenType?: string };
  errorDescriptor: ErrorDescriptor | null;
  /** Counts completed authentications, so flow-complete fires once per flow (not per render). */
  completedFlows: number;
}

/** Password screens that say an email went out (SPEC §4: forgot, breached, dedupe, passwordless). */
export type PasswordEmailScreen = 'PasswordForgot' | 'PasswordBreached' | 'PasswordDedupe' | 'PasswordSetNew';

/** Everything that can happen to the widget. */
export type WidgetAction =
  | { type: 'password_user_found'; email: string; userType: 'new' | 'existing'; offerBoth?: boolean }
  | { type: 'password_switch_mode'; userType: 'new' | 'existing' }
  | { type: 'password_email_sent'; email: string; screen: PasswordEmailScreen }
  | { type: 'password_authenticated' }
  | { type: 'otp_sent'; otpType: OTPType; methodId: string; destination: string }
  | { type: 'otp_resent'; methodId: string }
  | { type: 'otp_authenticated' }
  | { type: 'back_to_main' }
  | { type: 'passkey_authenticated' }
  | { type: 'passkey_registered' }
  | { type: 'passkey_registration_skipped' }
  | { type: 'passkey_register_another' }
  | { type: 'set_error'; error: ErrorDescriptor | null }
  | { type: 'magic_link_sent'; email: string }
  | { type: 'magic_link_try_again' };

/** The state a widget starts in (SPEC §2: Login starts on Main). */
export function initialWidgetState(screen: Screen = 'Main'): WidgetState {
  return {
    screen,
    magicLinkState: { email: '' },
    otpState: { type: 'email', methodId: '', otpDestination: '' },
    cryptoState: { walletAddress: '', walletOption: 'Metamask', walletChallenge: '' },
    passwordState: { email: '', type: 'new' },
    resetPasswordState: { token: '' },
    errorDescriptor: null,
    completedFlows: 0,
  };
}

/** Compile-time exhaustiveness: a new action or screen without a branch fails the type check. */
export function assertNever(x: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(x)}`);
}

/** The pure transition function of the login widget. */
export function widgetReducer(state: WidgetState, action: WidgetAction): WidgetState {
  switch (action.type) {
    case 'otp_sent':
      // SPEC §4: "OTP sent: store method id and destination, then OTPAuthenticate".
      return {
        ...state,
        screen: 'OTPAuthenticate',
        otpState: { type: action.otpType, methodId: action.methodId, otpDestination: action.destination },
        errorDescriptor: null,
      };
    case 'otp_resent':
      // A resend issues a new method id; only meaningful while waiting for the code.
      if (state.screen !== 'OTPAuthenticate') return state;
      return { ...state, otpState: { ...state.otpState, methodId: action.methodId } };
    case 'otp_authenticated':
      if (state.screen !== 'OTPAuthenticate') return state;
      return { ...state, screen: 'OTPConfirmation', errorDescriptor: null, completedFlows: state.completedFlows + 1 };
    case 'back_to_main':
      // SPEC §2: "A back arrow returns to Main". The half-finished OTP is forgotten, but its
      // channel is kept so Main reopens on the tab the user came from.
      return { ...state, screen: 'Main', otpState: { ...initialWidgetState().otpState, type: state.otpState.type } };
    case 'set_error':
      return { ...state, errorDescriptor: action.error };
    case 'passkey_authenticated':
      // SPEC §4: passkey sign-in success goes to PasskeyConfirmation and clears the error. Only from
      // Main: an autofill answer arriving after the user moved on must not yank them back.
      if (state.screen !== 'Main') return state;
      return { ...state, screen: 'PasskeyConfirmation', errorDescriptor: null, completedFlows: state.completedFlows + 1 };
    case 'passkey_registered':
    case 'passkey_registration_skipped':
      // SPEC §4: "Registration success or Skip goes to PasskeyRegistrationSuccess".
      if (state.screen !== 'PasskeyRegistrationStart') return state;
      return { ...state, screen: 'PasskeyRegistrationSuccess', errorDescriptor: null };
    case 'passkey_register_another':
      // SPEC §2: 'Set up another Passkey' goes back to the start.
      if (state.screen !== 'PasskeyRegistrationSuccess') return state;
      return { ...state, screen: 'PasskeyRegistrationStart' };
    case 'magic_link_sent':
      // SPEC §4: "Magic link sent: EmailConfirmation".
      return { ...state, screen: 'EmailConfirmation', magicLinkState: { email: action.email }, errorDescriptor: null };
    case 'magic_link_try_again':
      // SPEC §2: 'Try again' clears the email and returns to Main (on the Email tab).
      if (state.screen !== 'EmailConfirmation') return state;
      return { ...state, screen: 'Main', magicLinkState: { email: '' }, otpState: initialWidgetState().otpState };
    case 'password_user_found':
      // SPEC §2 Password: the lookup's userType picks create (new) or log in (existing).
      return {
        ...state,
        screen: 'PasswordCreateOrLogin',
        passwordState: { email: action.email, type: action.userType, ...(action.offerBoth ? { offerBoth: true } : {}) },
        errorDescriptor: null,
      };
    case 'password_switch_mode':
      // Only where the lookup could not tell (enumeration protection): sign in <-> create an account.
      if (state.screen !== 'PasswordCreateOrLogin' || !state.passwordState.offerBoth) return state;
      return { ...state, passwordState: { ...state.passwordState, type: action.userType }, errorDescriptor: null };
    case 'password_email_sent':
      // SPEC §4: forgot -> PasswordForgot, reset_password -> PasswordDedupe; a passwordless user
      // without OTP or magic links gets a reset email (PasswordSetNew).
      return {
        ...state,
        screen: action.screen,
        passwordState: {
          email: action.email,
          type: action.screen === 'PasswordSetNew' ? 'passwordless' : state.passwordState.type,
        },
        errorDescriptor: null,
      };
    case 'password_authenticated':
      if (state.screen !== 'PasswordCreateOrLogin' && state.screen !== 'PasswordResetForm') return state;
      return { ...state, screen: 'PasswordConfirmation', errorDescriptor: null, completedFlows: state.completedFlows + 1 };
    default:
      return assertNever(action);
  }
}
