/** The password product's options (docs/reference/config.md#product-options passwordOptions): the host's type, their checks, and how they are read. */
import { isRecord, positive, str } from '../config-parse.ts';
import type { Shape } from '../method.ts';

/** Password options (docs/reference/config.md#product-options passwordOptions; the fields of the reset email, docs/reference/methods/passwords.md#calls reset/start). */
export interface PasswordOptions {
  /** Where the reset email's "log in without changing your password" link points (allowlisted). */
  loginRedirectURL?: string;
  /** Where the reset email's link points: a page hosting `<auth-reset-password>` (allowlisted). */
  resetPasswordRedirectURL?: string;
  /** Minutes the reset link stays valid; default 30 (docs/reference/constants.md). */
  resetPasswordExpirationMinutes?: number;
  /** Email template of the reset email. */
  resetPasswordTemplateId?: string;
  /** Language of the reset email. */
  locale?: string;
}

/** The checks of passwordOptions (config-check.ts). */
export const PASSWORD_OPTIONS_SHAPE: Shape = {
  loginRedirectURL: 'url',
  resetPasswordRedirectURL: 'url',
  resetPasswordExpirationMinutes: 'positiveNumber',
  resetPasswordTemplateId: 'string',
  locale: 'string',
};

/** Checks passwordOptions (anything, e.g. from a JSON attribute), keeping only well-typed fields (absent ones stay absent: the server picks its defaults). */
export function resolvePasswordOptions(raw: unknown): PasswordOptions {
  const o = isRecord(raw) ? raw : {};
  const out: PasswordOptions = {};
  const loginRedirectURL = str(o['loginRedirectURL']);
  const resetPasswordRedirectURL = str(o['resetPasswordRedirectURL']);
  const resetPasswordExpirationMinutes = positive(o['resetPasswordExpirationMinutes']);
  const resetPasswordTemplateId = str(o['resetPasswordTemplateId']);
  const locale = str(o['locale']);
  if (loginRedirectURL) out.loginRedirectURL = loginRedirectURL;
  if (resetPasswordRedirectURL) out.resetPasswordRedirectURL = resetPasswordRedirectURL;
  if (resetPasswordExpirationMinutes) out.resetPasswordExpirationMinutes = resetPasswordExpirationMinutes;
  if (resetPasswordTemplateId) out.resetPasswordTemplateId = resetPasswordTemplateId;
  if (locale) out.locale = locale;
  return out;
}
