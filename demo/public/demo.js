// The host page as a host developer writes it: one client, shared by the widget and the page.
import { AuthEventType, createClient } from '/dist/auth-elements.js';

const $ = (id) => document.getElementById(id);
const project = await fetch('/dev/project.json').then((r) => r.json());
const client = createClient(project.public_token, { apiBaseUrl: window.location.origin });

const log = (text) => {
  const li = document.createElement('li');
  li.textContent = `${new Date().toLocaleTimeString()} ${text}`;
  $('event-log').prepend(li);
};

// A fresh <auth-login> (after sign-out the old one still shows its success screen).
function setUpLogin() {
  const login = document.createElement('auth-login');
  login.id = 'login';
  login.client = client;
  login.config = {
    products: ['otp'],
    otpOptions: { methods: ['email'], expirationMinutes: 5 },
    sessionOptions: { sessionDurationMinutes: 60 },
  };
  login.addEventListener('auth-event', (e) => log(`auth-event ${e.detail.type}`));
  login.addEventListener('auth-error', (e) => log(`auth-error ${e.detail.message}`));
  $('login')?.remove();
  $('signed-out').append(login);
}

// Keep the widget's 'Success!' screen in view for a moment after sign-in before switching panels.
let holdLoginUntil = 0;
function render() {
  const session = client.session.getSync();
  const user = client.user.getSync();
  const showLogin = !session || Date.now() < holdLoginUntil;
  $('signed-out').hidden = !showLogin;
  $('signed-in').hidden = !session;
  if (session) {
    $('user-email').textContent = user?.emails?.[0]?.email ?? '';
    $('user-id').textContent = session.user_id;
    $('session-expires').textContent = new Date(session.expires_at).toLocaleString();
  }
}

let signedIn = Boolean(client.session.getSync());
client.session.onChange((session) => {
  if (session && !signedIn && !$('signed-out').hidden) {
    holdLoginUntil = Date.now() + 1500;
    setTimeout(render, 1600);
  }
  if (!session && signedIn) setUpLogin();
  signedIn = Boolean(session);
  render();
});
client.user.onChange(render);
document.addEventListener('auth-event', (e) => {
  if (e.detail.type === AuthEventType.AUTHENTICATE_FLOW_COMPLETE) log('signed in');
});

setUpLogin();
render();

$('sign-out').addEventListener('click', async () => {
  try {
    await client.session.revoke();
  } catch (e) {
    log(`sign-out failed: ${e.message}`);
  }
});
