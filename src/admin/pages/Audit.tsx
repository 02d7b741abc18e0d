/**
 * The audit log (issue 31): `GET /v1/audit_logs` filtered by action, actor, target and since, newest
 * first, paged by its cursor (docs/reference/admin.md#calls).
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../react-internals/components/Button.tsx';
import { t } from '../strings.ts';
import { ErrorText, Field, field, listOf, Page, useAction, useAdmin, when } from '../ui.tsx';

/** The audit log's query string for the filters (empty ones left out). */
export function auditQuery(f: { action: string; actor: string; target: string; since: string }, cursor: string | null): string {
  const q = new URLSearchParams();
  if (f.action.trim()) q.set('action', f.action.trim());
  if (f.actor.trim()) q.set('actor', f.actor.trim());
  if (f.target.trim()) q.set('target', f.target.trim());
  if (f.since) {
    const d = new Date(f.since);
    if (!Number.isNaN(d.getTime())) q.set('start_time', d.toISOString());
  }
  if (cursor) q.set('cursor', cursor);
  q.set('limit', '50');
  return q.toString();
}

/** The audit log page. */
export default function Audit() {
  const { api } = useAdmin();
  const [filters, setFilters] = useState({ action: '', actor: '', target: '', since: '' });
  const [rows, setRows] = useState<Record<string, unknown>[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const act = useAction();
  const load = (cursor: string | null) =>
    act.run(async () => {
      const a = await api.call<Record<string, unknown>>('GET', `/v1/audit_logs?${auditQuery(filters, cursor)}`);
      const page = listOf(a, 'audit_logs');
      setRows((old) => (cursor ? [...(old ?? []), ...page] : page));
      setNext(typeof a['next_cursor'] === 'string' ? a['next_cursor'] : null);
    });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page, once, with no filter
  useEffect(() => {
    void load(null);
  }, []);
  const set = (k: keyof typeof filters) => (v: string) => setFilters((f) => ({ ...f, [k]: v }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void load(null);
  };
  return (
    <Page title={t('navAudit')}>
      <form className="adm-section" onSubmit={onSubmit} aria-label={t('auditFilters')}>
        <div className="adm-row">
          <Field label={t('auditAction')} value={filters.action} onChange={set('action')} name="action" />
          <Field label={t('auditActor')} value={filters.actor} onChange={set('actor')} name="actor" />
          <Field label={t('auditTarget')} value={filters.target} onChange={set('target')} name="target" />
          <Field label={t('auditSince')} value={filters.since} onChange={set('since')} type="datetime-local" name="since" />
          <Button type="submit" busy={act.busy}>
            {t('auditApply')}
          </Button>
        </div>
      </form>
      <ErrorText>{act.error}</ErrorText>
      {rows && rows.length === 0 ? <p>{t('auditNone')}</p> : null}
      {rows && rows.length > 0 ? (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">{t('auditWhen')}</th>
                <th scope="col">{t('auditAction')}</th>
                <th scope="col">{t('auditActor')}</th>
                <th scope="col">{t('auditTarget')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={field(r, 'audit_log_id')}>
                  <td>{when(r['created_at'])}</td>
                  <td>
                    {field(r, 'action')} <span className="adm-muted">{field(r, 'outcome')}</span>
                  </td>
                  <td className="adm-mono">{[field(r['actor'], 'kind', 'type'), field(r['actor'], 'id')].filter(Boolean).join(' ')}</td>
                  <td className="adm-mono">{[field(r['target'], 'kind', 'type'), field(r['target'], 'id')].filter(Boolean).join(' ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {next ? (
        <div className="adm-row">
          <Button variant="secondary" busy={act.busy} onClick={() => load(next)}>
            {t('auditMore')}
          </Button>
        </div>
      ) : null}
    </Page>
  );
}
