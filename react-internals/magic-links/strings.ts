/** The email magic-link texts (docs/reference/methods/magic-links.md#screens "Email", magic-link variant; docs/reference/methods/magic-links.md#validation message). */
import { MAGIC_LINK_FIRST_SCREEN_STRINGS } from './first-screen-strings.ts';

/** Default English texts of the magic-link screens; quoted reference texts are verbatim. */
export const MAGIC_LINK_STRINGS = {
  ...MAGIC_LINK_FIRST_SCREEN_STRINGS,
  'magicLink.invalidEmail': 'Email format is invalid.',
  'magicLink.confirmTitle': 'Check your email',
  'magicLink.confirmText': 'An email was sent to {email}',
  'magicLink.openGmail': 'Open Gmail',
  'magicLink.openYahoo': 'Open Yahoo',
  'magicLink.openOutlook': 'Open Outlook',
  'magicLink.newTab': '(opens in a new tab)',
  'magicLink.didntGet': 'Didn\u2019t get it?',
  'magicLink.tryAgain': 'Try again',

  // A sign-in link opened in a browser without the PKCE verifier of its flow (issue 10): one click
  // first, so a mail scanner that merely opens the link does not sign in; or, in a project that
  // requires PKCE, the link only works where it was requested.
  // (The second case's text is 'error.pkceVerifierMissing'.)
  'magicLink.finishTitle': 'Finish signing in',
  'magicLink.finishText': 'This finishes signing in to {projectName} in this browser.',
  'magicLink.finishTextNoName': 'This finishes signing in in this browser.',
  'magicLink.finishButton': 'Continue signing in',
} as const satisfies Record<string, string>;
