/**
 * Webhooks as an attack surface (issue 28), on SQLite and (TEST_DATABASE_URL) Postgres: a live project's
 * endpoint may not reach loopback, private, link-local or metadata addresses, by literal, by a name that
 * resolves there, by a name that rebinds there after the check, or by a redirect; bad input to every
 * `/v1/webhooks` route is a 4xx with a stable error_type; another project's endpoint ids read as unknown;
 * the secret is shown once and stored encrypted; a bad project file fails naming the file and the key.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Resolver } from '../../server/outbound/index.ts';
import { readLiveProjectFile } from '../../server/project/file.ts';
import { backendCall, type CallResult, createBackendSecret, type TestApp, tempDir, testApp, twoApps } from '../../server/test-helpers.ts';
import { startReceiver } from '../../server/webhooks/test-receiver.ts';

type Json = Record<string, unknown>;

const LIVE = {
  public_token: 'public-token-live-webhooks-0123456789',
  project_name: 'Live webhooks',
  allowed_origins: ['https://app.example.com'],
};

/** Names the tests point anywhere: `rebind.example` answers public first, loopback afterwards. */
function testResolver(): { resolve: Resolver; rebind(): void } {
  let rebound = false;
  const table: Record<string, string[]> = {
    'hooks.example': ['93.184.216.34'],
    'internal.example': ['10.0.0.7'],
    'mixed.example': ['93.184.216.34', '192.168.1.20'],
    'metadata.example': ['169.254.169.254'],
    'v6private.example': ['fd12::1'],
    'mapped.example': ['::ffff:127.0.0.1'],
  };
  return {
    resolve: async (host) => {
      const addresses = host === 'rebind.example' ? [rebound ? '127.0.0.1' : '93.184.216.34'] : (table[host] ?? []);
      if (addresses.length === 0) throw new Error('ENOTFOUND');
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
    rebind: () => {
      rebound = true;
    },
  };
}

function fails(r: CallResult, status: number, errorType: string): void {
  assert.equal(r.status, status, JSON.stringify(r.json));
  assert.equal(r.json.error_type, errorType, JSON.stringify(r.json));
}

describe('webhooks: SSRF on a live project', () => {
  let t: TestApp;
  let secret: string;
  const dns = testResolver();
  const v1 = (method: string, path: string, body?: unknown) => backendCall(t, secret, method, path, body);
  before(async () => {
    t = await testApp({ liveProject: LIVE, outboundResolver: dns.resolve, outboxAutoRun: false });
    secret = await createBackendSecret(t);
  });
  after(() => t.close());

  it('refuses loopback, private, link-local, metadata and plain-http targets, by address or by name', async () => {
    const refused: [string, string][] = [
      ['http://hooks.example/x', 'scheme'],
      ['https://127.0.0.1/x', 'loopback'],
      ['https://127.1.2.3:8443/x', 'loopback'],
      ['https://[::1]/x', 'loopback'],
      ['https://[::ffff:127.0.0.1]/x', 'loopback'],
      ['https://localhost/x', 'loopback'],
      ['https://169.254.169.254/latest/meta-data/', 'metadata'],
      ['https://[::ffff:a9fe:a9fe]/', 'metadata'],
      ['https://[fd00:ec2::254]/', 'metadata'],
      ['https://169.254.10.10/', 'link_local'],
      ['https://[fe80::1]/', 'link_local'],
      ['https://10.1.1.1/', 'private'],
      ['https://192.168.0.1/', 'private'],
      ['https://172.20.0.1/', 'private'],
      ['https://100.64.1.1/', 'cgnat'],
      ['https://0.0.0.0/', 'unspecified'],
      ['https://internal.example/hook', 'private'],
      ['https://mixed.example/hook', 'private'],
      ['https://metadata.example/hook', 'metadata'],
      ['https://v6private.example/hook', 'private'],
      ['https://mapped.example/hook', 'loopback'],
      ['https://unknown.example/hook', 'unresolvable'],
      ['https://user:pw@hooks.example/hook', 'credentials'],
    ];
    for (const [url, reason] of refused) {
      const r = await v1('POST', '/v1/webhooks', { url });
      fails(r, 400, 'invalid_webhook_url');
      assert.equal((r.json.error_details as Json | undefined)?.reason, reason, url);
    }
    assert.deepEqual((await v1('GET', '/v1/webhooks')).json.webhooks, []);
  });

  it('a name that rebinds to loopback after the check is refused at send time, before any connection', async () => {
    const rx = await startReceiver();
    try {
      const created = await v1('POST', '/v1/webhooks', { url: `https://rebind.example:${rx.port}/hook` });
      assert.equal(created.status, 200, JSON.stringify(created.json));
      const id = String((created.json.webhook as Json).webhook_id);
      // Changing the URL to a refused target is refused like creating one.
      fails(await v1('PUT', `/v1/webhooks/${id}`, { url: 'https://127.0.0.1/' }), 400, 'invalid_webhook_url');
      dns.rebind();
      assert.equal((await v1('POST', '/v1/users', { email: 'rebind@example.com' })).status, 200);
      await t.services.webhooks.drain();
      assert.equal(rx.received.length, 0);
      const [d] = (await v1('GET', `/v1/webhooks/${id}/deliveries`)).json.deliveries as Json[];
      assert.equal(d?.status, 'failed');
      assert.equal(d?.response_code, null);
      assert.match(String(d?.error), /loopback/);
    } finally {
      await rx.close();
    }
  });
});

describe('webhooks: a redirect is never followed', () => {
  it('a 3xx to the metadata address is a failed attempt; nothing else is requested', async () => {
    const t = await testApp({ outboxAutoRun: false });
    const rx = await startReceiver();
    try {
      const secret = await createBackendSecret(t);
      rx.status = 307;
      rx.answerHeaders = { location: 'http://169.254.169.254/latest/meta-data/iam/security-credentials/' };
      const w = (await backendCall(t, secret, 'POST', '/v1/webhooks', { url: rx.url })).json.webhook as Json;
      await backendCall(t, secret, 'POST', '/v1/users', { email: 'redirected@example.com' });
      await t.services.webhooks.drain();
      assert.equal(rx.received.length, 1);
      const [d] = (await backendCall(t, secret, 'GET', `/v1/webhooks/${String(w.webhook_id)}/deliveries`)).json.deliveries as Json[];
      assert.equal(d?.status, 'failed');
      assert.equal(d?.response_code, 307);
      assert.match(String(d?.error), /redirect/);
    } finally {
      await rx.close();
      await t.close();
    }
  });
});

describe('webhooks: bad input, other projects, the secret', () => {
  let t: TestApp;
  let secret: string;
  let id: string;
  let whsec: string;
  const logs: string[] = [];
  const v1 = (method: string, path: string, body?: unknown) => backendCall(t, secret, method, path, body);
  before(async () => {
    t = await testApp({ outboxAutoRun: false, logger: (l) => logs.push(l), log: true });
    secret = await createBackendSecret(t);
    const w = (await v1('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook' })).json.webhook as Json;
    id = String(w.webhook_id);
    whsec = String(w.secret);
  });
  after(() => t.close());

  it('every route answers bad input with a 4xx and a stable error_type', async () => {
    const cases: [string, string, unknown, number, string][] = [
      ['POST', '/v1/webhooks', {}, 400, 'invalid_request_body'],
      ['POST', '/v1/webhooks', { url: 'http://127.0.0.1/', extra: 1 }, 400, 'invalid_request_body'],
      ['POST', '/v1/webhooks', { url: 'http://127.0.0.1/', event_types: ['user.exploded'] }, 400, 'invalid_request_body'],
      ['POST', '/v1/webhooks', { url: 42 }, 400, 'invalid_request_body'],
      ['POST', '/v1/webhooks', { url: `http://127.0.0.1/${'a'.repeat(3000)}` }, 400, 'invalid_request_body'],
      ['POST', '/v1/webhooks', { url: 'javascript:alert(1)' }, 400, 'invalid_webhook_url'],
      ['POST', '/v1/webhooks', { url: 'http://169.254.169.254/' }, 400, 'invalid_webhook_url'],
      ['PUT', `/v1/webhooks/${id}`, { status: 'paused' }, 400, 'invalid_request_body'],
      ['PUT', `/v1/webhooks/${id}`, { url: 'file:///etc/passwd' }, 400, 'invalid_webhook_url'],
      ['PUT', '/v1/webhooks/webhook-test-nope', { status: 'enabled' }, 404, 'webhook_not_found'],
      ['DELETE', '/v1/webhooks/webhook-test-nope', undefined, 404, 'webhook_not_found'],
      ['GET', '/v1/webhooks/webhook-test-nope', undefined, 404, 'webhook_not_found'],
      ['POST', '/v1/webhooks/webhook-test-nope/rotate_secret', undefined, 404, 'webhook_not_found'],
      ['GET', '/v1/webhooks/webhook-test-nope/deliveries', undefined, 404, 'webhook_not_found'],
      ['GET', `/v1/webhooks/${id}/deliveries?limit=0`, undefined, 400, 'invalid_request_body'],
      ['GET', `/v1/webhooks/${id}/deliveries?limit=abc`, undefined, 400, 'invalid_request_body'],
      ['POST', '/v1/webhooks/webhook-test-nope/replay', { event_id: 'x' }, 404, 'webhook_not_found'],
      ['POST', `/v1/webhooks/${id}/replay`, {}, 400, 'invalid_request_body'],
      ['POST', `/v1/webhooks/${id}/replay`, { event_id: 'e', since: '2030-01-01T00:00:00Z' }, 400, 'invalid_request_body'],
      ['POST', `/v1/webhooks/${id}/replay`, { since: 'yesterday' }, 400, 'invalid_request_body'],
      ['POST', `/v1/webhooks/${id}/replay`, { event_id: 'event-test-unknown' }, 404, 'webhook_event_not_found'],
    ];
    for (const [method, path, body, status, errorType] of cases) fails(await v1(method, path, body), status, errorType);
    // Malformed JSON and no credentials at all.
    fails(
      await t.call('POST', '/v1/webhooks', {
        raw: '{"url":',
        headers: { authorization: `Basic ${Buffer.from(`${t.projectId}:${secret}`).toString('base64')}`, 'content-type': 'application/json' },
      }),
      400,
      'invalid_json',
    );
    const anonymous = await t.call('GET', '/v1/webhooks', { auth: false });
    assert.equal(anonymous.status, 401, JSON.stringify(anonymous.json));
  });

  it("another project's endpoint ids read as unknown", async () => {
    const apps = await twoApps({ outboxAutoRun: false }, { outboxAutoRun: false, liveProject: LIVE });
    try {
      const secretA = await createBackendSecret(apps.a);
      const secretB = await createBackendSecret(apps.b);
      const w = (await backendCall(apps.a, secretA, 'POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/a' })).json.webhook as Json;
      const other = String(w.webhook_id);
      for (const [method, path] of [
        ['GET', `/v1/webhooks/${other}`],
        ['DELETE', `/v1/webhooks/${other}`],
        ['POST', `/v1/webhooks/${other}/rotate_secret`],
        ['GET', `/v1/webhooks/${other}/deliveries`],
      ] as const) {
        fails(await backendCall(apps.b, secretB, method, path), 404, 'webhook_not_found');
      }
      assert.deepEqual((await backendCall(apps.b, secretB, 'GET', '/v1/webhooks')).json.webhooks, []);
      assert.equal((await backendCall(apps.a, secretA, 'GET', `/v1/webhooks/${other}`)).status, 200);
    } finally {
      await apps.close();
    }
  });

  it('the secret is shown once, stored encrypted, and never logged', async () => {
    const key = whsec.slice('whsec_'.length);
    const listed = await v1('GET', '/v1/webhooks');
    const one = await v1('GET', `/v1/webhooks/${id}`);
    const deliveries = await v1('GET', `/v1/webhooks/${id}/deliveries`);
    for (const r of [listed, one, deliveries]) assert.equal(JSON.stringify(r.json).includes(key), false);
    const row = await t.services.db.kysely.selectFrom('webhook_endpoints').selectAll().where('webhook_id', '=', id).executeTakeFirstOrThrow();
    assert.equal(JSON.stringify(row).includes(key), false);
    assert.equal(
      logs.some((l) => l.includes(key)),
      false,
    );
  });
});

describe('webhooks: the project file', () => {
  it('a refused URL or a malformed secret fails validation naming the file and the key', () => {
    const dir = tempDir();
    try {
      const file = join(dir.dir, 'project.json');
      writeFileSync(file, JSON.stringify({ ...LIVE, webhooks: [{ url: 'https://hooks.example/ok' }, { url: 'http://127.0.0.1/hook' }] }));
      assert.throws(
        () => readLiveProjectFile(file),
        (err: Error) => err.message.includes(file) && err.message.includes('webhooks[1].url'),
      );
      writeFileSync(file, JSON.stringify({ ...LIVE, webhooks: [{ url: 'https://hooks.example/ok', secret: 'hunter2' }] }));
      assert.throws(
        () => readLiveProjectFile(file),
        (err: Error) => err.message.includes(file) && /webhooks.*secret/.test(err.message),
      );
      writeFileSync(file, JSON.stringify({ ...LIVE, webhooks: [{ url: 'https://hooks.example/ok', event_types: ['user.created', 'nope'] }] }));
      assert.throws(
        () => readLiveProjectFile(file),
        (err: Error) => err.message.includes(file) && err.message.includes('webhooks'),
      );
      writeFileSync(file, JSON.stringify({ ...LIVE, webhooks: [{ url: 'https://hooks.example/ok', event_types: ['user.created'] }] }));
      assert.deepEqual(readLiveProjectFile(file).webhooks, [{ url: 'https://hooks.example/ok', event_types: ['user.created'] }]);
    } finally {
      dir.cleanup();
    }
  });

  it("the file's endpoints exist after start, follow the file, and go when it drops them", async () => {
    const rx = await startReceiver();
    const whsec = `whsec_${Buffer.from('a-file-secret-of-32-bytes-length').toString('base64')}`;
    const t = await testApp({ outboxAutoRun: false, webhooks: [{ url: rx.url, event_types: ['user.created'], secret: whsec }] });
    try {
      const secret = await createBackendSecret(t);
      const [w] = (await backendCall(t, secret, 'GET', '/v1/webhooks')).json.webhooks as Json[];
      assert.equal(w?.url, rx.url);
      assert.equal(w?.source, 'file');
      await backendCall(t, secret, 'POST', '/v1/users', { email: 'from-file@example.com' });
      await t.services.webhooks.drain();
      assert.equal(rx.received.length, 1);
      const { verifyReceived } = await import('../../server/webhooks/test-receiver.ts');
      assert.equal((verifyReceived(whsec, rx.received[0]!) as Json).type, 'user.created');
    } finally {
      await t.close();
      await rx.close();
    }
  });
});
