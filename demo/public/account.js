// The account page: <auth-user-profile> for the signed-in visitor, sharing the page's client. Signed out,
// it shows <auth-login> (email passcode) first; once signed in, the profile takes its place.
import { AuthEventType } from '/dist/index.js';
import { PRESETS, withDomMode } from '/presets.js';
import { $, client, logEvents } from '/shared.js';

const login = document.createElement('auth-login');
login.client = client;
login.config = withDomMode(PRESETS['email-otp'].config);
logEvents(login);
$('login').append(login);

const profile = document.createElement('auth-user-profile');
profile.client = client;
profile.config = withDomMode({
  sessionOptions: { sessionDurationMinutes: 60 },
  oauthProviders: ['google', 'github'],
  ...(new URLSearchParams(window.location.search).get('sections') ? { sections: new URLSearchParams(window.location.search).get('sections').split(',') } : {}),
});
logEvents(profile);
profile.addEventListener('auth-event', (e) => {
  if (e.detail.type === AuthEventType.ACCOUNT_DELETED) $('signed-out').hidden = false;
});
$('account').append(profile);

const render = () => {
  const signedIn = Boolean(client.session.getSync());
  $('signed-out').hidden = signedIn;
  $('account').hidden = !signedIn;
};
client.session.onChange(render);
render();
