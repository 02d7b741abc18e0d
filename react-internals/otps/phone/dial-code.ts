/**
 * "+20" stays "+20" in right-to-left text: the plus and the digits are isolated together left to right
 * (LRI ... PDI, Unicode bidi), so Arabic does not show "20+" (the plus is a neutral and would take the
 * paragraph's direction). An input's value cannot hold a `<bdi>`, so the isolate is in the text itself.
 * Left-to-right texts are left as they are.
 */
export function isolateDialCode(label: string, dialCode: string): string {
  // Only where the text isolated the code (FSI ... PDI: a right-to-left table, text.ts); left to right "+1" reads as it is.
  const at = /\+\u2068(\d+)\u2069/.exec(label);
  if (!at || at[1] !== dialCode) return label;
  return `${label.slice(0, at.index)}\u2066+${dialCode}\u2069${label.slice(at.index + at[0].length)}`;
}
