/**
 * The console's shared pieces (issue 31): the page frame that takes focus on navigation, labelled
 * fields, a confirm step, copy buttons, and the context every page reads the API from.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../react-internals/components/Button.tsx';
import { type AdminApi, AdminApiError } from './api.ts';
import { t } from './strings.ts';

/** What every page gets: the API and the console's announcer. */
export interface AdminContext {
  api: AdminApi;
  /** Says `text` in the console's polite live region. */
  announce(text: string): void;
}

/** The context of {@link AdminContext}. */
export const AdminCtx = createContext<AdminContext | null>(null);

/** The console's context (inside the signed-in shell). */
export function useAdmin(): AdminContext {
  const ctx = useContext(AdminCtx);
  if (!ctx) throw new Error('useAdmin outside the console');
  return ctx;
}

/** The text an error shows: the server's message names the field (docs/reference/errors.md). */
export function errorText(e: unknown): string {
  if (e instanceof AdminApiError) return e.status === 0 ? t('networkError') : t('serverError', { message: `${e.message} (${e.errorType})` });
  return t('serverError', { message: e instanceof Error ? e.message : String(e) });
}

/** A page: its heading takes focus when the page is shown, so a screen reader hears where it is. */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${t('appTitle')}`;
    heading.current?.focus();
  }, [title]);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </>
  );
}

/** An error message announced when it appears. */
export function ErrorText({ children, id }: { children: ReactNode; id?: string }) {
  if (!children) return null;
  return (
    <p className="ae-error" role="alert" id={id}>
      {children}
    </p>
  );
}

/** Loads `load` on mount and whenever `deps` change; `reload` runs it again. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): { data: T | null; error: string; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [n, setN] = useState(0);
  const loader = useRef(load);
  loader.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: deps are the caller's; n is the reload counter
  useEffect(() => {
    let live = true;
    setError('');
    loader.current().then(
      (d) => live && setData(d),
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [...deps, n]);
  return { data, error, reload: useCallback(() => setN((x) => x + 1), []) };
}

/** Runs an action with a busy flag and its error; `run` resolves true when it succeeded. */
export function useAction(): { busy: boolean; error: string; run: (fn: () => Promise<unknown>) => Promise<boolean>; setError: (s: string) => void } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = useCallback(async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    try {
      await fn();
      return true;
    } catch (e) {
      setError(errorText(e));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run, setError };
}

/** A labelled text input (or textarea with `rows`). */
export function Field(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  rows?: number;
  type?: string;
  error?: string;
  name?: string;
  autoComplete?: string;
}) {
  const id = useId();
  const errId = `${id}-err`;
  const common = {
    id,
    name: props.name,
    className: 'ae-input',
    value: props.value,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': props.error ? errId : undefined,
  } as const;
  return (
    <div className="adm-field">
      <label className="ae-label" htmlFor={id}>
        {props.label}
      </label>
      {props.rows ? (
        <textarea {...common} rows={props.rows} spellCheck={false} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input {...common} type={props.type ?? 'text'} autoComplete={props.autoComplete ?? 'off'} onChange={(e) => props.onChange(e.target.value)} />
      )}
      <ErrorText id={errId}>{props.error}</ErrorText>
    </div>
  );
}

/** A labelled select of `options` ([value, label]). */
export function SelectField(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: readonly (readonly [string, string])[];
  name?: string;
}) {
  const id = useId();
  return (
    <div className="adm-field">
      <label className="ae-label" htmlFor={id}>
        {props.label}
      </label>
      <select id={id} name={props.name} className="ae-input ae-select" value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A button that asks first: pressing shows the question with Confirm and Cancel (focus moves to it). */
export function ConfirmButton(props: { label: string; question: string; onConfirm: () => void | Promise<void>; busy?: boolean; danger?: boolean }) {
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    // Focus follows the step: to the question when it opens, back to the button when it closes.
    if (asking) question.current?.focus();
    else if (asked.current) opener.current?.focus();
    asked.current = asking;
  }, [asking]);
  if (!asking) {
    return (
      <span className={props.danger ? 'adm-danger' : undefined}>
        <button type="button" ref={opener} className="ae-button ae-button-secondary" onClick={() => setAsking(true)}>
          {props.label}
        </button>
      </span>
    );
  }
  return (
    <fieldset className="adm-section">
      <legend className="ae-visually-hidden">{props.label}</legend>
      <p ref={question} tabIndex={-1}>
        {props.question}
      </p>
      <div className="adm-row">
        <span className={props.danger ? 'adm-danger' : undefined}>
          <Button
            busy={props.busy}
            onClick={async () => {
              await props.onConfirm();
              setAsking(false);
            }}
          >
            {t('confirm')}
          </Button>
        </span>
        <Button variant="secondary" onClick={() => setAsking(false)}>
          {t('cancel')}
        </Button>
      </div>
    </fieldset>
  );
}

/** A value shown once (a secret, a link), with a copy button. */
export function SecretValue({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const box = useRef<HTMLParagraphElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <fieldset className="adm-secret">
      <legend className="ae-visually-hidden">{label}</legend>
      <p className="adm-muted" tabIndex={-1} ref={box}>
        {label}
      </p>
      <output className="adm-mono" data-secret="">
        {value}
      </output>
      <Button
        variant="secondary"
        onClick={async () => {
          await navigator.clipboard?.writeText(value).catch(() => undefined);
          setCopied(true);
        }}
      >
        {t('copy')}
      </Button>
      <span role="status">{copied ? t('copied') : ''}</span>
    </fieldset>
  );
}

/** Seconds or milliseconds since the epoch, or an ISO string, as a local date and time. */
export function when(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  const d = typeof v === 'number' ? new Date(v < 1e12 ? v * 1000 : v) : new Date(String(v));
  return Number.isNaN(d.getTime()) ? String(v) : d.toLocaleString();
}

/** A list of lines from a textarea (blank lines dropped). */
export const lines = (s: string): string[] =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The list an answer carries: the field `key`, else its first array field. */
export function listOf(answer: unknown, key: string): Record<string, unknown>[] {
  if (!answer || typeof answer !== 'object') return [];
  const rec = answer as Record<string, unknown>;
  const named = rec[key];
  const list = Array.isArray(named) ? named : Object.values(rec).find(Array.isArray);
  return (list ?? []).filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null);
}

/** The first of `keys` that `obj` holds as a string or number, as text ('' when none). */
export function field(obj: unknown, ...keys: string[]): string {
  if (!obj || typeof obj !== 'object') return '';
  for (const k of keys) {
    const v = (obj as Record<string, unknown>)[k];
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  return '';
}
