/**
 * A `kill -9` of the server in the middle of webhook deliveries loses no event (issue 28), on SQLite and
 * (TEST_DATABASE_URL) Postgres: a server process accepts users through `/v1` while the receiver holds
 * every delivery open; the process is killed; an instance started on the same database once the dead
 * process's leases have expired delivers every event the killed process acknowledged, signed, with the
 * same webhook-id. One process start.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli } from '../cli.ts';
import { basic, startServerProcess, testApp, testStore } from '../test-helpers.ts';
import { startReceiver, verifyReceived } from './test-receiver.ts';
import { WEBHOOK_LEASE_MS } from './worker.ts';

describe('webhooks durability', () => {
  it('kill -9 mid-delivery loses no acknowledged event', async () => {
    const store = await testStore();
    const rx = await startReceiver();
    const env: Record<string, string> = store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : { DATA_DIR: store.dataDir ?? '' };
    const cli = async (...argv: string[]) => {
      let out = '';
      let err = '';
      const code = await runCli(argv, { out: (s) => (out += s), err: (s) => (err += s), env, now: Date.now });
      assert.equal(code, 0, err);
      return out;
    };
    const server = await startServerProcess(store);
    let whsec = '';
    const acknowledged: string[] = [];
    try {
      const [project] = JSON.parse(await cli('projects', 'list', '--json')) as { project_id: string }[];
      const projectId = project?.project_id ?? assert.fail('no project');
      const { secret } = JSON.parse(await cli('secrets', 'create', '--json')) as { secret: string };
      whsec = /secret: (whsec_\S+)/.exec(await cli('webhooks', 'create', '--url', rx.url, '--event', 'user.created'))?.[1] ?? assert.fail('no secret');

      rx.hang = true;
      for (let i = 0; i < 6; i++) {
        const r = await fetch(`${server.url}/v1/users`, {
          method: 'POST',
          headers: { authorization: basic(projectId, secret), 'content-type': 'application/json' },
          body: JSON.stringify({ email: `killed-${i}@example.com` }),
        });
        const text = await r.text();
        assert.equal(r.status, 200, text);
        acknowledged.push(String((JSON.parse(text) as { user_id: string }).user_id));
      }
      // Deliveries are under way (held open by the receiver) when the process dies.
      for (const deadline = Date.now() + 30_000; rx.received.length === 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
      assert.ok(rx.received.length > 0, 'a delivery was in flight');
      const exited = new Promise((r) => server.child.once('exit', r));
      server.child.kill('SIGKILL');
      await exited;
    } finally {
      await server.stop();
    }

    rx.hang = false;
    const heldOpen = rx.received.length;
    // Another instance on the same database, once the dead process's claims have expired.
    const app = await testApp({ outboxAutoRun: false }, { store, clock: { t: Date.now() + WEBHOOK_LEASE_MS + 5_000 } });
    try {
      await app.services.webhooks.drain();
      const events = await app.services.db.kysely.selectFrom('webhook_events').select(['event_id', 'body']).where('type', '=', 'user.created').execute();
      assert.deepEqual(events.map((e) => (JSON.parse(e.body) as { user_id: string }).user_id).sort(), [...acknowledged].sort());
      const delivered = new Set(rx.received.slice(heldOpen).map((g) => String((verifyReceived(whsec, g) as { event_id: string }).event_id)));
      assert.deepEqual([...delivered].sort(), events.map((e) => e.event_id).sort());
      for (const g of rx.received.slice(heldOpen)) assert.equal(g.headers['webhook-id'], (g.json as { event_id: string }).event_id);
      const pending = await app.services.db.kysely.selectFrom('webhook_messages').select('status').where('status', '!=', 'delivered').execute();
      assert.deepEqual(pending, []);
    } finally {
      await app.close();
      await rx.close();
      await store.cleanup();
    }
  });
});
