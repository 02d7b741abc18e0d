// The passkeys page: <auth-passkey-registration> for the signed-in visitor, sharing the page's client.
// Signed out, the widget itself says it needs an authenticated user; the page adds a way to sign in.
import { AuthEventType } from '/dist/index.js';
import { withDomMode } from '/presets.js';
import { $, client, logEvents } from '/shared.js';

const registration = document.createElement('auth-passkey-registration');
registration.client = client;
registration.config = withDomMode({ sessionOptions: { sessionDurationMinutes: 60 } });
logEvents(registration);
registration.addEventListener('auth-event', (e) => {
  if (e.detail.type === AuthEventType.PASSKEY_DONE) $('done').hidden = false;
});
$('passkeys').append(registration);

const render = () => {
  $('signed-out').hidden = Boolean(client.session.getSync());
};
client.session.onChange(render);
render();
