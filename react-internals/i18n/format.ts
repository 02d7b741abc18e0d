/**
 * Numbers, durations, dates and lists in the widget's language, all through `Intl` (issue 19 item 2):
 * the runtime knows each locale's digits, separators and list words, so no pack repeats them.
 */

/** `n` in `locale`'s digits and grouping (Arabic shows ٣٠٠, others 300). */
export function formatNumber(locale: string, n: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(n);
}

/**
 * A countdown as m:ss (docs/reference/methods/otps.md#screens 'Your code expires in m:ss.'): the pattern stays, the digits are the
 * locale's, and the colon is kept as ASCII so it reads the same way in every script.
 */
export function formatCountdown(locale: string, totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const minutes = formatNumber(locale, Math.floor(s / 60), { useGrouping: false });
  const seconds = formatNumber(locale, s % 60, { minimumIntegerDigits: 2, useGrouping: false });
  return `${minutes}:${seconds}`;
}

/** A date (and time) in `locale`: medium date, short time. */
export function formatDate(locale: string, at: Date | number, withTime = false): string {
  return new Intl.DateTimeFormat(locale, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(at);
}

/** `items` joined the way `locale` writes a list ('a, b and c', 'a, b et c', 'a、b和c'). */
export function formatList(locale: string, items: readonly string[], type: Intl.ListFormatType = 'conjunction'): string {
  return new Intl.ListFormat(locale, { style: 'long', type }).format(items);
}
