/**
 * Password strength (docs/reference/methods/passwords.md#validation): checked on each change, and the feedback of the policy the server
 * applied: zxcvbn's 4-segment bar with warning and suggestions, LUDS requirements with the
 * bootstrap's counts, the breached message; policy none shows nothing.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { BootstrapData, StrengthCheckResult } from '../../sdk-core/index.ts';
import { useWidget } from '../context.ts';
import { text } from '../text.ts';
import { feedbackId } from './feedback.ts';

/** What {@link useStrengthCheck} reports. */
export interface StrengthState {
  /** The newest answer, possibly for an earlier value (shown while the next check runs). */
  shown: StrengthCheckResult | null;
  /** True only when the answer for the current value says valid_password. */
  valid: boolean;
  /** Text of the last failed check, if the newest one failed. */
  error: string | null;
}

/** Checks `password` (with `email` on create) on each change; stale answers are dropped. */
export function useStrengthCheck(password: string, email: string | undefined): StrengthState {
  const { client, reportError } = useWidget();
  const [answer, setAnswer] = useState<{ password: string; result: StrengthCheckResult } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  useEffect(() => {
    const n = ++latest.current;
    setError(null);
    if (password === '') {
      setAnswer(null);
      return;
    }
    client.passwords.strengthCheck(email ? { email, password } : { password }).then(
      (result) => {
        if (n === latest.current) setAnswer({ password, result });
      },
      (err: unknown) => {
        const message = reportError(err);
        if (n === latest.current) setError(message);
      },
    );
  }, [client, reportError, password, email]);
  // Unmounting must not let a late answer set state.
  useEffect(
    () => () => {
      latest.current++;
    },
    [],
  );
  const current = answer && answer.password === password ? answer.result : null;
  return { shown: password === '' ? null : (answer?.result ?? null), valid: current?.valid_password === true, error };
}

/** How many of the 4 segments are filled, and in which colour (docs/reference/methods/passwords.md#validation). */
export function meterFill(score: number): { count: number; color: 'red' | 'green' } {
  if (score >= 4) return { count: 4, color: 'green' };
  if (score === 3) return { count: 3, color: 'green' };
  if (score === 2) return { count: 2, color: 'red' };
  return { count: 1, color: 'red' };
}

/** The LUDS numbers of the bootstrap (docs/reference/config.md#widget-config password config), or the server's defaults. */
function ludsCounts(bootstrap: BootstrapData | null): { minimum: number; complexity: number } {
  const cfg = bootstrap?.password_config;
  return { minimum: cfg?.luds_minimum_count ?? 8, complexity: cfg?.luds_complexity ?? 3 };
}

/** The feedback block; `id` lets the input point at it with aria-describedby. */
export function StrengthFeedback(props: { id: string; result: StrengthCheckResult | null }) {
  const { strings, bootstrap } = useWidget();
  const { result } = props;
  // LUDS rules are listed before the first answer (the bootstrap says the policy); zxcvbn has nothing to show yet.
  const policy = result?.strength_policy ?? (bootstrap?.password_config ? 'luds' : null);
  const breached = result?.breached_password === true && policy !== 'none';
  let body: ReactNode = null;
  if (policy === 'zxcvbn' && result) {
    const { count, color } = meterFill(result.score);
    const score = Math.max(0, Math.min(4, Math.round(result.score))) as 0 | 1 | 2 | 3 | 4;
    body = (
      <>
        {/* The bar is drawn with spans; a native meter (visually hidden) tells assistive technology. */}
        <meter
          className="ae-visually-hidden"
          min={0}
          max={4}
          value={score}
          aria-label={strings['password.strength']}
          aria-valuetext={strings[`password.score${score}`]}
        />
        <div className="ae-pw-meter" part="strength-meter" data-score={score} aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <span key={i} data-fill={i < count ? color : undefined} />
          ))}
        </div>
        {result.feedback.warning && (
          <p className="ae-helper" part="helper" data-warning="">
            <FeedbackSentence sentence={result.feedback.warning} />
          </p>
        )}
        {result.feedback.suggestions.length > 0 && (
          <ul className="ae-pw-list" data-suggestions="">
            {result.feedback.suggestions.map((s) => (
              <li key={s}>
                <FeedbackSentence sentence={s} />
              </li>
            ))}
          </ul>
        )}
      </>
    );
  } else if (policy === 'luds') {
    const { minimum, complexity } = ludsCounts(bootstrap);
    const luds = result?.feedback.luds_requirements;
    const lengthMet = luds ? luds.missing_characters === 0 : undefined;
    const complexityMet = luds ? luds.missing_complexity === 0 : undefined;
    body = (
      <ul className="ae-pw-list" data-luds="">
        <Requirement met={lengthMet} label={text(strings, 'password.ludsLength', { count: minimum })} />
        <Requirement met={complexityMet} label={text(strings, 'password.ludsComplexity', { count: complexity })} />
      </ul>
    );
  }
  return (
    <div id={props.id} className="ae-pw-feedback" aria-live="polite">
      {body}
      {breached && (
        <p className="ae-error" part="error" data-breached="">
          {strings['password.breached']}
        </p>
      )}
      {/* The block is a live region: the moment the password becomes acceptable is said in words, not only by the bar. */}
      {result?.valid_password === true && policy !== 'none' && (
        <span className="ae-visually-hidden" data-acceptable="">
          {strings['password.acceptable']}
        </span>
      )}
    </div>
  );
}

/**
 * One zxcvbn sentence in the widget's language (feedback.ts): its text inherits the root's `lang` and
 * `dir`, so an Arabic sentence ends with its full stop on the left. A sentence the table does not know
 * stays English and says so (`lang="en"`, isolated left to right).
 */
function FeedbackSentence({ sentence }: { sentence: string }) {
  const { strings } = useWidget();
  const id = feedbackId(sentence);
  if (id) return <>{text(strings, id.key, id.vars)}</>;
  return (
    <span lang="en" dir="ltr" data-untranslated="">
      {sentence}
    </span>
  );
}

/** One LUDS rule; before the first answer it is neither met nor unmet. */
function Requirement(props: { met: boolean | undefined; label: string }) {
  const { strings } = useWidget();
  return (
    <li data-met={props.met === undefined ? undefined : String(props.met)}>
      <span data-requirement="">{props.label}</span>
      {props.met !== undefined && (
        <span className="ae-visually-hidden"> {props.met ? strings['password.requirementMet'] : strings['password.requirementUnmet']}</span>
      )}
    </li>
  );
}
