/**
 * The checks every authorize request goes through, at the authorization endpoint and at the SDK's
 * authorize start / submit (issue 14): a registered client, its redirect URI exactly, response_type
 * `code`, a PKCE S256 challenge (docs/reference/security.md#oauth-and-idp: `plain` and a missing challenge are refused; RFC 9700 2.1.1),
 * and well-formed scopes.
 */
import { ApiError } from '../errors.ts';
import type { Services } from '../services.ts';
import { exactUriMatch, findIdpClient, type IdpClient } from './clients.ts';
import { isScopeToken } from './scopes.ts';

/** An authorize request's parameters as both entry points carry them. */
export interface AuthorizeInput {
  client_id: string;
  redirect_uri: string;
  response_type?: string | undefined;
  scopes: readonly string[];
  code_challenge?: string | undefined;
  code_challenge_method?: string | undefined;
}

/** RFC 7636 4.2: an S256 challenge is base64url of 32 bytes, 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The client and its redirect URI, checked first: until both are known good, no error may be sent to
 * the redirect URI (RFC 6749 4.1.2.1).
 * @throws ApiError idp_client_not_found, idp_redirect_uri_mismatch
 */
export async function checkClientAndRedirect(svc: Services, clientId: string, redirectUri: string): Promise<IdpClient> {
  const client = await findIdpClient(svc, clientId);
  if (!client) throw new ApiError('idp_client_not_found');
  if (!exactUriMatch(client.redirect_uris, redirectUri)) throw new ApiError('idp_redirect_uri_mismatch');
  return client;
}

/**
 * The rest of the request, once the redirect URI is trusted; returns the deduplicated scopes and the challenge.
 * @throws ApiError idp_unsupported_response_type, pkce_required, idp_pkce_method_not_supported, idp_invalid_scope
 */
export function checkAuthorizeParams(p: AuthorizeInput): { scopes: string[]; codeChallenge: string } {
  if ((p.response_type ?? 'code') !== 'code') throw new ApiError('idp_unsupported_response_type');
  if (p.code_challenge_method !== undefined && p.code_challenge_method !== 'S256') throw new ApiError('idp_pkce_method_not_supported');
  if (!p.code_challenge) throw new ApiError('pkce_required', { message: 'Every client must send a PKCE code_challenge (S256).' });
  if (!S256_CHALLENGE.test(p.code_challenge)) {
    throw new ApiError('idp_pkce_method_not_supported', { message: 'code_challenge is not an S256 challenge (43 base64url characters).' });
  }
  const scopes = [...new Set(p.scopes)];
  if (scopes.length === 0 || !scopes.every(isScopeToken)) throw new ApiError('idp_invalid_scope');
  return { scopes, codeChallenge: p.code_challenge };
}

/** `uri` with `params` appended to its query as given (the registered URI's own query kept byte for byte). */
export function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.append(k, v);
  const s = q.toString();
  if (!s) return uri;
  return `${uri}${uri.includes('?') ? (uri.endsWith('?') || uri.endsWith('&') ? '' : '&') : '?'}${s}`;
}
