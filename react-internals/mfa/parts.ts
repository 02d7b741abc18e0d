/** The two-step method's `part` names, for host CSS: documentation only (react-internals/parts.ts assembles the table through method-parts.ts; no widget code imports it). */
import type { PartTable } from '../parts.ts';

/** The `part` names the second-step screens render beyond the shell's. */
export const MFA_PARTS = {
  'code-input': { at: 155, doc: 'The six-digit field of the second step (authenticator app, text message).' },
  'recovery-code-input': { at: 156, doc: 'The recovery code field of the second step.' },
  'trust-device-checkbox': { at: 157, doc: 'The "Trust this device" checkbox.' },
  'mfa-factor-button': { at: 301, doc: 'Each second factor on the chooser.' },
  'other-method-button': { at: 302, doc: '"Use another method" under a second factor.' },
  'send-code-button': { at: 303, doc: '"Send code" of the text-message second step.' },
  'mfa-passkey-button': { at: 304, doc: '"Continue with passkey" of the second step.' },
  'copy-codes-button': { at: 305, doc: '"Copy codes" under the new recovery codes.' },
  'download-codes-button': { at: 306, doc: '"Download (.txt)" under the new recovery codes.' },
  'qr-code': { at: 521, doc: 'The QR code of the authenticator-app enrolment.' },
  'manual-key': { at: 522, doc: 'The key to type into an authenticator app that cannot scan.' },
  'recovery-codes': { at: 523, doc: 'The list of new recovery codes.' },
} as const satisfies PartTable;
