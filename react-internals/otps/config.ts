/** The OTP product's options (docs/reference/config.md#product-options otpOptions): the host's type, their checks, and how they are read. */
import { DEFAULT_OTP_EXPIRATION_MINUTES as SPEC_OTP_MINUTES } from '../../sdk-core/schemas/defaults.ts';
import { listOf, optionsAt, positive, str } from '../config-parse.ts';
import type { Shape } from '../method.ts';

/** Channels of the OTP product. */
export type OTPMethod = 'email' | 'sms' | 'whatsapp';

/** Every OTP channel (docs/reference/config.md#product-options otpOptions.methods). */
export const OTP_METHODS: readonly OTPMethod[] = ['email', 'sms', 'whatsapp'];

/** Default OTP expiry in minutes (docs/reference/constants.md#sign-in-defaults). */
export const DEFAULT_OTP_EXPIRATION_MINUTES = SPEC_OTP_MINUTES;

/** OTP options (docs/reference/config.md#product-options otpOptions). */
export interface OTPOptions {
  methods?: OTPMethod[];
  /** Minutes a code stays valid; default 5 (docs/reference/constants.md#sign-in-defaults). */
  expirationMinutes?: number;
  loginTemplateId?: string;
  signupTemplateId?: string;
  locale?: string;
}

/** otpOptions as the widget uses them: shape-checked, defaults filled. */
export interface ResolvedOtpConfig {
  otpMethods: OTPMethod[];
  otpExpirationMinutes: number;
  loginTemplateId?: string;
  signupTemplateId?: string;
  locale?: string;
}

/** The checks of otpOptions (config-check.ts). */
export const OTP_OPTIONS_SHAPE: Shape = {
  methods: { oneOf: OTP_METHODS },
  expirationMinutes: 'positiveNumber',
  loginTemplateId: 'string',
  signupTemplateId: 'string',
  locale: 'string',
};

/** Reads config.otpOptions (anything) and fills the docs/reference/methods/otps.md#data, docs/reference/constants.md#sign-in-defaults defaults (email, 5 minutes). */
export function resolveOtpConfig(raw: Record<string, unknown>): ResolvedOtpConfig {
  const otp = optionsAt(raw, 'otpOptions');
  const resolved: ResolvedOtpConfig = {
    otpMethods: listOf(otp['methods'], OTP_METHODS) ?? ['email'],
    otpExpirationMinutes: positive(otp['expirationMinutes']) ?? DEFAULT_OTP_EXPIRATION_MINUTES,
  };
  const loginTemplateId = str(otp['loginTemplateId']);
  const signupTemplateId = str(otp['signupTemplateId']);
  const locale = str(otp['locale']);
  if (loginTemplateId) resolved.loginTemplateId = loginTemplateId;
  if (signupTemplateId) resolved.signupTemplateId = signupTemplateId;
  if (locale) resolved.locale = locale;
  return resolved;
}

/** The OTP product offers nothing when otpOptions.methods names no known channel (config-check.ts). */
export function otpOffersNothing(raw: Record<string, unknown>, resolved: ResolvedOtpConfig): { field: string; message: string } | null {
  const methods = optionsAt(raw, 'otpOptions')['methods'];
  if (!Array.isArray(methods) || resolved.otpMethods.length > 0) return null;
  return {
    field: 'config.otpOptions.methods',
    message: `config.otpOptions.methods ${methods.length === 0 ? 'is empty' : 'has no known method'}; list at least one of ${OTP_METHODS.map((m) => `"${m}"`).join(', ')}`,
  };
}
