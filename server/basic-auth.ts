/** Project authentication of the SDK calls: `Authorization: Basic base64(public_token:secret)`. */
import { ApiError } from './errors.ts';
import { requestHeader } from './request.ts';
import type { Ctx, Services } from './services.ts';

/** Parsed `Authorization: Basic base64(public_token:secret)`. */
export interface BasicCredentials {
  publicToken: string;
  secret: string;
}

/** Parses Basic credentials; null when the header is absent or malformed. */
export function parseBasicAuth(header: string | undefined): BasicCredentials | null {
  if (!header) return null;
  const m = /^Basic\s+([A-Za-z0-9+/=_-]{1,8192})$/i.exec(header.trim());
  if (!m?.[1]) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i <= 0) return null;
  return { publicToken: decoded.slice(0, i), secret: decoded.slice(i + 1) };
}

/**
 * Project authentication for /sdk/v1 calls: the public token must be the active project's.
 * Returns the secret part (a session token, or the public token again when signed out).
 */
export function requireProjectAuth(c: Ctx, svc: Services): BasicCredentials {
  const creds = parseBasicAuth(requestHeader(c, 'authorization'));
  if (!creds) throw new ApiError('unauthorized_credentials', { message: 'Missing or malformed Basic authorization header.' });
  if (creds.publicToken !== svc.project.public_token) throw new ApiError('invalid_public_token');
  return creds;
}
