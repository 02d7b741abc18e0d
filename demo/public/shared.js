// What every demo page shares: one client for the page, the event log, and the signed-in panel.
// The tags and the full API from one file (auth-elements/define, the same graph as dist/index.js the
// pages import beside it): one copy of the kit on the page. Each element still paints its first
// screen without React.
import { createClient } from '/dist/define.js';

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
