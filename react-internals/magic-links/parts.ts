/** The magic links method's `part` names, for host CSS: documentation only (react-internals/parts.ts assembles the table through method-parts.ts; no widget code imports it). */
import type { PartTable } from '../parts.ts';

/** The `part` names the email confirmation screen renders beyond the shell's. */
export const MAGIC_LINK_PARTS = {
  'try-again-button': { at: 270, doc: '"Try again" on the email confirmation screen.' },
  'mailbox-link': { at: 360, doc: 'The "Open Gmail / Yahoo / Outlook" links.' },
  'mailbox-gmail': { at: 370, doc: 'The "Open Gmail" link.' },
  'mailbox-yahoo': { at: 380, doc: 'The "Open Yahoo" link.' },
  'mailbox-outlook': { at: 390, doc: 'The "Open Outlook" link.' },
} as const satisfies PartTable;
