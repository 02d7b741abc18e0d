// The host page as a host developer writes it: one client, shared by the widget and the page.
import { AuthEventType } from '/dist/index.js';
import { currentPreset, PRESETS, withDomMode } from '/presets.js';
import { $, client, log, logEvents, showUser } from '/shared.js';

const presetId = currentPreset();

// The 'one-tap' preset's stand-in for Google's script asks the reference server's dev provider for
// an ID token of this identity (test/fixtures/gsi-stand-in.js).
if (presetId === 'one-tap') {
  window.gsiStandIn = {
    apiBaseUrl: window.location.origin,
    publicToken: client.publicToken,
    identity: { email: 'one-tap-demo@example.com', name: 'One Tap Demo', email_verified: true },
  };
}

// The method switcher reloads the page with ?methods=<preset>, so every configuration is linkable.
const select = $('method-select');
for (const [id, { label }] of Object.entries(PRESETS)) select.add(new Option(label, id, false, id === presetId));
select.addEventListener('change', () => {
  const url = new URL(window.location.href);
  url.searchParams.set('methods', select.value);
  window.location.assign(url.href);
});

// The language picker (README "Languages"): reloads with ?lang=<tag>, so every language is linkable;
// "page language" leaves config.locale out, and the widget follows this page's <html lang>.
const LANGUAGES = [
  ['', 'Page language'],
  ['en', 'English'],
  ['fr', 'Français'],
  ['de', 'Deutsch'],
  ['es', 'Español'],
  ['pt-BR', 'Português (Brasil)'],
  ['it', 'Italiano'],
  ['nl', 'Nederlands'],
  ['ja', '日本語'],
  ['zh-CN', '简体中文'],
  ['ko', '한국어'],
  ['ar', 'العربية'],
];
const lang = new URL(window.location.href).searchParams.get('lang') ?? '';
const langSelect = $('lang-select');
for (const [tag, name] of LANGUAGES) {
  const option = new Option(name, tag, false, tag === lang);
  if (tag) option.lang = tag;
  langSelect.add(option);
}
langSelect.addEventListener('change', () => {
  const url = new URL(window.location.href);
  if (langSelect.value) url.searchParams.set('lang', langSelect.value);
  else url.searchParams.delete('lang');
  window.location.assign(url.href);
});

// A preset's hint for the visitor (the wallet preset needs a wallet extension).
const note = PRESETS[presetId].note;
if (note) {
  const p = document.createElement('p');
  p.id = 'preset-note';
  p.textContent = note;
  $('methods').after(p);
}

// Two-step sign-in (issue 29): /?mfa=required (or optional, off) sets the demo project's policy on the
// demo server (a dev-only route of test projects, README "Demo") before the widget asks the bootstrap.
const mfa = new URL(window.location.href).searchParams.get('mfa');
if (mfa) {
  const r = await fetch('/dev/mfa', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ policy: mfa }) });
  log(r.ok ? `two-step sign-in: ${mfa}` : `two-step sign-in: '${mfa}' is not off, optional or required`);
}

// A fresh <auth-login> (after sign-out the old one still shows its success screen).
function setUpLogin() {
  const login = document.createElement('auth-login');
  login.id = 'login';
  login.client = client;
  // The page has its h1 and the panel's h2 above the widget: its titles are h3 (headingLevel).
  login.config = { ...withDomMode(PRESETS[presetId].config), headingLevel: 3, ...(lang ? { locale: lang } : {}) };
  logEvents(login);
  $('login')?.remove();
  $('signed-out').append(login);
}

// Keep the widget's 'Success!' screen in view for a moment after sign-in before switching panels.
let holdLoginUntil = 0;
function render() {
  const session = client.session.getSync();
  const showLogin = !session || Date.now() < holdLoginUntil;
  // Focus was in the widget, which is about to be hidden: take it to the signed-in panel's title
  // instead of letting it fall to <body> (a keyboard or screen-reader user would be lost).
  const focusInLogin = $('signed-out').contains(document.activeElement);
  $('signed-out').hidden = !showLogin;
  $('signed-in').hidden = !session;
  showUser();
  if (!showLogin && session && focusInLogin) $('signed-in-title').focus();
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
