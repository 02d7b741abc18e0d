/**
 * Shapes of what the browser client reads back from places other code can write: localStorage (this
 * tab, another tab, any script or extension on the origin) and cookies (any page of the site). Each
 * value is checked before use; one that does not parse is ignored, so a malformed or hostile value
 * can neither replace the current session nor throw into the page (issue 10, item 14).
 *
 * Plain checks rather than zod (docs/reference/house-style.md#bundle-size allows either in browser code): these run in every page
 * that loads the kit, and zod/mini's object and array parsers cost about 8 KB gzip of initial JS
 * for six small shapes. The checks describe the same shapes as the Session and User interfaces.
 */
import type { Session } from './sessions.ts';
import type { User } from './users.ts';

/** Longest stored JSON value read back (characters); a cached user with many passkeys stays far below. */
export const STORED_VALUE_MAX_LENGTH = 256 * 1024;

/** A check of an unknown value: true when it has the shape `T` describes. */
export type Check<T> = (v: unknown) => v is T;

type Obj = Record<string, unknown>;
/** A plain object (not null, not an array): what a JSON object parses to. */
export const isRecord = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A string of `min` to `max` characters, matching `re` when given. */
export const str =
  (min: number, max: number, re?: RegExp): Check<string> =>
  (v): v is string =>
    typeof v === 'string' && v.length >= min && v.length <= max && (!re || re.test(v));
const bool: Check<boolean> = (v): v is boolean => typeof v === 'boolean';
const arrayOf =
  <T>(item: Check<T>): Check<T[]> =>
  (v): v is T[] =>
    Array.isArray(v) && v.every(item);
const nullable =
  <T>(c: Check<T>): Check<T | null> =>
  (v): v is T | null =>
    v === null || c(v);
/** An object with at least these fields (extra keys kept, as the server may add some). */
export const fields =
  <T>(shape: { [K in keyof T]: Check<T[K]> }): Check<T> =>
  (v): v is T =>
    isRecord(v) && Object.entries(shape).every(([k, c]) => (c as Check<unknown>)(v[k]));
const record: Check<Obj> = isRecord;

const id = str(1, 256);
const text = str(0, 4096);

/** A session as the client caches it: the server's session object (docs/reference/wire-protocol.md#authenticate-answers), extra keys kept. */
export const StoredSession: Check<Session> = fields<Session>({
  session_id: id,
  user_id: id,
  started_at: text,
  last_accessed_at: text,
  expires_at: text,
  attributes: fields({ ip_address: text, user_agent: text }),
  authentication_factors: arrayOf(fields({ type: text, delivery_method: text, last_authenticated_at: text })) as Check<Session['authentication_factors']>,
  custom_claims: record,
  roles: arrayOf(text),
} as { [K in keyof Session]: Check<Session[K]> });

/** A user as the client caches it: the server's user object (docs/reference/wire-protocol.md#authenticate-answers), extra keys kept. */
export const StoredUser: Check<User> = fields<User>({
  user_id: id,
  emails: arrayOf(fields({ email_id: text, email: text, verified: bool })),
  phone_numbers: arrayOf(fields({ phone_id: text, phone_number: text, verified: bool })),
  name: fields({ first_name: text, middle_name: text, last_name: text }),
  providers: arrayOf(record),
  totps: arrayOf(record),
  webauthn_registrations: arrayOf(fields({ webauthn_registration_id: text, name: text })),
  crypto_wallets: arrayOf(record),
  biometric_registrations: arrayOf(record),
  trusted_metadata: record,
  untrusted_metadata: record,
  created_at: text,
  status: (v: unknown): v is User['status'] => v === 'active' || v === 'pending',
  roles: arrayOf(text),
  password: nullable(fields({ password_id: text, requires_reset: bool })),
} as unknown as { [K in keyof User]: Check<User[K]> });

/** The cached state as the client uses it. */
export interface StoredState {
  session: Session | null;
  user: User | null;
}

/** The session manager's cached state under `auth_elements_state::{public_token}`: a user's session and user agree. */
export const StoredSessionState: Check<StoredState> = (v): v is StoredState =>
  isRecord(v) &&
  nullable(StoredSession)(v['session']) &&
  nullable(StoredUser)(v['user']) &&
  (!v['session'] || !v['user'] || v['session'].user_id === v['user'].user_id);

/** The analytics id kept across visits (sent in every X-SDK-Client header, so bounded). */
export const PersistentId: Check<string> = str(1, 200, /^persistent-id-[A-Za-z0-9-]{8,64}$/);

/**
 * A session, JWT or intermediate token read from a cookie: base64url, JWT or base64 characters only,
 * bounded; it goes into the Authorization header (btoa throws on anything beyond Latin-1).
 */
export const CookieToken: Check<string> = str(1, 4096, /^[A-Za-z0-9._~+/=-]+$/);

// A key named __proto__ in stored JSON is never data: drop it wherever it appears, so no later
// copy of a nested value (custom claims, metadata) can turn it into a prototype.
const dropProtoKeys = (key: string, value: unknown): unknown => (key === '__proto__' ? undefined : value);

function ignore(what: string, why: string): null {
  console.debug(`[auth-elements] ignored a stored ${what} that ${why}`);
  return null;
}

/**
 * Parses a stored JSON value and checks it with `check`; null (and at most a console.debug) when it
 * is missing, too long, not JSON or of the wrong shape. Never throws.
 */
export function parseStoredJson<T>(check: Check<T>, raw: unknown, what: string): T | null {
  if (typeof raw !== 'string' || raw === '') return null;
  if (raw.length > STORED_VALUE_MAX_LENGTH) return ignore(what, 'is too long');
  let json: unknown;
  try {
    json = JSON.parse(raw, dropProtoKeys);
  } catch {
    return ignore(what, 'is not JSON');
  }
  return check(json) ? json : ignore(what, 'has the wrong shape');
}

/** Checks a stored string (cookie value, id) with `check`; null when missing or malformed. Never throws. */
export function parseStoredString(check: Check<string>, raw: unknown, what: string): string | null {
  if (raw === null || raw === undefined || raw === '') return null;
  return check(raw) ? raw : ignore(what, 'is malformed');
}

/** The cached session state, or null when the stored value is missing or does not parse. */
export function parseStoredState(raw: unknown): StoredState | null {
  return parseStoredJson(StoredSessionState, raw, 'session');
}
