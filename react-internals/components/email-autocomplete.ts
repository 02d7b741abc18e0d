/**
 * The email field's autocomplete: with passkeys configured it also carries `webauthn`, the input the
 * browser offers passkeys in (docs/reference/methods/webauthn.md#rules conditional mediation; docs/reference/house-style.md#shadow-dom-and-autofill `username webauthn`). Shared
 * by every email start form, and kept out of the lazy passkey chunk because those forms render
 * before it loads; it is one line.
 */
import type { ResolvedLoginConfig } from '../config.ts';

/** `username webauthn` when the login offers passkeys, else `fallback` (the form's usual token). */
export function emailAutoComplete(config: ResolvedLoginConfig, fallback = 'email'): string {
  return config.products.includes('passkeys') ? 'username webauthn' : fallback;
}
