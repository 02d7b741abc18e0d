// The password-reset page: <auth-reset-password> takes the token from the emailed link.
import { AuthEventType } from '/dist/auth-elements.js';
import { PRESETS } from '/presets.js';
import { $, client, logEvents } from '/shared.js';

const params = new URLSearchParams(window.location.search);
const reset = document.createElement('auth-reset-password');
reset.client = client;
reset.config = PRESETS.password.config;
reset.passwordResetToken = params.get('token') ?? '';
logEvents(reset);
reset.addEventListener('auth-event', (e) => {
  if (e.detail.type === AuthEventType.AUTHENTICATE_FLOW_COMPLETE) $('done').hidden = false;
});
$('reset').append(reset);
