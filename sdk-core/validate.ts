import { UsageError } from './errors.ts';

/**
 * Argument checks of docs/reference/sdk.md#validation-rules. Each throws a UsageError naming the method and field, so a host
 * developer sees the mistake at the call site rather than as a server 400.
 */
export class Validator {
  constructor(private readonly method: string) {}

  /** The usage error for `field` (a check of its own, e.g. a value outside a fixed list). */
  fail(field: string, problem: string): UsageError {
    return new UsageError(this.method, field, problem);
  }

  /** Requires a string. */
  string(field: string, value: unknown): this {
    if (typeof value !== 'string') throw new UsageError(this.method, field, 'must be a string.');
    return this;
  }

  /** Requires a string or undefined. */
  optionalString(field: string, value: unknown): this {
    return value === undefined ? this : this.string(field, value);
  }

  /** Requires a finite number. */
  number(field: string, value: unknown): this {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new UsageError(this.method, field, 'must be a number.');
    }
    return this;
  }

  /** Requires a finite number or undefined. */
  optionalNumber(field: string, value: unknown): this {
    return value === undefined ? this : this.number(field, value);
  }

  /** Requires a boolean. */
  boolean(field: string, value: unknown): this {
    if (typeof value !== 'boolean') throw new UsageError(this.method, field, 'must be a boolean.');
    return this;
  }

  /** Requires a boolean or undefined. */
  optionalBoolean(field: string, value: unknown): this {
    if (value !== undefined && typeof value !== 'boolean') throw new UsageError(this.method, field, 'must be a boolean.');
    return this;
  }

  /** Requires a plain object or undefined. */
  optionalObject(field: string, value: unknown): this {
    if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      throw new UsageError(this.method, field, 'must be an object.');
    }
    return this;
  }

  /** Requires an array of strings or undefined. */
  optionalStringArray(field: string, value: unknown): this {
    if (value !== undefined && !(Array.isArray(value) && value.every((v) => typeof v === 'string'))) {
      throw new UsageError(this.method, field, 'must be an array of strings.');
    }
    return this;
  }
}

/** Starts a chain of argument checks for `method`. */
export const check = (method: string): Validator => new Validator(method);

// One email syntax for the widget and the server (docs/reference/security.md#email-syntax): the shared schema module defines it.
export { EMAIL_PATTERN, isValidEmail, normalizeEmail } from './schemas/validate.ts';
