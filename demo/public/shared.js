// What every demo page shares: one client for the page, the event log, and the signed-in panel.
// The tags (the script-tag bundle: first paint without React), then the full API.
import '/dist/auth-elements.js';
import { createClient } from '/dist/index.js';

export const $ = (id) => document.getElementById(id);

const project = await fetch('/dev/project.json').then((r) => r.json());

/** The page's one client (widgets get it through their `client` property). */
export const client = createClient(project.public_token, { apiBaseUrl: window.location.origin });

/** Prepends a line to the page's event log. */
export function log(text) {
  const list = $('event-log');
  if (!list) return;
  const li = document.createElement('li');
  li.textContent = `${new Date().toLocaleTimeString()} ${text}`;
  list.prepend(li);
}

/** Logs a widget's auth-event and auth-error DOM events. */
export function logEvents(element) {
  element.addEventListener('auth-event', (e) => log(`auth-event ${e.detail.type}`));
  element.addEventListener('auth-error', (e) => log(`auth-error ${e.detail.message}`));
}

/** Fills the signed-in panel's fields from the current session and user. */
export function showUser() {
  const session = client.session.getSync();
  const user = client.user.getSync();
  if (!session) return;
  $('user-email').textContent = user?.emails?.[0]?.email ?? user?.phone_numbers?.[0]?.phone_number ?? user?.crypto_wallets?.[0]?.crypto_wallet_address ?? '';
  $('user-id').textContent = session.user_id;
  $('session-expires').textContent = new Date(session.expires_at).toLocaleString();
}
