// The magic-link redirect page: the link in the email lands here with ?stytch_token_type=...&token=...
// One SDK call signs the visitor in; then back to the demo, now signed in.
import { $, client } from '/shared.js';

try {
  const result = await client.magicLinks.authenticateFromUrl({ session_duration_minutes: 60 });
  if (result) {
    $('status').textContent = 'Signed in. Taking you back to the demo…';
    window.location.replace('/');
  } else {
    $('status').textContent = 'This page finishes sign-in from an email link, but the address carries no link token.';
  }
} catch (e) {
  $('status').textContent = `Sign-in failed: ${e.message}`;
}
