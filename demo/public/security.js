// The security page: a signed-in visitor enrols an authenticator app through client.totps (create shows
// the QR code and the key, authenticate confirms with the first code and steps the session up), then
// sees the recovery codes (client.totps.recoveryCodes).
import { $, client, log } from '/shared.js';

let pending = null;

const show = (id, visible) => {
  $(id).hidden = !visible;
};

function listCodes(codes) {
  const list = $('recovery-codes');
  list.replaceChildren(
    ...codes.map((code) => {
      const li = document.createElement('li');
      const c = document.createElement('code');
      c.textContent = code;
      li.append(c);
      return li;
    }),
  );
  show('recovery', codes.length > 0);
}

async function render() {
  const session = client.session.getSync();
  show('signed-out', !session);
  show('totp-status', Boolean(session));
  if (!session) {
    show('totp-enrolment', false);
    show('recovery', false);
    return;
  }
  const user = client.user.getSync() ?? (await client.user.get());
  const verified = (user?.totps ?? []).some((t) => t.verified);
  $('totp-state').textContent = verified ? 'An authenticator app is set up for your account.' : 'No authenticator app yet.';
  show('totp-enrol', !verified && !pending);
  const passed = session.authentication_factors.some((f) => f.type === 'totp' || f.type === 'recovery_codes');
  if (verified && passed) {
    const { totps } = await client.totps.recoveryCodes();
    listCodes(totps.find((t) => t.verified)?.recovery_codes ?? []);
  }
}

$('totp-enrol').addEventListener('click', async () => {
  try {
    pending = await client.totps.create({ expiration_minutes: 30 });
    $('totp-qr').src = pending.qr_code;
    $('totp-secret').textContent = pending.secret;
    show('totp-enrol', false);
    show('totp-enrolment', true);
    listCodes(pending.recovery_codes);
    log('totps.create: scan the QR code');
    $('totp-code').focus();
  } catch (e) {
    log(`totps.create failed: ${e.message}`);
    $('totp-state').textContent = `Could not start: ${e.message}`;
  }
});

$('totp-confirm').addEventListener('submit', async (e) => {
  e.preventDefault();
  $('totp-error').textContent = '';
  try {
    await client.totps.authenticate({ totp_code: $('totp-code').value.trim(), session_duration_minutes: 60 });
    pending = null;
    show('totp-enrolment', false);
    log('totps.authenticate: authenticator app confirmed');
    await client.user.get();
    await render();
    $('recovery-title').focus();
  } catch (err) {
    $('totp-error').textContent =
      err.error_type === 'invalid_totp_code' ? 'Enter the 6 digits the app shows.' : 'That code did not work. Enter the current code from the app.';
    log(`totps.authenticate failed: ${err.message}`);
  }
});

$('recovery-title').tabIndex = -1;
client.session.onChange(() => {
  render().catch((e) => log(`render failed: ${e.message}`));
});
render().catch((e) => log(`render failed: ${e.message}`));
