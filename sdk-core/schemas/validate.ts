/** Shared validation helpers: one place turns zod issues into the wire's `[{dataPath, message}]`. */
import type { z } from 'zod/mini';
import type { SchemaErrorItem } from './envelope.ts';

/** Result of {@link parseWith}: parsed value or the schema errors to send/show. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: SchemaErrorItem[] };

/** Validates `input` against `schema` and maps issues to `{dataPath, message}` (dataPath like `.email`). */
export function parseWith<S extends z.ZodMiniType>(schema: S, input: unknown): ParseResult<z.infer<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors = result.error.issues.map((issue) => ({
    dataPath: issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join(''),
    message: issue.message,
  }));
  return { ok: false, errors };
}

/**
 * The ASCII form of a valid email (docs/reference/security.md#email-syntax): the WHATWG `input type=email` grammar (HTML Living
 * Standard, "valid e-mail address": local part of `[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]`, domain labels of
 * letters, digits and inner hyphens, at most 63 characters each) plus docs/reference/sdk.md#validation-rules's top-level part of at least
 * 2 letters (or an IDN top-level label, `xn--...`, whose Unicode form is letters). Unicode domains are
 * matched after {@link normalizeEmail} converts them to punycode.
 */
export const EMAIL_PATTERN: RegExp =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+(?:[a-zA-Z]{2,63}|xn--[a-zA-Z0-9-]{0,58}[a-zA-Z0-9])$/;

/** Longest email accepted, in octets of its ASCII (punycode) form: RFC 5321's 256-octet path less `<>`. */
export const EMAIL_MAX_LENGTH = 254;
/** Longest local part (RFC 5321 4.5.3.1.1); mail servers refuse longer ones. */
export const EMAIL_LOCAL_MAX_LENGTH = 64;
/** Longest raw input looked at; anything longer is refused before any work. */
const EMAIL_RAW_MAX_LENGTH = 1024;

const LOCAL_PART = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
const ASCII_DOMAIN_CHARS = /^[a-zA-Z0-9.-]+$/;
// In a Unicode domain: ASCII other than letters, digits, dot and hyphen would let the URL parser read a
// port, path, userinfo or percent-escape out of it; control, format, private-use, unassigned and
// surrogate code points (\p{C}, lone surrogates included) and separators (\p{Z}) are never part of a
// host name someone typed on purpose.
const BAD_UNICODE_DOMAIN_CHAR = /[\x20-\x2c\x2f\x3a-\x40\x5b-\x60\x7b-\x7e\p{C}\p{Z}]/u;

/**
 * The one email syntax of client and server (docs/reference/security.md#email-syntax): trims, lower-cases, converts a Unicode domain to
 * punycode (the URL parser's IDNA, the same in Node and browsers), then checks {@link EMAIL_PATTERN}, the
 * 64-octet local part and the 254-octet total. Returns the stored form, or null when the input is not a
 * valid address (control characters, lone surrogates, display names, lists, comments and quoting all are).
 * @example normalizeEmail(' Ada@Bücher.Example ') === 'ada@xn--bcher-kva.example'
 */
export function normalizeEmail(raw: string): string | null {
  if (typeof raw !== 'string' || raw.length > EMAIL_RAW_MAX_LENGTH) return null;
  const email = raw.trim();
  const at = email.indexOf('@');
  if (at <= 0 || at !== email.lastIndexOf('@')) return null;
  const local = email.slice(0, at);
  let domain = email.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX_LENGTH || !LOCAL_PART.test(local)) return null;
  if (!ASCII_DOMAIN_CHARS.test(domain)) {
    if (domain === '' || BAD_UNICODE_DOMAIN_CHAR.test(domain)) return null;
    try {
      // WHATWG URL host parsing applies UTS 46 (IDNA) and yields the punycode form.
      domain = new URL(`http://${domain}`).hostname;
    } catch {
      return null;
    }
  }
  const normalized = `${local}@${domain}`.toLowerCase();
  if (normalized.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(normalized)) return null;
  return normalized;
}

/** True when `email` is a valid address by {@link normalizeEmail} (surrounding whitespace allowed). */
export function isValidEmail(email: string): boolean {
  return normalizeEmail(email) !== null;
}
