/**
 * One user (issue 31): factors, sessions (revoke one or all), roles (the `admin` role too), metadata
 * edited as JSON, suspend and restore, delete with a typed confirmation, and impersonation's one-time
 * link. Every call is /v1 with the operator's session (docs/reference/admin.md).
 */
import { useState } from 'react';
import { Button } from '../../../react-internals/components/Button.tsx';
import { t } from '../strings.ts';
import type { AdminSession, AdminUser } from '../types.ts';
import { ConfirmButton, ErrorText, Field, Page, SecretValue, SelectField, useAction, useAdmin, useLoad, when } from '../ui.tsx';

const userPath = (id: string) => `/v1/users/${encodeURIComponent(id)}`;

/** A user's page. */
export default function UserPage({ userId }: { userId: string }) {
  const { api } = useAdmin();
  const user = useLoad(() => api.call<AdminUser>('GET', userPath(userId)), [userId]);
  const [deleted, setDeleted] = useState(false);
  const u = user.data;
  const name = u ? [u.name?.first_name, u.name?.last_name].filter(Boolean).join(' ') || u.emails[0]?.email || u.user_id : userId;
  if (deleted) {
    return (
      <Page title={t('deleted')}>
        <p>
          <a href="#/users">{t('userBack')}</a>
        </p>
      </Page>
    );
  }
  return (
    <Page title={t('userTitle', { name })}>
      <p>
        <a href="#/users">{t('userBack')}</a>
      </p>
      <ErrorText>{user.error}</ErrorText>
      {u ? (
        <>
          <p>
            {t('userId')}: <span className="adm-mono">{u.user_id}</span> · {t('userStatus')}: <strong data-status={u.status}>{u.status}</strong>
          </p>
          <Factors user={u} />
          <Sessions userId={u.user_id} />
          <Roles user={u} onChange={user.reload} />
          <Metadata user={u} onSaved={user.reload} />
          <StatusSection user={u} onChange={user.reload} />
          <Impersonate userId={u.user_id} />
          <DeleteUser user={u} onDeleted={() => setDeleted(true)} />
        </>
      ) : null}
    </Page>
  );
}

function Factors({ user }: { user: AdminUser }) {
  const v = (ok: boolean) => (ok ? t('verified') : t('unverified'));
  const items: string[] = [
    ...user.emails.map((e) => `${t('factorEmail', { value: e.email })} (${v(e.verified)})`),
    ...user.phone_numbers.map((p) => `${t('factorPhone', { value: p.phone_number })} (${v(p.verified)})`),
    ...user.webauthn_registrations.map((w) => t('factorPasskey', { value: w.name || w.webauthn_registration_id })),
    ...user.totps.map(() => t('factorTotp')),
    ...(user.password ? [t('factorPassword')] : []),
    ...user.providers.map((p) => t('factorOAuth', { value: String(p['provider_type'] ?? p['provider_subject'] ?? '') })),
    ...user.crypto_wallets.map((w) => t('factorWallet', { value: String(w['crypto_wallet_address'] ?? '') })),
  ];
  return (
    <section className="adm-section" aria-labelledby="user-factors">
      <h2 id="user-factors">{t('userFactors')}</h2>
      {items.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <ul>
          {items.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list drawn once per load
            <li key={i}>{s}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Sessions({ userId }: { userId: string }) {
  const { api, announce } = useAdmin();
  const list = useLoad(() => api.call<{ sessions: AdminSession[] }>('GET', `/v1/sessions?user_id=${encodeURIComponent(userId)}`), [userId]);
  const act = useAction();
  const revoke = (ids: string[]) =>
    act.run(async () => {
      for (const session_id of ids) await api.call('POST', '/v1/sessions/revoke', { session_id });
      announce(t('sessionRevoked'));
      list.reload();
    });
  const sessions = list.data?.sessions ?? [];
  return (
    <section className="adm-section" aria-labelledby="user-sessions">
      <h2 id="user-sessions">{t('userSessions')}</h2>
      <ErrorText>{list.error || act.error}</ErrorText>
      {list.data && sessions.length === 0 ? <p>{t('sessionsNone')}</p> : null}
      <ul className="adm-list">
        {sessions.map((s) => (
          <li key={s.session_id}>
            <span>
              <span className="adm-mono">{s.session_id}</span>
              <br />
              <span className="adm-muted">
                {[
                  t('sessionStarted', { when: when(s.started_at) }),
                  s.last_accessed_at ? t('sessionLastActive', { when: when(s.last_accessed_at) }) : '',
                  t('sessionExpires', { when: when(s.expires_at) }),
                ]
                  .filter(Boolean)
                  .join(', ')}
              </span>
            </span>
            <Button variant="secondary" busy={act.busy} onClick={() => revoke([s.session_id])} aria-label={`${t('revokeSession')} ${s.session_id}`}>
              {t('revokeSession')}
            </Button>
          </li>
        ))}
      </ul>
      {sessions.length > 1 ? (
        <div className="adm-row">
          <Button variant="secondary" busy={act.busy} onClick={() => revoke(sessions.map((s) => s.session_id))}>
            {t('revokeAll')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** `GET /v1/users/:id/roles` (docs/reference/admin.md#roles). */
interface RolesAnswer {
  roles: string[];
  given_roles: string[];
  admin: boolean;
}

function Roles({ user, onChange }: { user: AdminUser; onChange: () => void }) {
  const { api, announce } = useAdmin();
  const path = `${userPath(user.user_id)}/roles`;
  const roles = useLoad(() => api.call<RolesAnswer>('GET', path), [path]);
  // The roles an admin may give: the project's RBAC policy's, and the console's own `admin`.
  const policy = useLoad(() => api.call<{ policy?: { roles?: { role_id: string }[] } }>('GET', '/v1/rbac/policy'), []);
  const [role, setRole] = useState('');
  const act = useAction();
  const given = roles.data ? [...roles.data.given_roles, ...(roles.data.admin ? ['admin'] : [])] : [];
  const choices = [...new Set([...(policy.data?.policy?.roles ?? []).map((r) => r.role_id), 'admin'])].filter((r) => !given.includes(r));
  const picked = choices.includes(role) ? role : (choices[0] ?? '');
  const put = (next: string[]) =>
    act.run(async () => {
      await api.call('PUT', path, { roles: next });
      announce(t('saved'));
      roles.reload();
      onChange();
    });
  // Roles the user has without being given them (the project's defaults, by email): shown, not removable here.
  const implicit = (roles.data?.roles ?? []).filter((r) => !given.includes(r));
  return (
    <section className="adm-section" aria-labelledby="user-roles">
      <h2 id="user-roles">{t('userRoles')}</h2>
      <ErrorText>{roles.error}</ErrorText>
      {roles.data && roles.data.roles.length === 0 ? <p>{t('rolesNone')}</p> : null}
      <ul className="adm-list">
        {given.map((r) => (
          <li key={r}>
            <span>
              {r}
              {r === 'admin' ? <span className="adm-muted"> · {t('adminRoleNote')}</span> : null}
            </span>
            <Button variant="secondary" busy={act.busy} onClick={() => put(given.filter((x) => x !== r))}>
              {t('removeRole', { role: r })}
            </Button>
          </li>
        ))}
        {implicit.map((r) => (
          <li key={r}>
            <span>
              {r} <span className="adm-muted">· {t('roleImplicit')}</span>
            </span>
          </li>
        ))}
      </ul>
      {choices.length > 0 ? (
        <form
          className="adm-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (picked) void put([...given, picked]);
          }}
        >
          <SelectField label={t('roleName')} value={picked} onChange={setRole} options={choices.map((r) => [r, r] as const)} name="role" />
          <Button type="submit" busy={act.busy}>
            {t('addRole')}
          </Button>
        </form>
      ) : null}
      <ErrorText>{act.error}</ErrorText>
    </section>
  );
}

/** `text` parsed as a JSON object, or the message naming `field`. */
export function parseJsonObject(field: string, text: string): { value: Record<string, unknown> } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text || '{}');
  } catch (e) {
    return { error: t('jsonInvalid', { field, message: e instanceof Error ? e.message : String(e) }) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: t('jsonNotObject', { field }) };
  return { value: value as Record<string, unknown> };
}

function Metadata({ user, onSaved }: { user: AdminUser; onSaved: () => void }) {
  const { api, announce } = useAdmin();
  const [trusted, setTrusted] = useState(() => JSON.stringify(user.trusted_metadata ?? {}, null, 2));
  const [untrusted, setUntrusted] = useState(() => JSON.stringify(user.untrusted_metadata ?? {}, null, 2));
  const [errs, setErrs] = useState<{ trusted?: string; untrusted?: string }>({});
  const act = useAction();
  const save = () => {
    const a = parseJsonObject('trusted_metadata', trusted);
    const b = parseJsonObject('untrusted_metadata', untrusted);
    const next = { trusted: 'error' in a ? a.error : undefined, untrusted: 'error' in b ? b.error : undefined };
    setErrs(next);
    if ('error' in a || 'error' in b) return;
    void act.run(async () => {
      await api.call('PUT', userPath(user.user_id), { trusted_metadata: a.value, untrusted_metadata: b.value });
      announce(t('saved'));
      onSaved();
    });
  };
  return (
    <section className="adm-section" aria-labelledby="user-metadata">
      <h2 id="user-metadata">{t('userMetadata')}</h2>
      <Field label={t('trustedMetadata')} value={trusted} onChange={setTrusted} rows={6} error={errs.trusted} name="trusted_metadata" />
      <Field label={t('untrustedMetadata')} value={untrusted} onChange={setUntrusted} rows={6} error={errs.untrusted} name="untrusted_metadata" />
      <div className="adm-row">
        <Button busy={act.busy} onClick={save}>
          {t('saveMetadata')}
        </Button>
      </div>
      <ErrorText>{act.error}</ErrorText>
    </section>
  );
}

function StatusSection({ user, onChange }: { user: AdminUser; onChange: () => void }) {
  const { api, announce } = useAdmin();
  const act = useAction();
  const call = (what: 'suspend' | 'restore') =>
    act.run(async () => {
      await api.call('POST', `${userPath(user.user_id)}/${what}`, {});
      announce(t('done'));
      onChange();
    });
  return (
    <section className="adm-section" aria-labelledby="user-status">
      <h2 id="user-status">{t('userStatus')}</h2>
      <div className="adm-row">
        {user.status === 'suspended' ? (
          <Button busy={act.busy} onClick={() => call('restore')}>
            {t('restore')}
          </Button>
        ) : (
          <ConfirmButton label={t('suspend')} question={t('suspendConfirm')} busy={act.busy} danger onConfirm={() => call('suspend').then(() => undefined)} />
        )}
      </div>
      <ErrorText>{act.error}</ErrorText>
    </section>
  );
}

function Impersonate({ userId }: { userId: string }) {
  const { api } = useAdmin();
  const [reason, setReason] = useState('');
  const [link, setLink] = useState<{ url: string | null; token: string; expires_at: string } | null>(null);
  const act = useAction();
  return (
    <section className="adm-section" aria-labelledby="user-impersonate">
      <h2 id="user-impersonate">{t('impersonate')}</h2>
      <form
        className="adm-row"
        onSubmit={(e) => {
          e.preventDefault();
          void act.run(async () =>
            setLink(await api.call<{ url: string | null; token: string; expires_at: string }>('POST', '/v1/impersonation', { user_id: userId, reason })),
          );
        }}
      >
        <Field label={t('impersonateReason')} value={reason} onChange={setReason} name="reason" />
        <Button type="submit" busy={act.busy}>
          {t('impersonateCreate')}
        </Button>
      </form>
      <ErrorText>{act.error}</ErrorText>
      {link ? (
        // No redirect URL on the project: the token itself, for the host's page to redeem.
        <SecretValue label={t(link.url ? 'impersonateLink' : 'impersonateToken', { when: when(link.expires_at) })} value={link.url ?? link.token} />
      ) : null}
    </section>
  );
}

function DeleteUser({ user, onDeleted }: { user: AdminUser; onDeleted: () => void }) {
  const { api, announce } = useAdmin();
  const [typed, setTyped] = useState('');
  const act = useAction();
  const expected = user.emails[0]?.email ?? user.user_id;
  return (
    <section className="adm-section" aria-labelledby="user-delete">
      <h2 id="user-delete">{t('userDelete')}</h2>
      <form
        className="adm-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (typed !== expected) return;
          void act.run(async () => {
            await api.call('DELETE', userPath(user.user_id));
            announce(t('deleted'));
            onDeleted();
          });
        }}
      >
        <Field label={t('deleteConfirmLabel', { value: expected })} value={typed} onChange={setTyped} name="confirm_delete" />
        <span className="adm-danger">
          <Button type="submit" busy={act.busy} disabled={typed !== expected}>
            {t('deleteButton')}
          </Button>
        </span>
      </form>
      <ErrorText>{act.error}</ErrorText>
    </section>
  );
}
