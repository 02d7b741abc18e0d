/**
 * Captcha on the sending and sign-in calls (docs/reference/sdk.md#captcha-retry, docs/reference/wire-protocol.md#bootstrap): when the project's bootstrap says
 * captcha is enabled, those calls need a valid `captcha_token`, else the answer is the plain text
 * 'Captcha required' that makes the client retry once with a fresh token. Verification is pluggable:
 * test projects use the dev captcha (single-use tokens from /dev/captcha-token), live projects a
 * reCAPTCHA-style siteverify endpoint.
 */
import type { MiddlewareHandler } from 'hono';
import { claimOnce } from './claim-once.ts';
import { newSecretToken, sha256Hex } from './crypto.ts';
import { readBodyBytes } from './body.ts';
import { requestHeader } from './request.ts';
import type { AppEnv, Services } from './services.ts';
import { bootstrapData } from './project/bootstrap.ts';
import type { Route } from './routes/types.ts';

/** Decides whether a captcha token is good; each token should pass at most once. */
export interface CaptchaVerifier {
  verify(token: string): Promise<boolean>;
}

/** Site key the bootstrap reports for the dev captcha; the client recognises its prefix. */
export const DEV_CAPTCHA_SITE_KEY = 'dev-captcha';
/** Dev captcha tokens live this long (ms). */
export const DEV_CAPTCHA_TTL_MS = 120_000;

/** True when the project demands captcha tokens. */
export const captchaRequired = (svc: Services): boolean => bootstrapData(svc.project).captcha_settings.enabled;

/** The dev captcha: tokens handed out by /dev/captcha-token, redeemed once by an atomic update. */
export function devCaptchaVerifier(svc: Services): CaptchaVerifier {
  return {
    async verify(token) {
      const spent = await claimOnce(svc.db.kysely, 'captcha_tokens', { token_hash: sha256Hex(token), project_id: svc.project.project_id }, { now: svc.now() });
      return spent.ok;
    },
  };
}

/** reCAPTCHA-style verification against `url` with the project's secret (needs outbound network). */
export function siteverifyCaptchaVerifier(secret: string, url = 'https://www.google.com/recaptcha/api/siteverify'): CaptchaVerifier {
  return {
    async verify(token) {
      try {
        const r = await fetch(url, { method: 'POST', body: new URLSearchParams({ secret, response: token }) });
        const body = (await r.json()) as { success?: boolean };
        return body.success === true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * Middleware refusing protected calls without a good captcha token, when the project requires one. A call
 * is protected when its route declares `captcha: true` (routes/types.ts RoutePolicy): the sending and
 * sign-in calls, the ones a bot would hammer; `isProtected` answers from the registered routes.
 */
export function captchaGuard(svc: Services, verifier: CaptchaVerifier, isProtected: (method: string, path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST' || !isProtected(c.req.method, c.req.path) || !captchaRequired(svc)) return next();
    const declared = Number(requestHeader(c, 'content-length') ?? '0');
    // Oversize or unreadable bodies are the handler's to refuse with its own error type.
    if (Number.isFinite(declared) && declared > svc.maxBodyBytes) return next();
    let token: unknown;
    try {
      // The one shared read (the handler gets the same bytes); decoded leniently and BOM-stripped as
      // Request.text() would, so the handler's stricter parse cannot see a body this one did not.
      const text = new TextDecoder().decode(await readBodyBytes(c, svc.maxBodyBytes));
      token = (JSON.parse(text || '{}') as { captcha_token?: unknown }).captcha_token;
    } catch {
      return next();
    }
    if (typeof token === 'string' && token.length <= 4096 && (await verifier.verify(token))) {
      c.set('captchaVerified', true);
      return next();
    }
    return c.text('Captcha required', 403);
  };
}

/** `GET /dev/captcha-token` (test projects): a fresh single-use token for the dev captcha. */
export function devCaptchaRoutes(route: Route, svc: Services): void {
  route('GET', '/dev/captcha-token', async (c) => {
    const token = newSecretToken();
    await svc.db.kysely
      .insertInto('captcha_tokens')
      .values({ token_hash: sha256Hex(token), project_id: svc.project.project_id, expires_at: svc.now() + DEV_CAPTCHA_TTL_MS, consumed_at: null })
      .execute();
    c.header('Cache-Control', 'no-store');
    return c.json({ captcha_token: token });
  });
}
