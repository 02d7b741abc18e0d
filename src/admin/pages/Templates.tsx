/**
 * Message templates (issue 31): each kind and language from `GET /v1/templates`, and a live preview
 * (`POST /v1/templates/preview`, rendered with sample data) in an iframe with `sandbox=""` and `srcdoc`:
 * the template's HTML runs no script, submits no form and reaches nothing of the console.
 */
import { useEffect, useMemo, useState } from 'react';
import { t } from '../strings.ts';
import { ErrorText, field, listOf, Page, SelectField, useAdmin, useLoad } from '../ui.tsx';

/** The kinds and languages of `GET /v1/templates` (`templates: [{ kind, locales: [{ locale }] }]`). */
export function templateChoices(answer: unknown): { kinds: string[]; locales: Record<string, string[]> } {
  const locales: Record<string, string[]> = {};
  for (const row of listOf(answer, 'templates')) {
    const kind = field(row, 'kind', 'name');
    if (!kind) continue;
    // Each locale a string or `{ locale, overridden }`.
    const list = Array.isArray(row['locales'])
      ? (row['locales'] as unknown[]).map((x) => (typeof x === 'string' ? x : field(x, 'locale'))).filter(Boolean)
      : [field(row, 'locale', 'language') || 'en'];
    locales[kind] = [...new Set([...(locales[kind] ?? []), ...list])];
  }
  return { kinds: Object.keys(locales), locales };
}

/** `POST /v1/templates/preview`'s answer (a text message has no subject and no HTML). */
interface Preview {
  subject: string | null;
  html: string | null;
  text: string;
}

/** The templates page. */
export default function Templates() {
  const { api } = useAdmin();
  const list = useLoad(() => api.call<Record<string, unknown>>('GET', '/v1/templates'), []);
  const choices = useMemo(() => templateChoices(list.data), [list.data]);
  const [kind, setKind] = useState('');
  const [locale, setLocale] = useState('en');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState('');
  const k = kind || choices.kinds[0] || '';
  const locs = choices.locales[k] ?? [];
  const l = locs.includes(locale) ? locale : (locs[0] ?? 'en');

  useEffect(() => {
    if (!k) return;
    let live = true;
    setError('');
    api.call<Preview>('POST', '/v1/templates/preview', { kind: k, locale: l }).then(
      (p) => live && setPreview(p),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [api, k, l]);

  return (
    <Page title={t('navTemplates')}>
      <ErrorText>{list.error || error}</ErrorText>
      <div className="adm-section">
        <div className="adm-row">
          <SelectField label={t('templateKind')} value={k} onChange={setKind} options={choices.kinds.map((x) => [x, x] as const)} name="kind" />
          <SelectField label={t('templateLocale')} value={l} onChange={setLocale} options={locs.map((x) => [x, x] as const)} name="locale" />
        </div>
      </div>
      {preview ? (
        <section className="adm-section" aria-labelledby="template-preview">
          <h2 id="template-preview">{t('templatePreview')}</h2>
          {preview.subject !== null ? <p>{t('templateSubject', { subject: preview.subject })}</p> : null}
          {/* The page's CSP reaches a srcdoc frame too: the email's inline styles do not apply, its script never runs. */}
          {preview.html !== null ? <iframe className="adm-preview" title={t('templateFrame')} sandbox="" srcDoc={preview.html} /> : null}
          {preview.html !== null ? (
            <details>
              <summary>{t('templateText')}</summary>
              <pre className="adm-mono adm-pre">{preview.text}</pre>
            </details>
          ) : (
            // A text message has no HTML: its text is the preview.
            <pre className="adm-mono adm-pre">{preview.text}</pre>
          )}
        </section>
      ) : null}
    </Page>
  );
}
