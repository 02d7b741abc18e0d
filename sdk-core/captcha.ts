/**
 * Captcha and device-fingerprint tokens for protected calls (docs/reference/sdk.md#captcha-retry). Providers are pluggable;
 * the client picks one from the bootstrap's captcha settings when the host gives none. The vendor
 * script loader is its own module (./recaptcha.ts), loaded on the first token (issue 16).
 */
import { lazily } from './method.ts';
import type { GrecaptchaEnterprise } from './recaptcha.ts';

/** The token fetchers' module; a failed load is 'Unable to contact our servers.', tried again on the next token. */
const vendors = lazily(() => import('./recaptcha.ts'));

/** Produces a fresh captcha token per call. */
export interface CaptchaProvider {
  getToken(): Promise<string>;
}

/** Produces a device-fingerprint telemetry id per call. */
export interface DeviceFingerprintProvider {
  getTelemetryId(): Promise<string>;
}

/** Site keys with this prefix belong to the reference server's dev captcha (test projects only). */
export const DEV_CAPTCHA_SITE_KEY_PREFIX = 'dev-captcha';

/**
 * The reference server's dev captcha: a test project hands out single-use tokens at /dev/captcha-token
 * (the fetch itself is in ./recaptcha.ts, beside the vendor's loader, and loads on the first token).
 */
export function devCaptchaProvider(apiBaseUrl: string, fetchFn: typeof fetch = fetch): CaptchaProvider {
  return { getToken: () => vendors().then((m) => m.devCaptchaToken(apiBaseUrl, fetchFn)) };
}

/** reCAPTCHA Enterprise-style provider: loads the vendor script once (./recaptcha.ts), then executes per call. */
export function recaptchaProvider(siteKey: string): CaptchaProvider {
  let loaded: Promise<GrecaptchaEnterprise> | null = null;
  return {
    async getToken() {
      loaded ??= vendors().then((m) => m.loadRecaptcha(siteKey));
      const g = await loaded;
      return g.enterprise.execute(siteKey, { action: 'LOGIN' });
    },
  };
}
