/**
 * Each registered method's `part` names (its folder's `parts.ts`), for the reference tables that
 * parts.ts assembles: documentation only, so no widget code imports this list and the tables stay out
 * of the browser bundle (test/ui-methods.test.ts checks both). A method that renders no part of its
 * own (the identity provider) has no entry. Same order as methods.ts.
 */
import { CRYPTO_PARTS } from './crypto-wallets/parts.ts';
import { MAGIC_LINK_PARTS } from './magic-links/parts.ts';
import { MFA_PARTS } from './mfa/parts.ts';
import { OAUTH_PARTS } from './oauth/parts.ts';
import { OTP_PARTS } from './otps/parts.ts';
import { PASSKEY_PARTS } from './passkeys/parts.ts';
import { PASSWORD_PARTS } from './passwords/parts.ts';

/** Each registered method's part names with their docs, in methods.ts's order. */
export const METHOD_PARTS = [MAGIC_LINK_PARTS, PASSWORD_PARTS, OTP_PARTS, OAUTH_PARTS, PASSKEY_PARTS, CRYPTO_PARTS, MFA_PARTS] as const;
