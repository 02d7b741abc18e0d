/**
 * The token fetchers of ./captcha.ts's providers (the reCAPTCHA Enterprise script loader, the
 * reference server's dev captcha), in a module of their own so a page's initial JS carries none of
 * them (issue 16).
 */
import { createElement, documentHead } from './dom.ts';

/** The part of the vendor's `grecaptcha` global the provider uses. */
export interface GrecaptchaEnterprise {
  enterprise: { ready(cb: () => void): void; execute(siteKey: string, o: { action: string }): Promise<string> };
}

function isGrecaptcha(g: unknown): g is GrecaptchaEnterprise {
  if (typeof g !== 'object' || g === null || g instanceof Node) return false;
  const e = (g as { enterprise?: unknown }).enterprise;
  return (
    typeof e === 'object' && e !== null && typeof (e as { ready?: unknown }).ready === 'function' && typeof (e as { execute?: unknown }).execute === 'function'
  );
}

/** Adds the vendor script for `siteKey` to the page and resolves to `grecaptcha` once it is ready. */
export function loadRecaptcha(siteKey: string): Promise<GrecaptchaEnterprise> {
  return new Promise<GrecaptchaEnterprise>((resolve, reject) => {
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
}

/** One token of the reference server's dev captcha (test projects only), from `${apiBaseUrl}/dev/captcha-token`. */
export async function devCaptchaToken(apiBaseUrl: string, fetchFn: typeof fetch): Promise<string> {
  const r = await fetchFn(`${apiBaseUrl}/dev/captcha-token`, { credentials: 'omit' });
  const body = (await r.json()) as { captcha_token?: string };
  if (!body.captcha_token) throw new Error('dev captcha gave no token');
  return body.captcha_token;
}
