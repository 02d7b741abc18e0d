/**
 * The profile's security sections (docs/reference/elements/user-profile.md#sections): the password (set or
 * change, with the password method's strength meter and breach check), passkeys (list with last use,
 * rename, add, remove) and the authenticator app (enrol with QR code and key, remove, new recovery codes
 * shown once). Removals and the password change are sensitive: a stale session verifies again in place
 * (the two-step method's prompt), then the change is retried.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { isWebAuthnAbort } from '../../sdk-core/helpers.ts';
import type { User } from '../../sdk-core/index.ts';
import { Button } from '../components/Button.tsx';
import { useChunkStyles } from '../components/chunk-styles.ts';
import { useWidget } from '../context.ts';
import { useReverify } from '../mfa/index.ts';
import { loadPasswordField } from '../passwords/index.ts';
import { localeOf, text } from '../text.ts';
import { cssValue, isLastMethod, relativeTime, Section, useFocusAfter, useSectionStatus, useUser, ConfirmRemove, SubmitOrCancel } from './common.tsx';

type PasswordField = Awaited<ReturnType<typeof loadPasswordField>>;

/** The password section: 'Set a password' or 'Change password', the new password checked as it is typed. */
export function PasswordSection() {
  const { client, strings } = useWidget();
  const user = useUser(client);
  const [field, setField] = useState<PasswordField | null>(null);
  const [open, setOpen] = useState(false);
  const status = useSectionStatus('password');
  const { root, focus } = useFocusAfter();
  useEffect(() => {
    let live = true;
    void loadPasswordField().then((m) => live && setField(m));
    return () => {
      live = false;
    };
  }, []);
  if (!user) return null;
  const has = user.password !== null;
  return (
    <div ref={root}>
      <Section name="password">
        <p className="ae-helper" part="helper">
          {strings[has ? 'profile.passwordExists' : 'profile.passwordNone']}
        </p>
        {open && field ? (
          <NewPassword
            field={field}
            email={user.emails[0]?.email}
            onDone={(saved) => {
              setOpen(false);
              if (saved) status.ok(strings['profile.passwordSaved']);
              focus('[data-password-open]');
            }}
            onError={(e) => status.fail(strings[has ? 'profile.passwordChange' : 'profile.passwordSet'], e)}
          />
        ) : (
          <Button
            variant="secondary"
            data-password-open=""
            disabled={!field}
            onClick={() => {
              status.clear();
              setOpen(true);
              focus('input[name="password"]');
            }}
          >
            {strings[has ? 'profile.passwordChange' : 'profile.passwordSet']}
          </Button>
        )}
        {status.node}
      </Section>
    </div>
  );
}

/** The new-password form: Save waits for the server's strength check to accept the password. */
function NewPassword({
  field,
  email,
  onDone,
  onError,
}: {
  field: PasswordField;
  email: string | undefined;
  onDone(saved: boolean): void;
  onError(e: unknown): void;
}) {
  const { client, config, strings, emit } = useWidget();
  const { PasswordInput, StrengthFeedback, useStrengthCheck, PASSWORD_RULES } = field;
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const strength = useStrengthCheck(password, email);
  const reverification = useReverify();
  const inputId = useId();
  const feedbackId = useId();
  const { root } = useFocusAfter();
  useChunkStyles(root, PASSWORD_RULES);
  const canSave = password !== '' && strength.valid;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSave || busy) return;
    setBusy(true);
    try {
      await reverification.guard(() => client.passwords.resetBySession({ password, session_duration_minutes: config.sessionDurationMinutes }));
      await client.user.get();
      emit({ type: 'PROFILE_UPDATE', data: { section: 'password', change: 'password_set' } });
      onDone(true);
    } catch (err) {
      onError(err);
      setBusy(false);
    }
  };
  return (
    <div ref={root}>
      <form className="ae-profile-form" onSubmit={save} noValidate data-password-form="">
        <PasswordInput
          id={inputId}
          label={strings['profile.newPassword']}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          describedBy={feedbackId}
          invalid={strength.error !== null}
        />
        <StrengthFeedback id={feedbackId} result={strength.shown} />
        {reverification.prompt}
        <SubmitOrCancel
          label={strings['profile.save']}
          busy={busy}
          disabled={!busy && !canSave}
          submitData="data-password-save"
          onCancel={() => onDone(false)}
        />
      </form>
    </div>
  );
}

type PasskeyMode = { kind: 'idle' } | { kind: 'renaming'; id: string; draft: string } | { kind: 'removing'; id: string };

/** The passkeys section: each passkey with its name and last use; rename, remove, add. */
export function PasskeysSection() {
  const { client, config, strings, emit } = useWidget();
  const user = useUser(client);
  const status = useSectionStatus('passkeys');
  const { root, focus } = useFocusAfter();
  const reverification = useReverify();
  const [mode, setMode] = useState<PasskeyMode>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const reasonId = useId();
  if (!user) return null;
  const locale = localeOf(strings);
  const last = isLastMethod(user);
  const passkeys = user.webauthn_registrations;

  const add = async () => {
    if (busy) return;
    setBusy(true);
    status.clear();
    try {
      const r = await client.webauthn.register({ is_passkey: true, session_duration_minutes: config.sessionDurationMinutes });
      await client.user.get();
      emit({ type: 'PASSKEY_REGISTER', data: r });
      emit({ type: 'PROFILE_UPDATE', data: { section: 'passkeys', change: 'passkey_added' } });
      status.ok(strings['profile.passkeyAdded']);
      focus(`[data-passkey="${cssValue(r.webauthn_registration_id)}"] .ae-profile-name`);
    } catch (err) {
      if (!isWebAuthnAbort(err)) status.fail(strings['profile.passkeyAdd'], err);
    } finally {
      setBusy(false);
    }
  };

  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (mode.kind !== 'renaming' || busy) return;
    const name = mode.draft.trim();
    if (name === '') return;
    setBusy(true);
    try {
      await client.webauthn.update({ webauthn_registration_id: mode.id, name });
      await client.user.get();
      status.ok(strings['profile.saved']);
      emit({ type: 'PROFILE_UPDATE', data: { section: 'passkeys', change: 'passkey_renamed' } });
      setMode({ kind: 'idle' });
      focus(`[data-passkey="${cssValue(mode.id)}"] [data-rename]`);
    } catch (err) {
      status.fail(strings['profile.rename'], err);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: string, name: string) => {
    setBusy(true);
    try {
      await reverification.guard(() => client.webauthn.deleteRegistration(id));
      await client.user.get();
      setMode({ kind: 'idle' });
      status.ok(text(strings, 'profile.removed', { name }));
      emit({ type: 'PROFILE_UPDATE', data: { section: 'passkeys', change: 'passkey_removed' } });
      focus('[data-passkey-add]');
    } catch (err) {
      status.fail(text(strings, 'profile.removeLabel', { name }), err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div ref={root}>
      <Section name="passkeys">
        {passkeys.length === 0 ? (
          <p className="ae-helper" part="helper">
            {strings['profile.none']}
          </p>
        ) : (
          <ul className="ae-profile-list">
            {passkeys.map((p) => {
              const id = p.webauthn_registration_id;
              const lastUsed = typeof p['last_used_at'] === 'string' && p['last_used_at'] ? p['last_used_at'] : null;
              if (mode.kind === 'renaming' && mode.id === id) {
                return (
                  <li key={id} className="ae-profile-item" data-passkey={id}>
                    <form className="ae-profile-form" onSubmit={rename}>
                      <label className="ae-label" part="label" htmlFor={inputId}>
                        {strings['profile.passkeyName']}
                      </label>
                      <input
                        id={inputId}
                        name="passkey_name"
                        className="ae-input"
                        part="input"
                        maxLength={200}
                        required
                        value={mode.draft}
                        onChange={(e) => setMode({ ...mode, draft: e.target.value })}
                        onKeyDown={(e) => {
                          if (e.key === 'Escape') {
                            e.preventDefault();
                            setMode({ kind: 'idle' });
                            focus(`[data-passkey="${cssValue(id)}"] [data-rename]`);
                          }
                        }}
                      />
                      <SubmitOrCancel
                        label={strings['profile.save']}
                        busy={busy}
                        submitData="data-rename-save"
                        onCancel={() => {
                          setMode({ kind: 'idle' });
                          focus(`[data-passkey="${cssValue(id)}"] [data-rename]`);
                        }}
                      />
                    </form>
                  </li>
                );
              }
              const removing = mode.kind === 'removing' && mode.id === id;
              return (
                <li key={id} className="ae-profile-item" data-passkey={id} data-pending={removing ? '' : undefined}>
                  <div className="ae-profile-what">
                    <span className="ae-profile-name" tabIndex={-1}>
                      {p.name}
                    </span>
                    <span className="ae-helper" part="helper" data-last-used="">
                      {lastUsed ? text(strings, 'profile.lastUsed', { time: relativeTime(locale, lastUsed) }) : strings['profile.neverUsed']}
                    </span>
                  </div>
                  {removing ? (
                    <ConfirmRemove
                      name={p.name}
                      busy={busy}
                      onConfirm={() => remove(id, p.name)}
                      onCancel={() => {
                        setMode({ kind: 'idle' });
                        focus(`[data-passkey="${cssValue(id)}"] [data-remove]`);
                      }}
                    />
                  ) : (
                    <div className="ae-profile-actions">
                      <button
                        type="button"
                        className="ae-link"
                        part="button link-button"
                        data-rename=""
                        aria-label={text(strings, 'profile.renameLabel', { name: p.name })}
                        disabled={mode.kind !== 'idle'}
                        onClick={() => {
                          status.clear();
                          setMode({ kind: 'renaming', id, draft: p.name });
                          focus('input[name="passkey_name"]');
                        }}
                      >
                        {strings['profile.rename']}
                      </button>
                      <button
                        type="button"
                        className="ae-link"
                        part="button link-button"
                        data-remove=""
                        aria-label={text(strings, 'profile.removeLabel', { name: p.name })}
                        aria-describedby={last ? reasonId : undefined}
                        disabled={mode.kind !== 'idle' || last}
                        onClick={() => {
                          status.clear();
                          setMode({ kind: 'removing', id });
                          focus(`[data-passkey="${cssValue(id)}"] [data-remove-cancel]`);
                        }}
                      >
                        {strings['profile.remove']}
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {last && passkeys.length > 0 && (
          <p className="ae-helper" part="helper" id={reasonId} data-last-method="">
            {strings['profile.lastMethod']}
          </p>
        )}
        {reverification.prompt}
        <Button variant="secondary" busy={busy && mode.kind === 'idle'} data-passkey-add="" onClick={add}>
          {strings['profile.passkeyAdd']}
        </Button>
        {status.node}
      </Section>
    </div>
  );
}

type TotpStep =
  | { kind: 'idle' }
  | { kind: 'enrolling'; secret: string; qr: string; codes: string[]; code: string }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'removing'; id: string };

/** The user's verified authenticator app, if any. */
const verifiedTotp = (user: User): string | null => {
  const t = user.totps.find((x) => x['verified'] === true);
  return t && typeof t['totp_id'] === 'string' ? t['totp_id'] : null;
};

/** The authenticator app section: enrol (QR code, key, first code), remove, new recovery codes. */
export function AuthenticatorSection() {
  const { client, config, strings, emit } = useWidget();
  const user = useUser(client);
  const status = useSectionStatus('authenticatorApp');
  const { root, focus } = useFocusAfter();
  const reverification = useReverify();
  const [step, setStep] = useState<TotpStep>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const codeId = useId();
  if (!user) return null;
  const totpId = verifiedTotp(user);

  const start = async () => {
    setBusy(true);
    status.clear();
    try {
      const r = await client.totps.create({ expiration_minutes: 30 });
      setStep({ kind: 'enrolling', secret: r.secret, qr: r.qr_code, codes: r.recovery_codes, code: '' });
      focus('input[name="totp_code"]');
    } catch (err) {
      status.fail(strings['profile.totpSetUp'], err);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (step.kind !== 'enrolling' || busy) return;
    setBusy(true);
    try {
      await client.totps.authenticate({ totp_code: step.code.trim(), session_duration_minutes: config.sessionDurationMinutes });
      await client.user.get();
      emit({ type: 'PROFILE_UPDATE', data: { section: 'authenticatorApp', change: 'totp_added' } });
      status.ok(strings['profile.totpAdded']);
      setStep({ kind: 'codes', codes: step.codes });
      focus('[data-recovery-codes] .ae-profile-title, [data-recovery-codes] h3');
    } catch (err) {
      status.fail(strings['profile.totpConfirm'], err);
    } finally {
      setBusy(false);
    }
  };

  const regenerate = async () => {
    setBusy(true);
    status.clear();
    try {
      const r = await reverification.guard(() => client.totps.rotateRecoveryCodes());
      setStep({ kind: 'codes', codes: r.recovery_codes });
      emit({ type: 'PROFILE_UPDATE', data: { section: 'authenticatorApp', change: 'recovery_codes_rotated' } });
      focus('[data-recovery-codes] [data-codes-title]');
    } catch (err) {
      status.fail(strings['profile.recoveryRegenerate'], err);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: string) => {
    setBusy(true);
    try {
      await reverification.guard(() => client.user.deleteFactor('totp', id));
      await client.user.get();
      setStep({ kind: 'idle' });
      status.ok(text(strings, 'profile.removed', { name: strings['profile.totpName'] }));
      emit({ type: 'PROFILE_UPDATE', data: { section: 'authenticatorApp', change: 'totp_removed' } });
      focus('[data-totp-start]');
    } catch (err) {
      status.fail(strings['profile.totpRemove'], err);
    } finally {
      setBusy(false);
    }
  };

  let body: React.ReactNode;
  if (step.kind === 'enrolling') {
    body = (
      <form className="ae-profile-form" onSubmit={confirm} data-totp-enrol="">
        <p className="ae-text" part="text">
          {strings['profile.totpScan']}
        </p>
        <img className="ae-profile-qr" src={step.qr} alt={strings['profile.totpQr']} width={180} height={180} />
        <p className="ae-profile-what">
          <span className="ae-label" part="label">
            {strings['profile.totpKey']}
          </span>{' '}
          <code className="ae-profile-code" data-totp-secret="">
            {step.secret}
          </code>
        </p>
        <label className="ae-label" part="label" htmlFor={codeId}>
          {strings['profile.totpCode']}
        </label>
        <input
          id={codeId}
          name="totp_code"
          className="ae-input"
          part="input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          dir="ltr"
          value={step.code}
          onChange={(e) => setStep({ ...step, code: e.target.value.replace(/\D/g, '') })}
        />
        <SubmitOrCancel
          label={strings['profile.totpConfirm']}
          busy={busy}
          submitData="data-totp-confirm"
          onCancel={() => {
            setStep({ kind: 'idle' });
            focus('[data-totp-start]');
          }}
        />
      </form>
    );
  } else if (step.kind === 'codes') {
    body = (
      <RecoveryCodes
        codes={step.codes}
        onDone={() => {
          setStep({ kind: 'idle' });
          focus('[data-recovery-regenerate]');
        }}
      />
    );
  } else if (totpId) {
    const removing = step.kind === 'removing';
    body = (
      <>
        <p className="ae-text" part="text" data-totp-on="">
          {strings['profile.totpOn']}
        </p>
        {removing ? (
          <ConfirmRemove
            name={strings['profile.totpName']}
            busy={busy}
            onConfirm={() => remove(totpId)}
            onCancel={() => {
              setStep({ kind: 'idle' });
              focus('[data-totp-remove]');
            }}
          />
        ) : (
          <div className="ae-profile-actions">
            <Button variant="secondary" busy={busy} data-recovery-regenerate="" onClick={regenerate}>
              {strings['profile.recoveryRegenerate']}
            </Button>
            <button
              type="button"
              className="ae-link"
              part="button link-button"
              data-totp-remove=""
              onClick={() => {
                status.clear();
                setStep({ kind: 'removing', id: totpId });
                focus('[data-remove-cancel]');
              }}
            >
              {strings['profile.totpRemove']}
            </button>
          </div>
        )}
      </>
    );
  } else {
    body = (
      <>
        <p className="ae-helper" part="helper">
          {strings['profile.totpNone']}
        </p>
        <Button variant="secondary" busy={busy} data-totp-start="" onClick={start}>
          {strings['profile.totpSetUp']}
        </Button>
      </>
    );
  }

  return (
    <div ref={root}>
      <Section name="authenticatorApp">
        {body}
        {reverification.prompt}
        {status.node}
      </Section>
    </div>
  );
}

/** Recovery codes, shown once: Copy, Download, and 'I saved my codes'. */
function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone(): void }) {
  const { strings } = useWidget();
  const [copied, setCopied] = useState(false);
  const titleId = useId();
  const all = codes.join('\n');
  return (
    <section className="ae-profile-form" data-recovery-codes="" aria-labelledby={titleId}>
      <span className="ae-label" part="label" id={titleId} tabIndex={-1} data-codes-title="">
        {strings['profile.recoveryTitle']}
      </span>
      <p className="ae-text" part="text">
        {strings['profile.recoveryText']}
      </p>
      <ul className="ae-profile-codes" data-codes="">
        {codes.map((c) => (
          <li key={c} className="ae-profile-code">
            {c}
          </li>
        ))}
      </ul>
      <div className="ae-profile-actions">
        <button
          type="button"
          className="ae-link"
          part="button link-button"
          data-codes-copy=""
          onClick={() => {
            void navigator.clipboard?.writeText(all).then(() => setCopied(true));
          }}
        >
          {strings['profile.copy']}
        </button>
        <a className="ae-link" part="button link-button" href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${all}\n`)}`} download="recovery-codes.txt">
          {strings['profile.download']}
        </a>
        <span className="ae-profile-ok" role="status">
          {copied ? strings['profile.copied'] : ''}
        </span>
      </div>
      <Button data-codes-done="" onClick={onDone}>
        {strings['profile.recoveryDone']}
      </Button>
    </section>
  );
}
