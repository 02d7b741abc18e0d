// The password-reset page: <auth-reset-password> takes the token and its type from the emailed
// link (redirect-token.js has already taken them out of the address bar). A stytch_token_type=login
// link signs in at once when requested in this browser, after one click otherwise.
import { landingUrl } from '/redirect-token.js';
import { AuthEventType } from '/dist/index.js';
import { PRESETS, withDomMode } from '/presets.js';
import { $, client, logEvents } from '/shared.js';

const params = new URL(landingUrl).searchParams;
const reset = document.createElement('auth-reset-password');
reset.client = client;
reset.config = withDomMode(PRESETS.password.config);
reset.passwordResetToken = params.get('token') ?? '';
reset.passwordResetTokenType = params.get('stytch_token_type') ?? '';
logEvents(reset);
reset.addEventListener('auth-event', (e) => {
  if (e.detail.type === AuthEventType.AUTHENTICATE_FLOW_COMPLETE) $('done').hidden = false;
});
$('reset').append(reset);
