/**
 * The email field's autocomplete: with passkeys configured it also carries `webauthn`, the input the
 * browser offers passkeys in (SPEC §5 conditional mediation; DESIGN §4 `username webauthn`). Kept out
 * of the lazy passkey chunk because the email forms render before it loads; it is one line.
 */
import type { ResolvedLoginConfig } from '../config.ts';

/** `username webauthn` when the login offers passkeys, else `fallback` (the form's usual token). */
export function emailAutoComplete(config: ResolvedLoginConfig, fallback = 'email'): string {
  return config.products.includes('passkeys') ? 'username webauthn' : fallback;
}
