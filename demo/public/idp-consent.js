// The consent page the authorization server sends the browser to (the project's idp_consent_url):
// <auth-idp-consent> reads the authorize or logout request from this page's address. A visitor
// without a session signs in first with <auth-login> on this page; the request then continues.
import { $, client, logEvents } from '/shared.js';

const params = new URLSearchParams(location.search);
const isLogout = params.has('post_logout_redirect_uri');

function showConsent() {
  $('sign-in').hidden = true;
  if ($('consent').firstChild) return;
  const consent = document.createElement('auth-idp-consent');
  consent.client = client;
  consent.config = { sessionOptions: { sessionDurationMinutes: 60 } };
  logEvents(consent);
  $('consent').append(consent);
}

if (isLogout || client.session.getSync()) showConsent();
else {
  $('sign-in').hidden = false;
  const login = document.createElement('auth-login');
  login.client = client;
  login.config = { products: ['otp'], otpOptions: { methods: ['email'] }, sessionOptions: { sessionDurationMinutes: 60 } };
  logEvents(login);
  $('login').append(login);
  const stop = client.session.onChange((session) => {
    if (!session) return;
    stop();
    login.remove();
    showConsent();
  });
}
