/**
 * Captcha and device-fingerprint tokens for protected calls (SPEC §4). Providers are pluggable;
 * the client picks one from the bootstrap's captcha settings when the host gives none. The vendor
 * script loader is its own module (./recaptcha.ts), loaded on the first token (issue 16).
 */
import type { GrecaptchaEnterprise } from './recaptcha.ts';

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

/** The reference server's dev captcha: a test project hands out single-use tokens at /dev/captcha-token. */
export function devCaptchaProvider(apiBaseUrl: string, fetchFn: typeof fetch = fetch): CaptchaProvider {
  return {
    async getToken() {
      const r = await fetchFn(`${apiBaseUrl}/dev/captcha-token`, { credentials: 'omit' });
      const body = (await r.json()) as { captcha_token?: string };
      if (!body.captcha_token) throw new Error('dev captcha gave no token');
      return body.captcha_token;
    },
  };
}

/** reCAPTCHA Enterprise-style provider: loads the vendor script once (./recaptcha.ts), then executes per call. */
export function recaptchaProvider(siteKey: string): CaptchaProvider {
  let loaded: Promise<GrecaptchaEnterprise> | null = null;
  return {
    async getToken() {
      loaded ??= import('./recaptcha.ts').then((m) => m.loadRecaptcha(siteKey));
      const g = await loaded;
      return g.enterprise.execute(siteKey, { action: 'LOGIN' });
    },
  };
}
