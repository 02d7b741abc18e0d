/**
 * Users (issue 31): search by email, phone, id or name, filter by status and sign-in method, cursor
 * paging; `POST /v1/users/search` with the provider's query operands (docs/reference/admin.md).
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../react-internals/components/Button.tsx';
import { t } from '../strings.ts';
import type { UserSearchAnswer } from '../types.ts';
import { ErrorText, Field, Page, SelectField, useAdmin, useAction, when } from '../ui.tsx';

/** One search operand of the provider's query. */
interface Operand {
  filter_name: string;
  filter_value: unknown;
}

/** The operand a sign-in method filter stands for. */
const METHOD_OPERANDS: Readonly<Record<string, Operand>> = {
  email: { filter_name: 'email_verified', filter_value: true },
  phone: { filter_name: 'phone_verified', filter_value: true },
  password: { filter_name: 'password_exists', filter_value: true },
  passkey: { filter_name: 'webauthn_registration_verified', filter_value: true },
  totp: { filter_name: 'totp_verified', filter_value: true },
};

/**
 * The search box's text as operands: `query_fuzzy` matches the user id exactly or a part of an email
 * address, a phone number or the full name (docs/reference/admin.md), so it ANDs with the filters. A
 * phone number typed with spaces or brackets is searched by its digits.
 */
export function textOperands(text: string): Operand[] {
  const q = text.trim();
  if (!q) return [];
  const phone = /^\+?[\d\s().-]{3,}$/.test(q) ? q.replace(/[\s().-]/g, '') : q;
  return [{ filter_name: 'query_fuzzy', filter_value: phone }];
}

/** The users page. */
export default function Users() {
  const { api, announce } = useAdmin();
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const [method, setMethod] = useState('');
  const [answer, setAnswer] = useState<UserSearchAnswer | null>(null);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const search = useAction();

  const run = async (cursor: string | null, trail: (string | null)[]) => {
    const operands = [...textOperands(text)];
    if (status) operands.push({ filter_name: 'status', filter_value: status });
    const m = METHOD_OPERANDS[method];
    if (m) operands.push(m);
    await search.run(async () => {
      const a = await api.call<UserSearchAnswer>('POST', '/v1/users/search', {
        limit: 25,
        cursor,
        query: { operator: 'AND', operands },
      });
      setAnswer(a);
      setCursors(trail);
      announce(a.results.length === 0 ? t('usersNone') : t('usersResults', { count: a.results.length, total: a.results_metadata.total }));
    });
  };

  // The first page of every user, before any search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    void run(null, [null]);
  }, []);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(null, [null]);
  };

  return (
    <Page title={t('navUsers')}>
      {/* biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role (React 18 has no <search> element type) */}
      <form className="adm-section" role="search" onSubmit={onSubmit}>
        <div className="adm-row">
          <Field label={t('usersSearchLabel')} value={text} onChange={setText} type="search" name="q" />
          <SelectField
            label={t('usersStatus')}
            value={status}
            onChange={setStatus}
            name="status"
            options={[
              ['', t('anyStatus')],
              ['active', t('statusActive')],
              ['pending', t('statusPending')],
              ['suspended', t('statusSuspended')],
            ]}
          />
          <SelectField
            label={t('usersMethod')}
            value={method}
            onChange={setMethod}
            name="method"
            options={[
              ['', t('anyMethod')],
              ['email', t('methodEmail')],
              ['phone', t('methodPhone')],
              ['password', t('methodPassword')],
              ['passkey', t('methodPasskey')],
              ['totp', t('methodTotp')],
            ]}
          />
          <Button type="submit" busy={search.busy}>
            {t('usersSearch')}
          </Button>
        </div>
        <ErrorText>{search.error}</ErrorText>
      </form>
      {answer ? (
        <section className="adm-section" aria-labelledby="users-results">
          <h2 id="users-results">{t('usersResults', { count: answer.results.length, total: answer.results_metadata.total })}</h2>
          {answer.results.length === 0 ? (
            <p>{t('usersNone')}</p>
          ) : (
            <div className="adm-table-wrap">
              <table className="adm-table">
                <thead>
                  <tr>
                    <th scope="col">{t('colUser')}</th>
                    <th scope="col">{t('colEmail')}</th>
                    <th scope="col">{t('colPhone')}</th>
                    <th scope="col">{t('colStatus')}</th>
                    <th scope="col">{t('colCreated')}</th>
                  </tr>
                </thead>
                <tbody>
                  {answer.results.map((u) => {
                    const name = [u.name?.first_name, u.name?.last_name].filter(Boolean).join(' ');
                    return (
                      <tr key={u.user_id}>
                        <td>
                          <a href={`#/users/${encodeURIComponent(u.user_id)}`}>{name || u.user_id}</a>
                        </td>
                        <td>{u.emails.map((e) => e.email).join(', ')}</td>
                        <td>{u.phone_numbers.map((p) => p.phone_number).join(', ')}</td>
                        <td>{u.status}</td>
                        <td>{when(u.created_at)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          <div className="adm-row">
            {cursors.length > 1 ? (
              <Button variant="secondary" onClick={() => run(null, [null])}>
                {t('usersFirst')}
              </Button>
            ) : null}
            {answer.results_metadata.next_cursor ? (
              <Button variant="secondary" onClick={() => run(answer.results_metadata.next_cursor, [...cursors, answer.results_metadata.next_cursor])}>
                {t('usersNext')}
              </Button>
            ) : null}
          </div>
        </section>
      ) : null}
    </Page>
  );
}
