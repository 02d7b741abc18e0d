/**
 * Shapes of what the browser client reads back from places other code can write: localStorage (this
 * tab, another tab, any script or extension on the origin) and cookies (any page of the site). Each
 * value is checked before use; one that does not parse is ignored, so a malformed or hostile value
 * can neither replace the current session nor throw into the page (issue 10, item 14).
 */
import './zod-config.ts';
import { z } from 'zod/mini';
import { codeChallenge, codeVerifierFormat } from './pkce.ts';
import type { Session } from './sessions.ts';
import type { User } from './users.ts';

/** Longest stored JSON value read back (characters); a cached user with many passkeys stays far below. */
export const STORED_VALUE_MAX_LENGTH = 256 * 1024;

const id = z.string().check(z.minLength(1), z.maxLength(256));
const text = z.string().check(z.maxLength(4096));
const record = z.record(z.string(), z.unknown());

/** A session as the client caches it: the server's session object (DESIGN 2), extra keys kept. */
export const StoredSession = z.looseObject({
  session_id: id,
  user_id: id,
  started_at: text,
  last_accessed_at: text,
  expires_at: text,
  attributes: z.looseObject({ ip_address: text, user_agent: text }),
  authentication_factors: z.array(z.looseObject({ type: text, delivery_method: text, last_authenticated_at: text })),
  custom_claims: record,
  roles: z.array(text),
});

/** A user as the client caches it: the server's user object (DESIGN 2), extra keys kept. */
export const StoredUser = z.looseObject({
  user_id: id,
  emails: z.array(z.looseObject({ email_id: text, email: text, verified: z.boolean() })),
  phone_numbers: z.array(z.looseObject({ phone_id: text, phone_number: text, verified: z.boolean() })),
  name: z.looseObject({ first_name: text, middle_name: text, last_name: text }),
  providers: z.array(record),
  totps: z.array(record),
  webauthn_registrations: z.array(z.looseObject({ webauthn_registration_id: text, name: text })),
  crypto_wallets: z.array(record),
  biometric_registrations: z.array(record),
  trusted_metadata: record,
  untrusted_metadata: record,
  created_at: text,
  status: z.enum(['active', 'pending']),
  roles: z.array(text),
  password: z.nullable(z.looseObject({ password_id: text, requires_reset: z.boolean() })),
});

/** The session manager's cached state under `auth_elements_state::{public_token}`: a user's session and user agree. */
export const StoredSessionState = z
  .object({ session: z.nullable(StoredSession), user: z.nullable(StoredUser) })
  .check(z.refine((s) => !s.session || !s.user || s.session.user_id === s.user.user_id, 'session and user disagree'));

/** The cached state as the client uses it. */
export interface StoredState {
  session: Session | null;
  user: User | null;
}

/** A PKCE pair kept between a send and its redemption (SPEC 9). */
export const StoredPKCEPair = z.object({ code_verifier: codeVerifierFormat, code_challenge: codeChallenge });

/** The analytics id kept across visits (sent in every X-SDK-Client header, so bounded). */
export const PersistentId = z.string().check(z.regex(/^persistent-id-[A-Za-z0-9-]{8,64}$/));

/**
 * A session, JWT or intermediate token read from a cookie: base64url, JWT or base64 characters only,
 * bounded; it goes into the Authorization header (btoa throws on anything beyond Latin-1).
 */
export const CookieToken = z.string().check(z.regex(/^[A-Za-z0-9._~+/=-]{1,4096}$/));

// A key named __proto__ in stored JSON is never data: drop it wherever it appears, so no later
// copy of a nested value (custom claims, metadata) can turn it into a prototype.
const dropProtoKeys = (key: string, value: unknown): unknown => (key === '__proto__' ? undefined : value);

function ignore(what: string, why: string): null {
  console.debug(`[auth-elements] ignored a stored ${what} that ${why}`);
  return null;
}

/**
 * Parses a stored JSON value with `schema`; null (and at most a console.debug) when it is missing,
 * too long, not JSON or of the wrong shape. Never throws.
 */
export function parseStoredJson<S extends z.ZodMiniType>(schema: S, raw: unknown, what: string): z.infer<S> | null {
  if (typeof raw !== 'string' || raw === '') return null;
  if (raw.length > STORED_VALUE_MAX_LENGTH) return ignore(what, 'is too long');
  let json: unknown;
  try {
    json = JSON.parse(raw, dropProtoKeys);
  } catch {
    return ignore(what, 'is not JSON');
  }
  const result = schema.safeParse(json);
  return result.success ? result.data : ignore(what, 'has the wrong shape');
}

/** Checks a stored string (cookie value, id) with `schema`; null when missing or malformed. Never throws. */
export function parseStoredString<S extends z.ZodMiniType>(schema: S, raw: unknown, what: string): z.infer<S> | null {
  if (raw === null || raw === undefined || raw === '') return null;
  const result = schema.safeParse(raw);
  return result.success ? result.data : ignore(what, 'is malformed');
}

/** The cached session state, or null when the stored value is missing or does not parse. */
export function parseStoredState(raw: unknown): StoredState | null {
  // The schema checks every field the SDK and widgets read; the interfaces describe the same shape.
  return parseStoredJson(StoredSessionState, raw, 'session') as StoredState | null;
}
