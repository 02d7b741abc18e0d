/** The OTP method's `part` names, for host CSS: documentation only (react-internals/parts.ts assembles the table through method-parts.ts; no widget code imports it). */
import type { PartTable } from '../parts.ts';

/** The `part` names the OTP screens and forms render beyond the shell's. */
export const OTP_PARTS = {
  'phone-input': { at: 120, doc: 'The phone number field.' },
  'country-select': { at: 130, doc: 'The country field (a searchable combobox).' },
  'country-listbox': { at: 140, doc: 'The country list under the country field.' },
  'otp-input': { at: 150, doc: 'The passcode field.' },
} as const satisfies PartTable;
