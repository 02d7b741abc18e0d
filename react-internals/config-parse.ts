/** Reading a host config that may come from a JSON attribute (so: anything), field by field. */

/** A plain object (not null, not an array). */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** `v` when it is a positive finite number. */
export const positive = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);
/** `v` when it is a non-empty string. */
export const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
/** The items of `v` that are among `allowed`, when `v` is an array. */
export const listOf = <T extends string>(v: unknown, allowed: readonly T[]): T[] | undefined =>
  Array.isArray(v) ? v.filter((x): x is T => allowed.includes(x as T)) : undefined;
/** The object at `raw[key]`, or an empty one. */
export const optionsAt = (raw: Record<string, unknown>, key: string): Record<string, unknown> => (isRecord(raw[key]) ? raw[key] : {});
