/** Tag names and guarded registration, without side effects at import time. */
import { AuthLoginElement } from './login.tsx';

/** Tag of the login element. */
export const LOGIN_TAG = 'auth-login';

/** Registers `<auth-login>` unless a definition already exists (e.g. a second bundle). */
export function defineLogin(): void {
  if (!customElements.get(LOGIN_TAG)) customElements.define(LOGIN_TAG, AuthLoginElement);
}
