/**
 * Captcha and device-fingerprint tokens for protected calls (SPEC §4). Providers are pluggable;
 * the client picks one from the bootstrap's captcha settings when the host gives none.
 */

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

interface GrecaptchaEnterprise {
  enterprise: { ready(cb: () => void): void; execute(siteKey: string, o: { action: string }): Promise<string> };
}

/** reCAPTCHA Enterprise-style provider: loads the vendor script once, then executes per call. */
export function recaptchaProvider(siteKey: string): CaptchaProvider {
  let loaded: Promise<GrecaptchaEnterprise> | null = null;
  const load = () => {
    loaded ??= new Promise<GrecaptchaEnterprise>((resolve, reject) => {
      const s = document.createElement('script');
      s.src = `https://www.google.com/recaptcha/enterprise.js?render=${encodeURIComponent(siteKey)}`;
      s.async = true;
      s.onerror = () => reject(new Error('captcha script failed to load'));
      s.onload = () => {
        const g = (globalThis as { grecaptcha?: GrecaptchaEnterprise }).grecaptcha;
        if (!g) reject(new Error('captcha script loaded without grecaptcha'));
        else g.enterprise.ready(() => resolve(g));
      };
      document.head.appendChild(s);
    });
    return loaded;
  };
  return {
    async getToken() {
      const g = await load();
      return g.enterprise.execute(siteKey, { action: 'LOGIN' });
    },
  };
}
