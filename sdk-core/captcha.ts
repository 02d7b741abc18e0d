/**
 * Captcha and device-fingerprint tokens for protected calls (SPEC §4). Providers are pluggable;
 * the client picks one from the bootstrap's captcha settings when the host gives none.
 */
import { createElement, documentHead } from './dom.ts';

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

function isGrecaptcha(g: unknown): g is GrecaptchaEnterprise {
  if (typeof g !== 'object' || g === null || g instanceof Node) return false;
  const e = (g as { enterprise?: unknown }).enterprise;
  return (
    typeof e === 'object' && e !== null && typeof (e as { ready?: unknown }).ready === 'function' && typeof (e as { execute?: unknown }).execute === 'function'
  );
}

/** reCAPTCHA Enterprise-style provider: loads the vendor script once, then executes per call. */
export function recaptchaProvider(siteKey: string): CaptchaProvider {
  let loaded: Promise<GrecaptchaEnterprise> | null = null;
  const load = () => {
    loaded ??= new Promise<GrecaptchaEnterprise>((resolve, reject) => {
      const s = createElement('script');
      s.src = `https://www.google.com/recaptcha/enterprise.js?render=${encodeURIComponent(siteKey)}`;
      s.async = true;
      s.onerror = () => reject(new Error('captcha script failed to load'));
      s.onload = () => {
        // `grecaptcha` is a window global that the vendor script defines, so an element with
        // id="grecaptcha" on the host page (named access on window) can stand in for it: check the shape.
        const g = (globalThis as { grecaptcha?: unknown }).grecaptcha;
        if (isGrecaptcha(g)) g.enterprise.ready(() => resolve(g));
        else reject(new Error('captcha script loaded without grecaptcha'));
      };
      const head = documentHead();
      if (head) head.appendChild(s);
      else reject(new Error('no document head to load the captcha script into'));
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
