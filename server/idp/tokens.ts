/**
 * What the provider signs and says about a user (OpenID Connect Core 2, 5.1, 5.4): ID tokens signed with
 * the project's signing keys (server/keys.ts, published as JWKS), the claims each scope releases, and the
 * issuer URL.
 */
import { compactVerify, createLocalJWKSet, decodeJwt, SignJWT } from 'jose';
import type { Ctx, Services } from '../services.ts';
import { JWT_ALG, publicJwks } from '../keys.ts';
import { loadUser } from '../users.ts';
import { IDP_ID_TOKEN_TTL_S } from './store.ts';

/**
 * The issuer of this project's provider: `{base}/v1/public/{project_id}`, base being the project's
 * `idp_issuer_base_url` or the request's own origin (the Host header is checked against the project's
 * host names before any route runs: hosts.ts).
 */
export function issuerOf(c: Ctx, svc: Services): string {
  const base = svc.project.config.idp_issuer_base_url ?? new URL(c.req.url).origin;
  return `${base.replace(/\/+$/, '')}/v1/public/${svc.project.project_id}`;
}

/**
 * The consent page's URL: the project's `idp_consent_url`, a path (`/oauth/consent`) being on the issuer's
 * origin; null when it is not set.
 */
export function consentUrlOf(c: Ctx, svc: Services): string | null {
  const url = svc.project.config.idp_consent_url;
  if (!url) return null;
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  const base = svc.project.config.idp_issuer_base_url ?? new URL(c.req.url).origin;
  return `${base.replace(/\/+$/, '')}${url}`;
}

/** The claims `scopes` release about the user (OpenID Connect Core 5.4); `sub` always. */
export async function userClaims(svc: Services, userId: string, scopes: ReadonlySet<string>): Promise<Record<string, unknown>> {
  const user = await loadUser(svc, userId);
  const claims: Record<string, unknown> = { sub: userId };
  if (!user) return claims;
  if (scopes.has('email')) {
    const email = user.emails.find((e) => e.verified) ?? user.emails[0];
    if (email) {
      claims.email = email.email;
      claims.email_verified = email.verified;
    }
  }
  if (scopes.has('profile')) {
    const n = user.name;
    const full = [n.first_name, n.middle_name, n.last_name].filter(Boolean).join(' ');
    if (full) claims.name = full;
    if (n.first_name) claims.given_name = n.first_name;
    if (n.last_name) claims.family_name = n.last_name;
    claims.updated_at = Math.floor(Date.parse(user.created_at) / 1000);
  }
  if (scopes.has('phone')) {
    const phone = user.phone_numbers.find((p) => p.verified) ?? user.phone_numbers[0];
    if (phone) {
      claims.phone_number = phone.phone_number;
      claims.phone_number_verified = phone.verified;
    }
  }
  return claims;
}

/** Signs an ID token for `clientId` (ES256, the project's current key, 1 hour). */
export async function signIdToken(
  c: Ctx,
  svc: Services,
  o: { userId: string; clientId: string; scopes: ReadonlySet<string>; nonce: string | null; authTime: number },
): Promise<string> {
  const iat = Math.floor(svc.now() / 1000);
  const claims = await userClaims(svc, o.userId, o.scopes);
  return new SignJWT({ ...claims, auth_time: Math.floor(o.authTime / 1000), ...(o.nonce ? { nonce: o.nonce } : {}) })
    .setProtectedHeader({ alg: JWT_ALG, kid: svc.keys.kid, typ: 'JWT' })
    .setIssuer(issuerOf(c, svc))
    .setSubject(o.userId)
    .setAudience(o.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + IDP_ID_TOKEN_TTL_S)
    .sign(svc.keys.privateKey);
}

/**
 * Checks an `id_token_hint` (OIDC RP-Initiated Logout 2): our signature, our issuer, issued to
 * `clientId`. An expired hint is accepted (the spec asks for that: the RP logs out after the token's
 * life). Returns its subject, or null when it is not such a token.
 */
export async function idTokenHintSubject(c: Ctx, svc: Services, hint: string, clientId: string): Promise<string | null> {
  try {
    const jwks = createLocalJWKSet(await publicJwks(svc.db));
    const { protectedHeader } = await compactVerify(hint, jwks, { algorithms: [JWT_ALG] });
    if (protectedHeader.typ !== undefined && protectedHeader.typ !== 'JWT') return null;
    const claims = decodeJwt(hint);
    const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (claims.iss !== issuerOf(c, svc) || !aud.includes(clientId) || typeof claims.sub !== 'string') return null;
    return claims.sub;
  } catch {
    return null;
  }
}
