/**
 * Every registered method's English texts and host event types, for the full public tables
 * (strings.ts `DEFAULT_STRINGS`, also what a host's `strings` are checked against; events.ts
 * `AuthEventType`). The widget does not import this list: it takes a method's texts from the method's
 * chunk when it loads (widget-strings.ts), so this is one of the lists besides methods.ts that name the
 * method folders (with method-parts.ts), and it holds their tables only. Same order as methods.ts
 * (methods.test.ts checks both list the same methods and tables).
 */
import { CRYPTO_EVENTS } from './crypto-wallets/events.ts';
import { CRYPTO_STRINGS } from './crypto-wallets/strings.ts';
import { IDP_EVENTS } from './idp/events.ts';
import { IDP_STRINGS } from './idp/strings.ts';
import { MAGIC_LINK_EVENTS } from './magic-links/events.ts';
import { MAGIC_LINK_STRINGS } from './magic-links/strings.ts';
import { MFA_EVENTS } from './mfa/events.ts';
import { MFA_STRINGS } from './mfa/strings.ts';
import { OAUTH_EVENTS } from './oauth/events.ts';
import { OAUTH_STRINGS } from './oauth/strings.ts';
import { OTP_EVENTS } from './otps/events.ts';
import { OTP_STRINGS } from './otps/strings.ts';
import { PASSKEY_EVENTS } from './passkeys/events.ts';
import { PASSKEY_STRINGS } from './passkeys/strings.ts';
import { PASSWORD_EVENTS } from './passwords/events.ts';
import { PASSWORD_STRINGS } from './passwords/strings.ts';
import { PROFILE_EVENTS } from './profile/events.ts';
import { PROFILE_STRINGS } from './profile/strings.ts';

/** Each registered method's texts, in methods.ts's order. */
export const METHOD_STRINGS = [
  MAGIC_LINK_STRINGS,
  PASSWORD_STRINGS,
  OTP_STRINGS,
  OAUTH_STRINGS,
  PASSKEY_STRINGS,
  CRYPTO_STRINGS,
  IDP_STRINGS,
  MFA_STRINGS,
  PROFILE_STRINGS,
] as const;

/** Each registered method's host event types, in methods.ts's order. */
export const METHOD_EVENTS = [
  MAGIC_LINK_EVENTS,
  PASSWORD_EVENTS,
  OTP_EVENTS,
  OAUTH_EVENTS,
  PASSKEY_EVENTS,
  CRYPTO_EVENTS,
  IDP_EVENTS,
  MFA_EVENTS,
  PROFILE_EVENTS,
] as const;
