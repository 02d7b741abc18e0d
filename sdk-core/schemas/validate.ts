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
 * SPEC 5 email pattern: local part, @, domain, top-level part of at least 2 letters.
 * Deliberately permissive beyond that; the server and the widget share it so they never disagree.
 */
export const EMAIL_PATTERN: RegExp = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** Longest email accepted (RFC 5321 path limit), checked before the pattern to bound work. */
export const EMAIL_MAX_LENGTH = 254;

/** True when `email` matches the shared SPEC 5 pattern and length bound. */
export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
