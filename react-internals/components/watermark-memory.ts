/**
 * The watermark the project's bootstrap asked for last time, kept per public token in
 * localStorage, so the first paint (issue 16: before React and before the bootstrap answer) draws
 * the same watermark React will, and nothing moves when React takes over. No React here: the
 * element's first paint reads it.
 */

/** A remembered watermark: its link, or `null` for none. */
export type RememberedWatermark = { name: string; url: string } | null;

const KEY = 'auth_elements_watermark:';

/** The watermark remembered for `publicToken`; undefined when unknown (first visit, no storage). */
export function rememberedWatermark(publicToken: unknown): RememberedWatermark | undefined {
  if (typeof publicToken !== 'string' || publicToken === '') return undefined;
  try {
    const raw = globalThis.localStorage?.getItem(KEY + publicToken);
    if (raw === null || raw === undefined) return undefined;
    const v: unknown = JSON.parse(raw);
    if (v === null) return null;
    if (typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string' && typeof (v as { url?: unknown }).url === 'string') {
      const { name, url } = v as { name: string; url: string };
      // Only what the widget itself would link to: https, or the provider's own mark.
      return new URL(url).protocol === 'https:' ? { name: name.slice(0, 60), url } : undefined;
    }
  } catch {
    // storage off, or not ours: unknown
  }
  return undefined;
}

/** Remembers the watermark the bootstrap asked for (a no-op without storage). */
export function rememberWatermark(publicToken: string, watermark: RememberedWatermark): void {
  try {
    globalThis.localStorage?.setItem(KEY + publicToken, JSON.stringify(watermark));
  } catch {
    // storage full or off: the next first paint draws a placeholder instead
  }
}
