// The host page as a host developer writes it: one client, shared by the widget and the page.
import { createClient } from '/dist/index.js';

const $ = (id) => document.getElementById(id);
const project = await fetch('/dev/project.json').then((r) => r.json());
const client = createClient(project.public_token, { apiBaseUrl: window.location.origin });

const login = $('login');
login.client = client;
login.config = {
  products: ['otp'],
  otpOptions: { methods: ['email'], expirationMinutes: 5 },
  sessionOptions: { sessionDurationMinutes: 60 },
};

const log = (text) => {
  const li = document.createElement('li');
  li.textContent = `${new Date().toLocaleTimeString()} ${text}`;
  $('event-log').prepend(li);
};
login.addEventListener('auth-event', (e) => log(`auth-event ${e.detail.type}`));
login.addEventListener('auth-error', (e) => log(`auth-error ${e.detail.message}`));

function render() {
  const session = client.session.getSync();
  const user = client.user.getSync();
  $('signed-in').hidden = !session;
  $('signed-out').hidden = Boolean(session);
  if (session) {
    $('user-email').textContent = user?.emails?.[0]?.email ?? '';
    $('user-id').textContent = session.user_id;
    $('session-expires').textContent = new Date(session.expires_at).toLocaleString();
  }
}
client.session.onChange(render);
client.user.onChange(render);
render();

$('sign-out').addEventListener('click', async () => {
  try {
    await client.session.revoke();
  } catch (e) {
    log(`sign-out failed: ${e.message}`);
  }
});
