/** The email magic-link product's options (docs/reference/config.md#product-options emailMagicLinksOptions): the host's type, their checks, and how they are read. */
import { DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES as SPEC_MAGIC_LINK_MINUTES } from '../../sdk-core/schemas/defaults.ts';
import { isRecord, positive, str } from '../config-parse.ts';
import type { Shape } from '../method.ts';

/** Default magic-link expiry in minutes, login and sign-up (docs/reference/constants.md#sign-in-defaults). */
export const DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES = SPEC_MAGIC_LINK_MINUTES;

/** Email magic-link options (docs/reference/config.md#product-options emailMagicLinksOptions). */
export interface EmailMagicLinksOptions {
  /** Where the link of an existing user points (must be on the project's redirect allowlist). */
  loginRedirectURL?: string;
  /** Minutes a login link stays valid; default 30 (docs/reference/constants.md#sign-in-defaults). */
  loginExpirationMinutes?: number;
  /** Where the link of a new user points. */
  signupRedirectURL?: string;
  /** Minutes a sign-up link stays valid; default 30 (docs/reference/constants.md#sign-in-defaults). */
  signupExpirationMinutes?: number;
  /** Create new users with status pending until they click; default false. */
  createUserAsPending?: boolean;
  /** Sender domain the confirmation screen's mailbox links search for, e.g. `acme.com`. */
  domainHint?: string;
}

/** emailMagicLinksOptions with defaults filled. */
export interface ResolvedEmailMagicLinksOptions {
  loginRedirectURL?: string;
  loginExpirationMinutes: number;
  signupRedirectURL?: string;
  signupExpirationMinutes: number;
  createUserAsPending: boolean;
  domainHint?: string;
}

/** The checks of emailMagicLinksOptions (config-check.ts). */
export const EMAIL_MAGIC_LINKS_OPTIONS_SHAPE: Shape = {
  loginRedirectURL: 'url',
  loginExpirationMinutes: 'positiveNumber',
  signupRedirectURL: 'url',
  signupExpirationMinutes: 'positiveNumber',
  createUserAsPending: 'boolean',
  domainHint: 'domain',
};

/** Checks emailMagicLinksOptions (anything) and fills the docs/reference/methods/magic-links.md#data defaults. */
export function resolveEmailMagicLinksOptions(raw: unknown): ResolvedEmailMagicLinksOptions {
  const o = isRecord(raw) ? raw : {};
  const resolved: ResolvedEmailMagicLinksOptions = {
    loginExpirationMinutes: positive(o['loginExpirationMinutes']) ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
    signupExpirationMinutes: positive(o['signupExpirationMinutes']) ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
    createUserAsPending: o['createUserAsPending'] === true,
  };
  const loginRedirectURL = str(o['loginRedirectURL']);
  const signupRedirectURL = str(o['signupRedirectURL']);
  // A hint is a bare domain; anything else (a URL, an address) would make a useless search.
  const hint = str(o['domainHint'])?.trim().toLowerCase();
  if (loginRedirectURL) resolved.loginRedirectURL = loginRedirectURL;
  if (signupRedirectURL) resolved.signupRedirectURL = signupRedirectURL;
  if (hint && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(hint)) resolved.domainHint = hint;
  return resolved;
}
