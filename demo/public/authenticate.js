// The magic-link redirect page: the link in the email lands here with ?stytch_token_type=...&token=...
// When this browser requested the link (it holds the flow's PKCE verifier) sign-in finishes at once.
// Otherwise the page asks for one click first: whatever merely opens the link, such as a mail
// scanner that runs JavaScript, must not sign in (and use up the link before the user gets to it).
import { landingUrl } from '/redirect-token.js';
import { $, client } from '/shared.js';

/** Shows the 'Continue signing in' step and resolves when the visitor clicks it. */
async function askToContinue() {
  const { project_name: name } = await client.bootstrap();
  $('confirm-text').textContent = name ? `This finishes signing in to ${name} in this browser.` : 'This finishes signing in in this browser.';
  $('status').textContent = '';
  $('confirm').hidden = false;
  const button = $('continue');
  button.focus();
  await new Promise((resolve) => button.addEventListener('click', resolve, { once: true }));
  $('confirm').hidden = true;
  $('status').textContent = 'Signing you in…';
  return true;
}

try {
  const result = await client.magicLinks.authenticateFromUrl({
    url: landingUrl,
    session_duration_minutes: 60,
    confirm: askToContinue,
  });
  if (result) {
    $('status').textContent = 'Signed in. Taking you back to the demo…';
    window.location.replace('/');
  } else {
    $('status').textContent = 'This page finishes sign-in from an email link, but the address carries no link token.';
  }
} catch (e) {
  showError(e);
}

/** Plain words for what went wrong and what to do next, instead of a raw error code. */
function showError(e) {
  const type = e.error_type ?? e.code;
  const help = {
    // A PKCE project's link opened in another browser; nothing was sent.
    pkce_verifier_missing: 'This link was requested in another browser. Open it in the browser where you asked for it, or request a new link here.',
    unable_to_auth_magic_link: 'This sign-in link was already used or has expired. Request a new one from the demo.',
    magic_link_not_found: 'This sign-in link is not valid any more. Request a new one from the demo.',
    api_unreachable: 'The server could not be reached. Check your connection and reload this page.',
  };
  $('status').textContent = 'Sign-in did not finish.';
  const box = $('error');
  box.hidden = false;
  $('error-text').textContent = help[type] ?? e.error_message ?? 'Something went wrong. Request a new link from the demo.';
  $('error-code').textContent = type ? `(error: ${type})` : '';
  $('error-title').focus();
}
