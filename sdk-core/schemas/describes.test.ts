/**
 * Describes (./describes.ts) must reject every way a validator and its declared type can drift;
 * these are compile-time checks (the typecheck stage of `npm test` runs them), with one runtime
 * assertion so the file counts as a test.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod/mini';
import type { Check, Describes } from './describes.ts';

const Body = z.object({ a: z.string(), b: z.optional(z.int()), c: z.optional(z.enum(['x', 'y'])) });

type _Exact = Check<Describes<typeof Body, { a: string; b?: number; c?: 'x' | 'y' }>>;
// @ts-expect-error an optional field the type leaves out
type _Missing = Check<Describes<typeof Body, { a: string; b?: number }>>;
// @ts-expect-error a field the schema does not have
type _Extra = Check<Describes<typeof Body, { a: string; b?: number; c?: 'x' | 'y'; d?: string }>>;
// @ts-expect-error optional in the schema, required in the type
type _Required = Check<Describes<typeof Body, { a: string; b: number; c?: 'x' | 'y' }>>;
// @ts-expect-error another value type
type _Type = Check<Describes<typeof Body, { a: string; b?: string; c?: 'x' | 'y' }>>;
// @ts-expect-error a wider enum
type _Wider = Check<Describes<typeof Body, { a: string; b?: number; c?: string }>>;

describe('Describes', () => {
  it('is checked at compile time (this file type-checks only if each drift above is an error)', () => {
    assert.deepEqual(Body.parse({ a: 'x' }), { a: 'x' });
  });
});
