/** The passkeys method's `part` names, for host CSS: documentation only (react-internals/parts.ts assembles the table through method-parts.ts; no widget code imports it). */
import type { PartTable } from '../parts.ts';

/** The `part` names the passkey screens and button render beyond the shell's. */
export const PASSKEY_PARTS = {
  'passkey-name-input': { at: 170, doc: 'The passkey rename field.' },
  'passkey-button': { at: 290, doc: '"Login with a Passkey" and the passkey creation button.' },
} as const satisfies PartTable;
