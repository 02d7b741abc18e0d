/**
 * Keys and clients (issue 31): the session signing keys (rotate: the previous key stays in the JWKS
 * until its last JWT expires), the project secrets (create: shown once; revoke; an existing secret is
 * never shown again), and the IdP clients (create, edit redirect URIs, rotate the secret, delete).
 * docs/reference/admin.md#calls.
 */
import { useState } from 'react';
import { Button } from '../../../react-internals/components/Button.tsx';
import { t } from '../strings.ts';
import { ConfirmButton, ErrorText, Field, field, lines, listOf, Page, SecretValue, useAction, useAdmin, useLoad, when } from '../ui.tsx';

/** The keys and clients page. */
export default function Keys() {
  return (
    <Page title={t('navKeys')}>
      <SigningKeys />
      <Secrets />
      <IdpClients />
    </Page>
  );
}

/** A signing key's state (docs/reference/admin.md#calls) in words. */
function keyStateText(state: string, retireAt: unknown): string {
  if (state === 'signing') return t('keyCurrent');
  if (state === 'retiring') return `${t('keyPrevious')} (${when(retireAt)})`;
  if (state === 'pending') return t('keyPending');
  if (state === 'retired') return t('keyRetired');
  return state;
}

function SigningKeys() {
  const { api, announce } = useAdmin();
  const keys = useLoad(() => api.call<Record<string, unknown>>('GET', '/v1/signing_keys'), []);
  const act = useAction();
  const list = listOf(keys.data, 'signing_keys');
  return (
    <section className="adm-section" aria-labelledby="keys-signing">
      <h2 id="keys-signing">{t('signingKeys')}</h2>
      <ErrorText>{keys.error || act.error}</ErrorText>
      <div className="adm-table-wrap">
        <table className="adm-table">
          <thead>
            <tr>
              <th scope="col">{t('keyId')}</th>
              <th scope="col">{t('keyCreated')}</th>
              <th scope="col">{t('keyStatus')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((k) => {
              const kid = field(k, 'kid', 'key_id', 'id');
              return (
                <tr key={kid} data-kid={kid}>
                  <td className="adm-mono">{kid}</td>
                  <td>{when(k['created_at'])}</td>
                  <td>{keyStateText(field(k, 'state'), k['retire_at'])}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="adm-row">
        <ConfirmButton
          label={t('rotateKey')}
          question={t('rotateConfirm')}
          busy={act.busy}
          onConfirm={async () => {
            if (await act.run(() => api.call('POST', '/v1/signing_keys/rotate', {}))) {
              announce(t('done'));
              keys.reload();
            }
          }}
        />
      </div>
    </section>
  );
}

function Secrets() {
  const { api, announce } = useAdmin();
  const secrets = useLoad(() => api.call<Record<string, unknown>>('GET', '/v1/secrets'), []);
  const act = useAction();
  const [created, setCreated] = useState('');
  const list = listOf(secrets.data, 'secrets');
  return (
    <section className="adm-section" aria-labelledby="keys-secrets">
      <h2 id="keys-secrets">{t('secrets')}</h2>
      <ErrorText>{secrets.error || act.error}</ErrorText>
      <ul className="adm-list">
        {list.map((s) => {
          const id = field(s, 'secret_id', 'id');
          if (s['revoked_at']) return null;
          return (
            <li key={id}>
              <span>
                <span className="adm-mono">{id}</span> <span className="adm-muted">{when(s['created_at'])}</span>
              </span>
              <ConfirmButton
                label={t('revokeSecret', { id })}
                question={t('revokeSecretConfirm', { id })}
                busy={act.busy}
                danger
                onConfirm={async () => {
                  if (await act.run(() => api.call('POST', `/v1/secrets/${encodeURIComponent(id)}/revoke`, {}))) {
                    announce(t('done'));
                    secrets.reload();
                  }
                }}
              />
            </li>
          );
        })}
      </ul>
      <div className="adm-row">
        <Button
          busy={act.busy}
          onClick={() =>
            act.run(async () => {
              const a = await api.call<Record<string, unknown>>('POST', '/v1/secrets', {});
              const secret = a['secret'];
              setCreated(typeof secret === 'string' ? secret : field(secret, 'secret', 'value'));
              secrets.reload();
            })
          }
        >
          {t('createSecret')}
        </Button>
      </div>
      {created ? <SecretValue label={t('secretShownOnce')} value={created} /> : null}
    </section>
  );
}

function IdpClients() {
  const { api, announce } = useAdmin();
  const clients = useLoad(() => api.call<Record<string, unknown>>('GET', '/v1/idp_clients'), []);
  const act = useAction();
  const [name, setName] = useState('');
  const [redirects, setRedirects] = useState('');
  const [shown, setShown] = useState<{ id: string; secret: string } | null>(null);
  const list = listOf(clients.data, 'idp_clients');
  const secretOf = (a: Record<string, unknown>) => field(a, 'client_secret') || field(a['idp_client'] ?? a['client'], 'client_secret');
  return (
    <section className="adm-section" aria-labelledby="keys-idp">
      <h2 id="keys-idp">{t('idpClients')}</h2>
      <ErrorText>{clients.error || act.error}</ErrorText>
      <ul className="adm-list">
        {list.map((c) => (
          <IdpClientRow
            key={field(c, 'client_id')}
            client={c}
            onChanged={clients.reload}
            onSecret={(secret) => setShown({ id: field(c, 'client_id'), secret })}
          />
        ))}
      </ul>
      <form
        className="adm-section"
        onSubmit={(e) => {
          e.preventDefault();
          void act.run(async () => {
            const a = await api.call<Record<string, unknown>>('POST', '/v1/idp_clients', { client_name: name, redirect_uris: lines(redirects) });
            const c = (a['idp_client'] ?? a['client'] ?? a) as Record<string, unknown>;
            setShown({ id: field(c, 'client_id'), secret: secretOf(a) });
            setName('');
            setRedirects('');
            announce(t('done'));
            clients.reload();
          });
        }}
      >
        <h3>{t('createClient')}</h3>
        <Field label={t('clientName')} value={name} onChange={setName} name="client_name" />
        <Field label={t('clientRedirects')} value={redirects} onChange={setRedirects} rows={3} name="redirect_uris" />
        <div className="adm-row">
          <Button type="submit" busy={act.busy}>
            {t('createClient')}
          </Button>
        </div>
      </form>
      {shown?.secret ? <SecretValue label={t('clientSecretShownOnce', { id: shown.id })} value={shown.secret} /> : null}
    </section>
  );
}

function IdpClientRow({ client, onChanged, onSecret }: { client: Record<string, unknown>; onChanged: () => void; onSecret: (s: string) => void }) {
  const { api, announce } = useAdmin();
  const id = field(client, 'client_id');
  const uris = Array.isArray(client['redirect_uris']) ? (client['redirect_uris'] as string[]) : [];
  const [text, setText] = useState(uris.join('\n'));
  const act = useAction();
  const path = `/v1/idp_clients/${encodeURIComponent(id)}`;
  if (field(client, 'source') === 'config') {
    // The project file's client: read-only here (docs/reference/admin.md#idp-clients).
    return (
      <li>
        <span>
          <strong>{field(client, 'client_name', 'name') || id}</strong> <span className="adm-mono">{id}</span>{' '}
          <span className="adm-muted">{t('clientFromFile')}</span>
          <br />
          <span className="adm-mono">{uris.join(', ')}</span>
        </span>
      </li>
    );
  }
  return (
    <li>
      <div className="adm-field">
        <p>
          <strong>{field(client, 'name', 'client_name') || id}</strong> <span className="adm-mono">{id}</span>
        </p>
        <Field label={`${t('clientRedirects')} · ${id}`} value={text} onChange={setText} rows={3} />
        <div className="adm-row">
          <Button
            busy={act.busy}
            onClick={() =>
              act.run(async () => {
                await api.call('PATCH', path, { redirect_uris: lines(text) });
                announce(t('saved'));
                onChanged();
              })
            }
          >
            {t('save')}
          </Button>
          <Button
            variant="secondary"
            busy={act.busy}
            onClick={() =>
              act.run(async () => {
                const a = await api.call<Record<string, unknown>>('POST', `${path}/rotate_secret`, {});
                onSecret(field(a, 'client_secret') || field(a['idp_client'] ?? a['client'], 'client_secret'));
              })
            }
          >
            {t('rotateClientSecret')}
          </Button>
          <ConfirmButton
            label={t('deleteClient', { id })}
            question={t('deleteClientConfirm', { id })}
            danger
            busy={act.busy}
            onConfirm={async () => {
              if (await act.run(() => api.call('DELETE', path))) onChanged();
            }}
          />
        </div>
        <ErrorText>{act.error}</ErrorText>
      </div>
    </li>
  );
}
