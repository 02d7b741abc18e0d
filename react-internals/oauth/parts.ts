/** The OAuth method's `part` names, for host CSS: documentation only (react-internals/parts.ts assembles the table through method-parts.ts; no widget code imports it). */
import type { PartTable } from '../parts.ts';

/** The `part` names the OAuth buttons and One Tap render beyond the shell's. */
export const OAUTH_PARTS = {
  'oauth-button': { at: 320, doc: 'Each "Continue with {provider}" button.' },
  'oauth-button-google': {
    at: 330,
    doc: 'One provider\u2019s button; every provider has its own part: "oauth-button-github", "oauth-button-apple", ... (the lowercase provider name).',
  },
  'one-tap': { at: 340, doc: 'The embedded Google One Tap box.' },
  link: { at: 350, doc: 'Links inside messages (One Tap developer messages).' },
} as const satisfies PartTable;
