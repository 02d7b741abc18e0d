/**
 * The second-step screens (issue 29, docs/reference/elements/auth-login.md#two-step-sign-in): the chooser, the
 * authenticator code, the text message, the passkey prompt, the recovery code, and under the
 * `required` policy the enrolment and its recovery codes. One lazy chunk (./index.ts). Focus on
 * arrival is the shell's (LoginWidget.tsx): each screen's field or first button has data-autofocus.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { MfaFactorKind } from '../../sdk-core/index.ts';
import { isApiError, UsageError } from '../../sdk-core/index.ts';
import { OTP_LENGTH } from '../../sdk-core/schemas/defaults.ts';
import { Button } from '../components/Button.tsx';
import { useChunkStyles } from '../components/chunk-styles.ts';
import { CodeInput } from '../components/CodeInput.tsx';
import { Heading } from '../components/Heading.tsx';
import { useWidget } from '../context.ts';
import type { StringKey } from '../strings.ts';
import { text } from '../text.ts';
import { MFA_RULES } from './styles.ts';
import { pendingStep } from './pending.ts';

/** True when the error means the first factor's intermediate token is gone (spent, expired, unknown). */
export function isStepExpired(e: unknown): boolean {
  return isApiError(e, 'intermediate_session_not_found') || (e instanceof UsageError && e.field === 'intermediate_session_token');
}

/** "Trust this device for N days" when the project offers it (bootstrap `mfa.trust_device_days` > 0). */
function TrustDevice({ checked, onChange }: { checked: boolean; onChange(v: boolean): void }) {
  const { strings, bootstrap } = useWidget();
  const id = useId();
  const days = bootstrap?.mfa?.trust_device_days ?? 0;
  if (days <= 0) return null;
  return (
    <div className="ae-mfa-trust">
      <input id={id} type="checkbox" name="trust_device" part="trust-device-checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id} className="ae-text" part="label">
        {text(strings, 'mfa.trustDevice', { count: days })}
      </label>
    </div>
  );
}

/** The expired step: said, with the way back to the first screen. */
function Expired() {
  const { strings, dispatch } = useWidget();
  return (
    <div className="ae-form" data-mfa-expired="">
      <p className="ae-error" part="error" role="alert">
        {strings['mfa.expired']}
      </p>
      <Button data-autofocus="" onClick={() => dispatch({ type: 'back_to_main' })}>
        {strings['mfa.startAgain']}
      </Button>
    </div>
  );
}

/** 'Use another method' when the user has more than one second factor. */
function OtherMethod() {
  const { client, strings, dispatch } = useWidget();
  const step = pendingStep(client);
  if (!step || step.factors.length < 2) return null;
  return (
    <button type="button" className="ae-link" part="button link-button other-method-button" onClick={() => dispatch({ type: 'mfa_choose_other' })}>
      {strings['mfa.otherMethod']}
    </button>
  );
}

/** A screen's frame: the chunk's rules, the title, its text, and the expired state in place of the body. */
function Frame(props: { title: StringKey; intro?: string; expired: boolean; children?: React.ReactNode }) {
  const { strings } = useWidget();
  const ref = useRef<HTMLDivElement>(null);
  useChunkStyles(ref, MFA_RULES);
  return (
    <div ref={ref} className="ae-form" data-mfa-screen="">
      <Heading>{strings[props.title]}</Heading>
      {props.intro && (
        <p className="ae-text" part="text">
          {props.intro}
        </p>
      )}
      {props.expired ? <Expired /> : props.children}
    </div>
  );
}

/** What a finishing call needs: busy and error state, the trust checkbox, and the expired switch. */
function useFinish() {
  const { client, reportError } = useWidget();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(() => pendingStep(client) === null);
  const [trust, setTrust] = useState(false);
  const inFlight = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  /**
   * Runs `call` once at a time; on failure shows the error (or the expired state) and answers false.
   * A finishing call stays busy on success (the screen moves on); a send does not.
   */
  const run = async (call: () => Promise<void>, finishing = true): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setSubmitting(true);
    setError(null);
    try {
      await call();
      if (!finishing && mounted.current) setSubmitting(false);
      return true;
    } catch (err) {
      const message = reportError(err);
      if (mounted.current) {
        if (isStepExpired(err)) setExpired(true);
        else setError(message);
        setSubmitting(false);
      }
      return false;
    } finally {
      inFlight.current = false;
    }
  };
  return { submitting, error, setError, expired, trust, setTrust, run };
}

/**
 * The six-digit field of the TOTP, SMS and enrolment steps: typing clears the error, a short code is
 * refused before any call, and a refused code empties the field for the next try.
 */
function useStepCode(f: ReturnType<typeof useFinish>, verify: (code: string) => Promise<void>) {
  const { strings } = useWidget();
  const [code, setCode] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const submit = (value: string) => {
    if (value.length !== OTP_LENGTH) {
      f.setError(strings['errorType.invalid_code']);
      return;
    }
    void f.run(() => verify(value)).then((ok) => ok || setCode(''));
  };
  /** The field; `busy` overrides the submitting state (the SMS step is not verifying while it resends). */
  const field = (name: string, busy = f.submitting) => (
    <CodeInput
      name={name}
      part="input code-input"
      value={code}
      onChange={(d) => {
        setCode(d);
        if (f.error) f.setError(null);
      }}
      onSubmit={submit}
      label={strings['mfa.codeLabel']}
      hint={text(strings, 'mfa.autoSubmitHint', { length: String(OTP_LENGTH) })}
      error={f.error}
      submitting={busy}
      verifying={strings['mfa.verifying']}
      inputRef={inputRef}
    >
      <TrustDevice checked={f.trust} onChange={f.setTrust} />
    </CodeInput>
  );
  return field;
}

const FACTOR_LABELS: Readonly<Record<MfaFactorKind, StringKey>> = {
  totp: 'mfa.useTotp',
  sms_otp: 'mfa.useSms',
  webauthn: 'mfa.usePasskey',
  recovery_code: 'mfa.useRecoveryCode',
};

/** MFAChooser: one button per second factor the user has. */
export function MFAChooser() {
  const { client, strings, dispatch } = useWidget();
  const step = pendingStep(client);
  const labelId = useId();
  const label = (f: MfaFactorKind) =>
    f === 'sms_otp' && !step?.phone_number_hint ? strings['mfa.useSmsNoHint'] : text(strings, FACTOR_LABELS[f], { phone: step?.phone_number_hint ?? '' });
  return (
    <Frame title="mfa.chooserTitle" intro={strings['mfa.chooserText']} expired={!step}>
      <ul className="ae-mfa-factors" aria-labelledby={labelId}>
        <li className="ae-visually-hidden" id={labelId} aria-hidden="true">
          {strings['mfa.factorsLabel']}
        </li>
        {step?.factors.map((f, i) => (
          <li key={f}>
            <Button
              variant="secondary"
              part="button secondary-button mfa-factor-button"
              data-factor={f}
              data-autofocus={i === 0 ? '' : undefined}
              onClick={() => dispatch({ type: 'mfa_factor_chosen', factor: f })}
            >
              {label(f)}
            </Button>
          </li>
        ))}
      </ul>
    </Frame>
  );
}

/** MFATOTPAuthenticate: the authenticator app's six digits. */
export function MFATOTPAuthenticate() {
  const { client, config, strings, dispatch, emit } = useWidget();
  const f = useFinish();
  const field = useStepCode(f, async (value) => {
    const resp = await client.mfa.totp.authenticate({ totp_code: value, session_duration_minutes: config.sessionDurationMinutes, trust_device: f.trust });
    emit({ type: 'MFA_TOTP_AUTHENTICATE', data: resp });
    dispatch({ type: 'mfa_authenticated' });
  });
  return (
    <Frame title="mfa.totpTitle" intro={strings['mfa.totpText']} expired={f.expired}>
      {field('totp_code')}
      <OtherMethod />
    </Frame>
  );
}

/** MFASMSAuthenticate: send a passcode to the hinted phone, then its six digits, with resend. */
export function MFASMSAuthenticate() {
  const { client, config, strings, dispatch, emit, toast } = useWidget();
  const f = useFinish();
  const step = pendingStep(client);
  const phone = step?.phone_number_hint ?? strings['mfa.smsYourPhone'];
  const [methodId, setMethodId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async (resend: boolean) => {
    if (sending) return;
    setSending(true);
    const ok = await f.run(async () => {
      const resp = await client.mfa.sms.send();
      setMethodId(resp.method_id ?? '');
      emit({ type: 'MFA_SMS_SEND', data: { method_id: resp.method_id, phone_id: resp.phone_id, resend } });
    }, false);
    setSending(false);
    if (ok) {
      f.setError(null);
      if (resend) toast('success', strings['mfa.codeSent']);
    }
  };
  const sent = methodId !== null;
  const field = useStepCode(f, async (value) => {
    const resp = await client.mfa.sms.authenticate({
      method_id: methodId ?? '',
      code: value,
      session_duration_minutes: config.sessionDurationMinutes,
      trust_device: f.trust,
    });
    emit({ type: 'MFA_SMS_AUTHENTICATE', data: resp });
    dispatch({ type: 'mfa_authenticated' });
  });
  return (
    <Frame title="mfa.smsTitle" intro={text(strings, sent ? 'mfa.smsSent' : 'mfa.smsWillSend', { phone })} expired={f.expired}>
      {sent ? (
        <>
          {field('sms_code', f.submitting && !sending)}
          <button type="button" className="ae-link" part="button resend-button" aria-disabled={sending ? 'true' : undefined} onClick={() => void send(true)}>
            {strings['mfa.resend']}
          </button>
        </>
      ) : (
        <>
          <Button data-autofocus="" busy={sending} part="button primary-button send-code-button" onClick={() => void send(false)}>
            {strings['mfa.smsSend']}
          </Button>
          <div className="ae-error" part="error" role="alert">
            {f.error}
          </div>
        </>
      )}
      <OtherMethod />
    </Frame>
  );
}

/** MFAPasskey: the browser's passkey prompt for one of the user's passkeys. */
export function MFAPasskey() {
  const { client, config, strings, dispatch, emit } = useWidget();
  const f = useFinish();
  const request = useRef<AbortController | null>(null);
  useEffect(() => () => request.current?.abort(), []);
  const go = () =>
    void f.run(async () => {
      const ist = await client.mfa.intermediateToken();
      if (!ist) throw new UsageError('mfa.webauthn.authenticate', 'intermediate_session_token', 'is missing.');
      const controller = new AbortController();
      request.current = controller;
      try {
        const resp = await client.webauthn.authenticate({
          session_duration_minutes: config.sessionDurationMinutes,
          intermediate_session_token: ist,
          trust_device: f.trust,
          signal: controller.signal,
        });
        if (!resp) throw new Error('no passkey answer');
        emit({ type: 'MFA_WEBAUTHN_AUTHENTICATE', data: resp });
        dispatch({ type: 'mfa_authenticated' });
      } catch (e) {
        // A browser refusal (cancelled, timed out) reads as one plain sentence; the server's errors as theirs.
        if (isStepExpired(e) || isApiError(e)) throw e;
        throw new PasskeyFailed(strings['mfa.passkeyFailed'], e);
      }
    });
  return (
    <Frame title="mfa.passkeyTitle" intro={strings['mfa.passkeyText']} expired={f.expired}>
      <TrustDevice checked={f.trust} onChange={f.setTrust} />
      <Button data-autofocus="" busy={f.submitting} part="button primary-button mfa-passkey-button" onClick={go}>
        {strings['mfa.passkeyButton']}
      </Button>
      <div className="ae-error" part="error" role="alert">
        {f.error}
      </div>
      <OtherMethod />
    </Frame>
  );
}

/** A passkey prompt that did not give a credential: its message is the widget's own text. */
class PasskeyFailed extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'PasskeyFailed';
  }
}

/** MFARecoveryCode: one of the recovery codes saved at enrolment. */
export function MFARecoveryCode() {
  const { client, config, strings, dispatch, emit } = useWidget();
  const f = useFinish();
  const [code, setCode] = useState('');
  const inputId = useId();
  const errorId = useId();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) {
      f.setError(strings['mfa.recoveryInvalid']);
      return;
    }
    void f.run(async () => {
      const resp = await client.mfa.recover({ recovery_code: value, session_duration_minutes: config.sessionDurationMinutes, trust_device: f.trust });
      emit({ type: 'MFA_RECOVERY_CODE', data: resp });
      dispatch({ type: 'mfa_authenticated' });
    });
  };
  return (
    <Frame title="mfa.recoveryTitle" intro={strings['mfa.recoveryText']} expired={f.expired}>
      <form className="ae-form" onSubmit={onSubmit} noValidate>
        <label className="ae-label" part="label" htmlFor={inputId}>
          {strings['mfa.recoveryLabel']}
        </label>
        <input
          id={inputId}
          className="ae-input"
          part="input recovery-code-input"
          type="text"
          name="recovery_code"
          dir="ltr"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={code}
          readOnly={f.submitting}
          aria-invalid={f.error ? 'true' : undefined}
          aria-describedby={f.error ? errorId : undefined}
          data-autofocus=""
          onChange={(e) => {
            setCode(e.target.value);
            if (f.error) f.setError(null);
          }}
        />
        <div id={errorId} className="ae-error" part="error field-error" role="alert">
          {f.error}
        </div>
        <TrustDevice checked={f.trust} onChange={f.setTrust} />
        <Button type="submit" busy={f.submitting}>
          {strings['button.continue']}
        </Button>
      </form>
      <OtherMethod />
    </Frame>
  );
}

/** The enrolment's TOTP, created once per pending step (StrictMode and remounts share it). */
type Enrolment = { totp_id: string; qr_code: string; secret: string; recovery_codes: string[] };

/** MFAEnrolTOTP: the QR code and manual key of a new TOTP, then its first code. */
export function MFAEnrolTOTP() {
  const { client, config, strings, dispatch, emit, memo, reportError } = useWidget();
  const f = useFinish();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const keyId = useId();
  // No intermediate token (spent, expired, or a reload): nothing to enrol for; the frame offers to start again.
  const [noToken, setNoToken] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount; memo shares the call per intermediate token.
  useEffect(() => {
    let live = true;
    client.mfa
      .intermediateToken()
      .then((ist) => {
        if (ist) return memo(`mfa.enrol:${ist}`, () => client.mfa.enrol.totp());
        if (live) setNoToken(true);
        return null;
      })
      .then(
        (resp) => live && resp && setEnrolment(resp),
        (err: unknown) => {
          const message = reportError(err);
          if (live) f.setError(message);
        },
      );
    return () => {
      live = false;
    };
  }, []);
  const field = useStepCode(f, async (value) => {
    if (!enrolment) return;
    const resp = await client.mfa.totp.authenticate({ totp_code: value, session_duration_minutes: config.sessionDurationMinutes, trust_device: f.trust });
    emit({ type: 'MFA_ENROL_TOTP', data: { totp_id: enrolment.totp_id } });
    emit({ type: 'MFA_TOTP_AUTHENTICATE', data: resp });
    dispatch({ type: 'mfa_enrolled', recoveryCodes: enrolment.recovery_codes });
  });
  return (
    <Frame title="mfa.enrolTitle" intro={strings['mfa.enrolText']} expired={f.expired || noToken}>
      {enrolment ? (
        <>
          <img className="ae-mfa-qr" part="qr-code" src={enrolment.qr_code} alt={strings['mfa.qrAlt']} width={200} height={200} />
          <p className="ae-helper" part="helper" id={keyId}>
            {strings['mfa.manualKey']}
          </p>
          <code className="ae-mfa-key" part="manual-key" dir="ltr">
            {enrolment.secret}
          </code>
          {field('totp_code')}
        </>
      ) : f.error ? (
        <p className="ae-error" part="error" role="alert">
          {f.error}
        </p>
      ) : (
        <p className="ae-loading" aria-busy="true">
          {strings['mfa.loading']}
        </p>
      )}
    </Frame>
  );
}

/** MFARecoveryCodes: the new TOTP's recovery codes, to copy or download, then Continue. */
export function MFARecoveryCodes() {
  const { state, strings, dispatch, toast } = useWidget();
  const codes = state.mfaState.recoveryCodes;
  const listId = useId();
  const all = codes.join('\n');
  const copy = () => {
    void navigator.clipboard?.writeText(all).then(
      () => toast('success', strings['mfa.copied']),
      () => undefined,
    );
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${all}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <Frame title="mfa.recoveryCodesTitle" intro={strings['mfa.recoveryCodesText']} expired={false}>
      <p className="ae-label" id={listId}>
        {strings['mfa.recoveryCodesLabel']}
      </p>
      <ul className="ae-mfa-codes" part="recovery-codes" aria-labelledby={listId} dir="ltr">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="ae-mfa-actions">
        <Button variant="secondary" part="button secondary-button copy-codes-button" onClick={copy}>
          {strings['mfa.copyCodes']}
        </Button>
        <Button variant="secondary" part="button secondary-button download-codes-button" onClick={download}>
          {strings['mfa.downloadCodes']}
        </Button>
      </div>
      {/* No autofocus: the title takes focus, so the codes are read before Continue. */}
      <Button onClick={() => dispatch({ type: 'mfa_authenticated' })}>{strings['button.continue']}</Button>
    </Frame>
  );
}
