/**
 * Webhooks (issue 31): the endpoints (`GET /v1/webhooks`), each one's deliveries with their status
 * (`GET /v1/webhooks/:id/deliveries`) and replay of a delivery's event (`POST /v1/webhooks/:id/replay`
 * with its `event_id`). docs/reference/wire-protocol.md#backend-api.
 */
import { useState } from 'react';
import { Button } from '../../../react-internals/components/Button.tsx';
import { t } from '../strings.ts';
import { ErrorText, field, listOf, Page, useAction, useAdmin, useLoad, when } from '../ui.tsx';

/** The webhooks page. */
export default function Webhooks() {
  const { api } = useAdmin();
  const hooks = useLoad(() => api.call<Record<string, unknown>>('GET', '/v1/webhooks'), []);
  const [open, setOpen] = useState('');
  const list = listOf(hooks.data, 'webhooks');
  return (
    <Page title={t('navWebhooks')}>
      <ErrorText>{hooks.error}</ErrorText>
      <section className="adm-section" aria-labelledby="webhook-endpoints">
        <h2 id="webhook-endpoints">{t('webhookEndpoints')}</h2>
        {hooks.data && list.length === 0 ? <p>{t('noEndpoints')}</p> : null}
        <ul className="adm-list">
          {list.map((w) => {
            const id = field(w, 'webhook_id');
            const events = Array.isArray(w['event_types']) ? (w['event_types'] as string[]).join(', ') : '';
            return (
              <li key={id}>
                <span>
                  <span className="adm-mono">{field(w, 'url')}</span>
                  <br />
                  <span className="adm-muted">
                    {id} · {field(w, 'status')}
                    {events ? ` · ${t('webhookEvents')}: ${events}` : ''}
                  </span>
                </span>
                <Button variant="secondary" aria-expanded={open === id} onClick={() => setOpen(open === id ? '' : id)}>
                  {t('showDeliveries')}
                </Button>
              </li>
            );
          })}
        </ul>
      </section>
      {open ? <Deliveries webhookId={open} /> : null}
    </Page>
  );
}

function Deliveries({ webhookId }: { webhookId: string }) {
  const { api, announce } = useAdmin();
  const path = `/v1/webhooks/${encodeURIComponent(webhookId)}`;
  const deliveries = useLoad(() => api.call<Record<string, unknown>>('GET', `${path}/deliveries?limit=50`), [webhookId]);
  const act = useAction();
  const list = listOf(deliveries.data, 'deliveries');
  return (
    <section className="adm-section" aria-labelledby="webhook-deliveries">
      <h2 id="webhook-deliveries">{t('webhookDeliveries', { id: webhookId })}</h2>
      <ErrorText>{deliveries.error || act.error}</ErrorText>
      {deliveries.data && list.length === 0 ? <p>{t('noDeliveries')}</p> : null}
      {list.length > 0 ? (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">{t('deliveryEvent')}</th>
                <th scope="col">{t('deliveryStatus')}</th>
                <th scope="col">{t('deliveryAttempts')}</th>
                <th scope="col">{t('deliveryWhen')}</th>
                <th scope="col">
                  <span className="ae-visually-hidden">{t('replay')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((d) => {
                const eventId = field(d, 'event_id');
                return (
                  <tr key={field(d, 'delivery_id') || `${eventId}-${field(d, 'attempt')}`}>
                    <td className="adm-mono">{eventId}</td>
                    <td data-delivery-status={field(d, 'status')}>
                      {field(d, 'status')} {field(d, 'response_code')}
                    </td>
                    <td>{field(d, 'attempt')}</td>
                    <td>{when(d['created_at'])}</td>
                    <td>
                      <Button
                        variant="secondary"
                        busy={act.busy}
                        aria-label={`${t('replay')} ${eventId}`}
                        onClick={() =>
                          act.run(async () => {
                            await api.call('POST', `${path}/replay`, { event_id: eventId });
                            announce(t('replayed'));
                            deliveries.reload();
                          })
                        }
                      >
                        {t('replay')}
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
