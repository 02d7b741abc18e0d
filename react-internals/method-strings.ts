/**
 * Every registered method's English texts, for the full table (strings.ts `DEFAULT_STRINGS`: the
 * package's export and the check of a host's `strings`). The widget does not import this list: it
 * takes each method's texts from the method's chunk when it loads (widget-strings.ts), so this is
 * the one list besides methods.ts that names the method folders, and it holds their texts only.
 * Same order as methods.ts (a test checks both list the same methods).
 */
import { CRYPTO_STRINGS } from './crypto-wallets/strings.ts';
import { IDP_STRINGS } from './idp/strings.ts';
import { MAGIC_LINK_STRINGS } from './magic-links/strings.ts';
import { OAUTH_STRINGS } from './oauth/strings.ts';
import { OTP_STRINGS } from './otps/strings.ts';
import { PASSKEY_STRINGS } from './passkeys/strings.ts';
import { PASSWORD_STRINGS } from './passwords/strings.ts';

/** Each registered method's texts, in methods.ts's order. */
export const METHOD_STRINGS = [MAGIC_LINK_STRINGS, PASSWORD_STRINGS, OTP_STRINGS, OAUTH_STRINGS, PASSKEY_STRINGS, CRYPTO_STRINGS, IDP_STRINGS] as const;
