/**
 * Protected calls (docs/reference/sdk.md#captcha-retry): captcha and device-fingerprint tokens added to a call's body, and one
 * retry with fresh tokens on 'Captcha required'. Only the sign-in methods make protected calls, so
 * the client loads this module with the first of them (issue 16).
 */
import { type CaptchaProvider, DEV_CAPTCHA_SITE_KEY_PREFIX, type DeviceFingerprintProvider, devCaptchaProvider, recaptchaProvider } from './captcha.ts';
import { CaptchaRequiredError } from './errors.ts';
import type { ApiRequest, FetchLike } from './http.ts';
import type { BootstrapData } from './schemas/index.ts';

/** A call that may be retried once with fresh captcha and fingerprint tokens. */
export type ProtectedRequest = <T>(req: ApiRequest & { body: Record<string, unknown> }) => Promise<T>;

/** The protected-call function of one client. */
export function protectedRequests(deps: {
  /** A plain call of the client. */
  request<T>(req: ApiRequest): Promise<T>;
  /** The project's settings (captcha and fingerprint switches, the captcha site key). */
  bootstrap(): Promise<BootstrapData>;
  /** The API base, for the reference server's dev captcha. */
  baseUrl: string;
  /** The host's captcha provider; else one is chosen from the bootstrap's captcha settings. */
  captchaProvider?: CaptchaProvider;
  /** The host's fingerprint provider. */
  deviceFingerprintProvider?: DeviceFingerprintProvider;
  /** The client's injected fetch, used by the dev captcha too. */
  fetch?: FetchLike;
}): ProtectedRequest {
  let captcha: CaptchaProvider | null = deps.captchaProvider ?? null;
  const captchaFor = (boot: BootstrapData): CaptchaProvider | null => {
    if (captcha) return captcha;
    const key = boot.captcha_settings.siteKey;
    if (!key) return null;
    const injected = deps.fetch;
    const fetchFn: typeof fetch = injected ? (u, i) => injected(String(u), i ?? {}) : fetch;
    captcha = key.startsWith(DEV_CAPTCHA_SITE_KEY_PREFIX) ? devCaptchaProvider(deps.baseUrl, fetchFn) : recaptchaProvider(key);
    return captcha;
  };
  // Fresh tokens for one protected call; a provider that fails leaves the field out rather than
  // blocking the call, so the server decides.
  const protectionTokens = async (force: boolean): Promise<Record<string, string>> => {
    const boot = await deps.bootstrap();
    const out: Record<string, string> = {};
    const c = force || boot.captcha_settings.enabled ? captchaFor(boot) : null;
    if (c) {
      try {
        out.captcha_token = await c.getToken();
      } catch {
        // no token: the server answers 'Captcha required' and the host sees that error
      }
    }
    if (deps.deviceFingerprintProvider && (force || boot.dfp_protected_auth_enabled)) {
      try {
        out.dfp_telemetry_id = await deps.deviceFingerprintProvider.getTelemetryId();
      } catch {
        // as above
      }
    }
    return out;
  };
  return async <T>(req: ApiRequest & { body: Record<string, unknown> }): Promise<T> => {
    try {
      return await deps.request<T>({ ...req, body: { ...req.body, ...(await protectionTokens(false)) } });
    } catch (e) {
      // docs/reference/sdk.md#captcha-retry: 'Captcha required' earns exactly one retry with fresh tokens.
      if (!(e instanceof CaptchaRequiredError)) throw e;
      return deps.request<T>({ ...req, body: { ...req.body, ...(await protectionTokens(true)) } });
    }
  };
}
