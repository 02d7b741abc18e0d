/**
 * The reCAPTCHA Enterprise script loader of ./captcha.ts's recaptchaProvider, in a module of its
 * own so a page's initial JS carries none of it (issue 16).
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
