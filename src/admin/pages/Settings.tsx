/**
 * Project settings (issue 31): allowed origins, redirect URLs, enabled products, MFA policy, rate limits,
 * session lifetime, from `GET /v1/project`; edited here, shown as a before/after diff, then saved with
 * `PATCH /v1/project` (only the changed fields). The server validates with the project file's schema
 * and names the field of a refused value (docs/reference/admin.md#project-settings).
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../react-internals/components/Button.tsx';
import { type AdminStringKey, t } from '../strings.ts';
import { ErrorText, Field, Page, useAction, useAdmin, useLoad } from '../ui.tsx';

/** The answer's envelope fields: not settings. */
const ENVELOPE = new Set(['status_code', 'request_id']);

/** The label of the settings the console knows; any other field shows under its own name. */
const LABELS: Readonly<Record<string, AdminStringKey>> = {
  allowed_origins: 'allowedOrigins',
  redirect_urls: 'redirectUrls',
  products: 'enabledProducts',
  mfa: 'mfaPolicy',
  rate_limits: 'rateLimits',
  session_max_minutes: 'sessionLifetime',
};

/** How a setting is edited: a list of lines, a number, a line of text, or JSON. */
type Kind = 'lines' | 'number' | 'text' | 'json';

function kindOf(v: unknown): Kind {
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return 'lines';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'string') return 'text';
  return 'json';
}

/** A setting's value as the text it is edited as. */
export function toText(v: unknown): string {
  const k = kindOf(v);
  if (k === 'lines') return (v as string[]).join('\n');
  if (k === 'number' || k === 'text') return String(v);
  return JSON.stringify(v, null, 2);
}

/** The edited text back as a value of the setting's kind, or the message naming the field. */
export function fromText(field: string, kind: Kind, text: string): { value: unknown } | { error: string } {
  if (kind === 'lines')
    return {
      value: text
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    };
  if (kind === 'number') {
    const n = Number(text.trim());
    return text.trim() !== '' && Number.isFinite(n) ? { value: n } : { error: t('fieldInvalid', { field, message: 'a number' }) };
  }
  if (kind === 'text') return { value: text };
  try {
    return { value: JSON.parse(text) };
  } catch (e) {
    return { error: t('jsonInvalid', { field, message: e instanceof Error ? e.message : String(e) }) };
  }
}

/**
 * The editable settings of `GET /v1/project` (its `settings`). Rate limits are edited by their `max`
 * (the window is the server's).
 */
export function settingsOf(answer: Record<string, unknown>): Record<string, unknown> {
  const settings = answer['settings'];
  if (settings && typeof settings === 'object' && !Array.isArray(settings)) {
    const out = { ...(settings as Record<string, unknown>) };
    const limits = out['rate_limits'];
    if (limits && typeof limits === 'object') {
      out['rate_limits'] = Object.fromEntries(
        Object.entries(limits as Record<string, unknown>).map(([name, l]) => [name, { max: (l as { max?: unknown }).max }]),
      );
    }
    return out;
  }
  const inner = answer['project'];
  const src = inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : answer;
  return Object.fromEntries(Object.entries(src).filter(([k]) => !ENVELOPE.has(k) && k !== 'project_id'));
}

/** The settings page. */
export default function Settings() {
  const { api, announce } = useAdmin();
  const project = useLoad(() => api.call<Record<string, unknown>>('GET', '/v1/project'), []);
  const [before, setBefore] = useState<Record<string, unknown>>({});
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [diff, setDiff] = useState<[string, unknown, unknown][] | null>(null);
  const act = useAction();
  const diffHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (diff) diffHeading.current?.focus();
  }, [diff]);

  useEffect(() => {
    if (!project.data) return;
    const s = settingsOf(project.data);
    setBefore(s);
    setTexts(Object.fromEntries(Object.entries(s).map(([k, v]) => [k, toText(v)])));
    setDiff(null);
  }, [project.data]);

  const label = (k: string) => (LABELS[k] ? t(LABELS[k]) : k);

  const review = () => {
    const errs: Record<string, string> = {};
    const changes: [string, unknown, unknown][] = [];
    for (const [k, v] of Object.entries(before)) {
      const parsed = fromText(k, kindOf(v), texts[k] ?? '');
      if ('error' in parsed) errs[k] = parsed.error;
      else if (JSON.stringify(parsed.value) !== JSON.stringify(v)) changes.push([k, v, parsed.value]);
    }
    setErrors(errs);
    setDiff(Object.keys(errs).length > 0 ? null : changes);
  };

  const save = () =>
    act.run(async () => {
      try {
        await api.call('PATCH', '/v1/project', Object.fromEntries((diff ?? []).map(([k, , after]) => [k, after])));
      } catch (e) {
        // The server's message starts with the field path (`allowed_origins[0] ...`): shown at that field too.
        const message = e instanceof Error ? e.message : String(e);
        const named = Object.keys(before).filter((k) => new RegExp(`(^|\\W)${k}(\\W|$)`).test(message));
        if (named.length > 0) {
          setErrors(Object.fromEntries(named.map((k) => [k, message])));
          setDiff(null);
        }
        throw e;
      }
      announce(t('saved'));
      project.reload();
    });

  return (
    <Page title={t('navSettings')}>
      <p className="adm-muted">{t('settingsIntro')}</p>
      <ErrorText>{project.error}</ErrorText>
      {project.data ? (
        <form
          className="adm-section"
          onSubmit={(e) => {
            e.preventDefault();
            review();
          }}
        >
          {Object.entries(before).map(([k, v]) => {
            const kind = kindOf(v);
            return (
              <Field
                key={k}
                name={k}
                label={label(k)}
                value={texts[k] ?? ''}
                onChange={(x) => {
                  setTexts((old) => ({ ...old, [k]: x }));
                  setDiff(null);
                }}
                rows={kind === 'lines' || kind === 'json' ? Math.min(10, Math.max(3, (texts[k] ?? '').split('\n').length + 1)) : undefined}
                type={kind === 'number' ? 'number' : undefined}
                error={errors[k]}
              />
            );
          })}
          <div className="adm-row">
            <Button type="submit">{t('review')}</Button>
          </div>
        </form>
      ) : null}
      {diff ? (
        <section className="adm-section adm-diff" aria-labelledby="settings-diff">
          <h2 id="settings-diff" tabIndex={-1} ref={diffHeading}>
            {t('diffTitle')}
          </h2>
          {diff.length === 0 ? (
            <p>{t('noChanges')}</p>
          ) : (
            <>
              <div className="adm-table-wrap">
                <table className="adm-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('diffField')}</th>
                      <th scope="col">{t('diffBefore')}</th>
                      <th scope="col">{t('diffAfter')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {diff.map(([k, b, a]) => (
                      <tr key={k}>
                        <th scope="row">{label(k)}</th>
                        <td>
                          <del className="adm-mono">{JSON.stringify(b)}</del>
                        </td>
                        <td>
                          <ins className="adm-mono">{JSON.stringify(a)}</ins>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className="adm-row">
                <Button busy={act.busy} onClick={save}>
                  {t('save')}
                </Button>
                <Button variant="secondary" onClick={() => setDiff(null)}>
                  {t('cancel')}
                </Button>
              </div>
            </>
          )}
          <ErrorText>{act.error}</ErrorText>
        </section>
      ) : null}
    </Page>
  );
}
