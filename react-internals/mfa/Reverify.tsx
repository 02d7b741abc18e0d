/**
 * Re-verification in place (issue 29, docs/reference/elements/auth-login.md#two-step-sign-in): a sensitive call
 * that answered `reverification_required` (403) prompts, where the action was, for one of the
 * session's user's factors (authenticator code, text message, passkey), authenticated with the
 * session token as any step-up is; then the action is retried. Widgets wrap their sensitive calls
 * with {@link useReverify}; the account element will too.
 */
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { AuthClient, User } from '../../sdk-core/index.ts';
import { isApiError } from '../../sdk-core/index.ts';
import { OTP_LENGTH } from '../../sdk-core/schemas/defaults.ts';
import { Button } from '../components/Button.tsx';
import { useChunkStyles } from '../components/chunk-styles.ts';
import { CodeInput } from '../components/CodeInput.tsx';
import { useWidget } from '../context.ts';
import type { StringKey } from '../strings.ts';
import { text } from '../text.ts';
import { MFA_RULES } from './styles.ts';

/** The factors the prompt can ask in place (a session step-up each). */
export type ReverifyFactorKind = 'totp' | 'sms_otp' | 'webauthn';
const PROMPTABLE: readonly ReverifyFactorKind[] = ['totp', 'sms_otp', 'webauthn'];

/** The factors of `user` the prompt can ask in place: a verified TOTP, a verified phone, a passkey. */
export function promptableFactors(user: User | null): ReverifyFactorKind[] {
  if (!user) return [];
  const has: Record<ReverifyFactorKind, boolean> = {
    totp: user.totps.some((t) => t['verified'] === true),
    sms_otp: user.phone_numbers.some((p) => p.verified),
    webauthn: user.webauthn_registrations.length > 0,
  };
  return PROMPTABLE.filter((f) => has[f]);
}

/** True when `e` is the server's "verify again first" answer. */
export const isReverificationRequired = (e: unknown): boolean => isApiError(e, 'reverification_required');

interface Pending {
  factors: readonly ReverifyFactorKind[];
  done(): void;
  cancel(): void;
}

/** What {@link useReverify} gives a widget: the guard around a sensitive call, and the prompt to render while one waits. */
export interface Reverification {
  /**
   * Runs `action`; when it answers `reverification_required`, shows the prompt and, once the user
   * verified, runs it again. Rejects with the first error when the user cancels (or no factor can be
   * asked in place), and with any other error as it comes.
   */
  guard<T>(action: () => Promise<T>): Promise<T>;
  /** The prompt, or null: render it where the action's control is. */
  prompt: ReactNode;
}

/** The re-verification guard and its prompt for a widget's sensitive calls. */
export function useReverify(): Reverification {
  const { client } = useWidget();
  const [pending, setPending] = useState<Pending | null>(null);
  const guard = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T> => {
      try {
        return await action();
      } catch (first) {
        if (!isReverificationRequired(first)) throw first;
        // The server's answer is the verdict (the page's clock may differ from its): ask for a factor the user has.
        const factors = promptableFactors(client.user.getSync() ?? (await client.user.get().catch(() => null)));
        if (factors.length === 0) throw first;
        await new Promise<void>((resolve, reject) => {
          setPending({
            factors,
            done: () => {
              setPending(null);
              resolve();
            },
            cancel: () => {
              setPending(null);
              reject(first);
            },
          });
        });
        return action();
      }
    },
    [client],
  );
  return { guard, prompt: pending ? <ReverifyPrompt key="reverify" factors={pending.factors} onDone={pending.done} onCancel={pending.cancel} /> : null };
}

const LABELS: Readonly<Record<ReverifyFactorKind, StringKey>> = { totp: 'mfa.useTotp', sms_otp: 'mfa.useSmsNoHint', webauthn: 'mfa.usePasskey' };

/** The prompt: the factors to pick from (when several), then the chosen one's step; Cancel gives up. */
export function ReverifyPrompt(props: { factors: readonly ReverifyFactorKind[]; onDone(): void; onCancel(): void }) {
  const { strings } = useWidget();
  const [factor, setFactor] = useState<ReverifyFactorKind | null>(props.factors.length === 1 ? (props.factors[0] ?? null) : null);
  const ref = useRef<HTMLElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useChunkStyles(ref, MFA_RULES);
  // The prompt appears in place of nothing the user pressed: focus its title so it is read first.
  useEffect(() => titleRef.current?.focus(), []);
  return (
    <section ref={ref} className="ae-form" aria-labelledby={titleId} data-reverify="">
      <h2 ref={titleRef} id={titleId} className="ae-label" part="label" tabIndex={-1}>
        {strings['reverify.title']}
      </h2>
      <p className="ae-text" part="text">
        {strings['reverify.text']}
      </p>
      {factor === null ? (
        <ul className="ae-mfa-factors">
          {props.factors.map((f) => (
            <li key={f}>
              <Button variant="secondary" part="button secondary-button mfa-factor-button" data-factor={f} onClick={() => setFactor(f)}>
                {strings[LABELS[f]]}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <ReverifyStep factor={factor} onDone={props.onDone} />
      )}
      <button type="button" className="ae-link" part="button link-button" data-reverify-cancel="" onClick={props.onCancel}>
        {strings['reverify.cancel']}
      </button>
    </section>
  );
}

/** The verified phone the text message goes to, if the user has one. */
function verifiedPhone(client: AuthClient): string | null {
  return client.user.getSync()?.phone_numbers.find((p) => p.verified)?.phone_number ?? null;
}

/** One factor's step on the session: a code (TOTP, or a texted passcode after Send code) or the passkey prompt. */
function ReverifyStep({ factor, onDone }: { factor: ReverifyFactorKind; onDone(): void }) {
  const { client, config, strings, emit, reportError } = useWidget();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [methodId, setMethodId] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const minutes = config.sessionDurationMinutes;
  const run = async (call: () => Promise<unknown>, finishing: boolean) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await call();
      setBusy(false);
      if (finishing) {
        emit({ type: 'MFA_REVERIFY', data: { factor } });
        onDone();
      }
    } catch (err) {
      setError(reportError(err));
      setCode('');
      setBusy(false);
    }
  };
  const submitCode = (value: string) => {
    if (value.length !== OTP_LENGTH) {
      setError(strings['errorType.invalid_code']);
      return;
    }
    void run(
      () =>
        factor === 'totp'
          ? client.totps.authenticate({ totp_code: value, session_duration_minutes: minutes })
          : client.otps.authenticate(value, methodId ?? '', { session_duration_minutes: minutes }),
      true,
    );
  };
  if (factor === 'webauthn') {
    return (
      <>
        <Button
          busy={busy}
          part="button primary-button mfa-passkey-button"
          onClick={() => void run(() => client.webauthn.authenticate({ session_duration_minutes: minutes }), true)}
        >
          {strings['mfa.passkeyButton']}
        </Button>
        <div className="ae-error" part="error" role="alert">
          {error}
        </div>
      </>
    );
  }
  const phone = verifiedPhone(client);
  if (factor === 'sms_otp' && methodId === null) {
    return (
      <>
        <p className="ae-text" part="text">
          {text(strings, 'mfa.smsWillSend', { phone: phone ?? strings['mfa.smsYourPhone'] })}
        </p>
        <Button
          busy={busy}
          part="button primary-button send-code-button"
          onClick={() =>
            void run(async () => {
              const resp = await client.otps.sms.send(phone ?? '');
              setMethodId(resp.method_id ?? '');
            }, false)
          }
        >
          {strings['mfa.smsSend']}
        </Button>
        <div className="ae-error" part="error" role="alert">
          {error}
        </div>
      </>
    );
  }
  return (
    <CodeInput
      name={factor === 'totp' ? 'totp_code' : 'sms_code'}
      part="input code-input"
      value={code}
      onChange={(d) => {
        setCode(d);
        if (error) setError(null);
      }}
      onSubmit={submitCode}
      label={strings['mfa.codeLabel']}
      hint={text(strings, 'mfa.autoSubmitHint', { length: String(OTP_LENGTH) })}
      error={error}
      submitting={busy}
      verifying={strings['mfa.verifying']}
      inputRef={inputRef}
    />
  );
}
