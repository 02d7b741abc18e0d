/**
 * The idp method's project settings (keys `idp_consent_url`, `idp_issuer_base_url`, `idp_clients`), with
 * the checks zod cannot state (registered URIs, the consent page). Data only: core reads it through
 * server/method-data.ts without loading the method's code, so it imports nothing of the method.
 */
import { z } from 'zod/mini';
import { registeredUriProblem } from '../redirect-allowlist.ts';

/** A client application of the OpenID provider declared in the project config (issue 14). */
export const IdpClientConfig = z.strictObject({
  client_id: z.string().check(z.regex(/^[A-Za-z0-9._~-]{1,256}$/)),
  client_name: z.string().check(z.minLength(1), z.maxLength(200)),
  /** Default `third_party` (consent asked). A `first_party` client is the project's own app: no consent screen. */
  client_type: z.optional(z.enum(['first_party', 'third_party'])),
  description: z.optional(z.string().check(z.maxLength(1000))),
  logo_url: z.optional(z.string().check(z.maxLength(2048))),
  /** Exact redirect URIs (compared as strings). */
  redirect_uris: z.array(z.string().check(z.maxLength(2048))).check(z.minLength(1), z.maxLength(50)),
  /** Exact post-logout redirect URIs. */
  post_logout_redirect_uris: z.optional(z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(50))),
  /** SHA-256 hex of the client secret (a confidential client); absent: a public client (PKCE only). */
  client_secret_sha256: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
});
/** A client application of the OpenID provider declared in the project config. */
export type IdpClientConfig = z.infer<typeof IdpClientConfig>;

/** The idp method's settings: top-level project keys and their schemas. */
export const IDP_SETTINGS = {
  /**
   * The page hosting `<auth-idp-consent>` (an absolute http(s) URL, or a path on the issuer's origin such
   * as `/idp-consent.html`); the authorization and end-session endpoints send the browser there.
   */
  idp_consent_url: z.string().check(z.maxLength(2048)),
  /** Public origin of the provider's issuer (`{idp_issuer_base_url}/v1/public/{project_id}`); default the request's origin. */
  idp_issuer_base_url: z.string().check(z.maxLength(500)),
  /** Client applications declared in the config (more are created with createIdpClient, server/idp/clients.ts). */
  idp_clients: z._default(z.array(IdpClientConfig), () => []),
} as const;

/** The `createApp` options that stand in for idp settings (a demo's or a test's wiring). */
export const IDP_SETTING_OPTIONS = {
  /** The OpenID provider's consent page, overriding the project's `idp_consent_url` (e.g. the demo's `/idp-consent.html`). */
  idpConsentUrl: { key: 'idp_consent_url', how: 'replace' },
  /** OpenID provider client applications added to the project's `idp_clients` (e.g. the demo's relying party). */
  idpClients: { key: 'idp_clients', how: 'add' },
} as const;

/** Problems of the idp settings zod cannot state: registered URIs absolute http(s), https unless loopback. */
export function idpSettingsProblems(live: { idp_clients?: readonly IdpClientConfig[]; idp_consent_url?: string }): string[] {
  const out: string[] = [];
  (live.idp_clients ?? []).forEach((c, i) => {
    for (const key of ['redirect_uris', 'post_logout_redirect_uris'] as const) {
      (c[key] ?? []).forEach((uri, j) => {
        const p = registeredUriProblem(uri);
        if (p) out.push(`idp_clients[${i}].${key}[${j}]: ${p}`);
      });
    }
    if (c.logo_url !== undefined && registeredUriProblem(c.logo_url)) out.push(`idp_clients[${i}].logo_url: ${registeredUriProblem(c.logo_url)}`);
  });
  const consent = live.idp_consent_url;
  if (consent !== undefined && !(consent.startsWith('/') && !consent.startsWith('//')) && registeredUriProblem(consent)) {
    out.push(`idp_consent_url: ${registeredUriProblem(consent)} (or give a path on this server, such as /idp-consent.html)`);
  }
  return out;
}
