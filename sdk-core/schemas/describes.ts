/**
 * Why each wire body is a declared type with a zod validator checked against it, rather than only
 * `z.infer<typeof Validator>`: the package's declarations keep no zod (scripts/build-types.mjs drops
 * every statement that names it, so consumers need not install it), and a `z.infer` alias would be
 * dropped with it, leaving the client's public option types (derived from these bodies) pointing at
 * nothing. So the declared interface is the one definition; {@link Describes} proves at compile time
 * that the validator parses to exactly it, and costs no byte anywhere (types only).
 */
import type { z } from 'zod/mini';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? ([keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false) : false) : false;

/**
 * `true` when `Schema` parses to exactly `T` (same keys, same optionality, same value types); else a
 * type showing both, so `const check: Describes<typeof X, X> = true` fails to compile on any drift.
 */
export type Describes<Schema extends z.ZodMiniType, T> = Same<z.output<Schema>, T> extends true ? true : { schemaParsesTo: z.output<Schema>; declaredAs: T };

/** Use as `type _Checked = Check<Describes<typeof X, X>>`: a compile error unless the check holds. */
export type Check<T extends true> = T;
