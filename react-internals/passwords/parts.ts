/** The passwords method's `part` names, for host CSS: documentation only (react-internals/parts.ts assembles the table through method-parts.ts; no widget code imports it). */
import type { PartTable } from '../parts.ts';

/** The `part` names the password screens and forms render beyond the shell's. */
export const PASSWORD_PARTS = {
  'password-input': { at: 160, doc: 'The password field.' },
  'forgot-button': { at: 230, doc: '"Forgot password?".' },
  'switch-mode-button': {
    at: 240,
    doc: 'With enumeration protection: "New here? Create an account" / "Already have an account? Log in".',
  },
  'password-toggle': { at: 280, doc: 'The show / hide password button.' },
  'strength-meter': { at: 450, doc: 'The password strength bar.' },
} as const satisfies PartTable;
