/**
 * `auth-elements-server webhooks …` (issue 28) against the database a running app uses (SQLite, and
 * Postgres with TEST_DATABASE_URL): create shows the secret once and the app delivers to the endpoint;
 * list never shows the secret; update, rotate-secret, deliveries, replay (same webhook-id) and delete.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { type CliHarness, cliHarness } from '../test-cli.ts';
import { createBackendSecret, backendCall, type TestApp } from '../test-helpers.ts';
import { type Receiver, startReceiver, verifyReceived } from './test-receiver.ts';

describe('webhooks CLI', () => {
  let h: CliHarness;
  let t: TestApp;
  let rx: Receiver;
  before(async () => {
    h = await cliHarness({ outboxAutoRun: false });
    t = h.t;
    rx = await startReceiver();
  });
  after(async () => {
    await h.close();
    await rx.close();
  });

  const cli = (...argv: string[]) => h.cli(...argv);

  it('create, list, deliveries, replay, update, rotate-secret, delete', async () => {
    const created = await cli('webhooks', 'create', '--url', rx.url, '--event', 'user.created');
    assert.equal(created.code, 0, created.err);
    const id = /created (\S+)/.exec(created.out)?.[1] ?? assert.fail(created.out);
    const secret = /secret: (whsec_\S+)/.exec(created.out)?.[1] ?? assert.fail(created.out);

    const list = await cli('webhooks', 'list', '--json');
    assert.equal(list.code, 0, list.err);
    assert.ok(!list.out.includes(secret.slice(6)));
    assert.deepEqual(
      (JSON.parse(list.out) as { webhook_id: string; event_types: string[] }[]).map((w) => [w.webhook_id, w.event_types]),
      [[id, ['user.created']]],
    );

    const backend = await createBackendSecret(t);
    assert.equal((await backendCall(t, backend, 'POST', '/v1/users', { email: 'cli-hook@example.com' })).status, 200);
    await t.services.webhooks.drain();
    assert.equal(rx.received.length, 1);
    const eventId = String((verifyReceived(secret, rx.received[0]!) as { event_id: string }).event_id);

    const deliveries = await cli('webhooks', 'deliveries', id, '--json');
    assert.equal(deliveries.code, 0, deliveries.err);
    const [d] = JSON.parse(deliveries.out) as { event_id: string; status: string; response_code: number }[];
    assert.deepEqual([d?.event_id, d?.status, d?.response_code], [eventId, 'succeeded', 200]);

    const replayed = await cli('webhooks', 'replay', id, '--event-id', eventId);
    assert.equal(replayed.code, 0, replayed.err);
    await t.services.webhooks.drain();
    assert.equal(rx.received.length, 2);
    assert.equal(rx.received[1]?.headers['webhook-id'], eventId);
    assert.equal((await cli('webhooks', 'replay', id)).code, 1);
    assert.equal((await cli('webhooks', 'replay', id, '--event-id', 'event-test-unknown')).code, 1);

    const rotated = await cli('webhooks', 'rotate-secret', id);
    const next = /secret: (whsec_\S+)/.exec(rotated.out)?.[1] ?? assert.fail(rotated.out);
    assert.notEqual(next, secret);

    const disabled = await cli('webhooks', 'update', id, '--disable');
    assert.equal(disabled.code, 0, disabled.err);
    assert.equal((JSON.parse(disabled.out) as { status: string }).status, 'disabled');
    assert.equal((await cli('webhooks', 'update', id, '--event', 'user.exploded')).code, 1);
    assert.equal((await cli('webhooks', 'create', '--url', 'ftp://example.com/')).code, 1);

    assert.equal((await cli('webhooks', 'delete', id)).code, 1, 'needs --yes');
    assert.equal((await cli('webhooks', 'delete', id, '--yes')).code, 0);
    assert.equal((await cli('webhooks', 'delete', id, '--yes')).code, 1);
    assert.match((await cli('webhooks', 'list')).out, /no webhook endpoints/);
  });
});
