import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { incomingRequestId, maskAddress } from './ops/log.ts';
import { requestLogFromEnv } from './settings.ts';
import { testApp } from './test-helpers.ts';

describe('structured logs', () => {
  it('writes one JSON line per request: request id (also in X-Request-Id), route pattern, status, ms, project, ip', async () => {
    const lines: string[] = [];
    const t = await testApp({ log: true, logger: (l) => lines.push(l) });
    try {
      const r = await t.call('GET', `/sdk/v1/projects/bootstrap/${t.publicToken}`, { auth: false });
      const bad = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { raw: '{', headers: { 'content-type': 'application/json' } });
      const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      assert.equal(entries.length, 2);
      const requestId = (r.json.data as { request_id: string }).request_id;
      assert.equal(r.headers.get('x-request-id'), requestId);
      assert.deepEqual(
        { ...entries[0], time: undefined, ms: undefined },
        {
          time: undefined,
          ms: undefined,
          level: 'info',
          msg: 'request',
          request_id: requestId,
          method: 'GET',
          // The pattern, not the path: paths can carry tokens and addresses.
          route: '/sdk/v1/projects/bootstrap/:public_token',
          status: 200,
          project_id: t.projectId,
          ip: entries[0]!.ip,
        },
      );
      assert.equal(typeof entries[0]!.ms, 'number');
      assert.ok(!Number.isNaN(Date.parse(String(entries[0]!.time))));
      assert.equal(entries[1]!.status, 400);
      assert.equal(entries[1]!.error_type, 'invalid_json');
      assert.equal(entries[1]!.request_id, bad.json.request_id);
    } finally {
      await t.close();
    }
  });

  it('keeps a sane incoming X-Request-Id (one id across proxy and server) and replaces an insane one', async () => {
    const lines: string[] = [];
    const t = await testApp({ log: true, logger: (l) => lines.push(l) });
    try {
      const mine = 'edge-7f3a9c21-0001';
      const r = await t.call('GET', `/sdk/v1/projects/bootstrap/${t.publicToken}`, { auth: false, headers: { 'x-request-id': mine } });
      assert.equal(r.headers.get('x-request-id'), mine);
      assert.equal((r.json.data as { request_id: string }).request_id, mine);
      assert.equal((JSON.parse(lines[0]!) as { request_id: string }).request_id, mine);
      for (const insane of ['short', 'x'.repeat(129), 'has space 12345', '"><script>alert(1)</script>']) {
        const q = await t.call('GET', `/sdk/v1/projects/bootstrap/${t.publicToken}`, { auth: false, headers: { 'x-request-id': insane } });
        assert.match(q.headers.get('x-request-id') ?? '', /^request-id-test-/);
      }
      assert.equal(incomingRequestId(undefined), undefined);
    } finally {
      await t.close();
    }
  });

  it('levels: health probes log at debug, so LOG_LEVEL=info leaves them out and debug shows them', async () => {
    for (const [logLevel, expected] of [
      ['info', 0],
      ['debug', 2],
    ] as const) {
      const lines: string[] = [];
      const t = await testApp({ log: true, logLevel, logger: (l) => lines.push(l) });
      try {
        await t.call('GET', '/healthz', { auth: false });
        await t.call('GET', '/readyz', { auth: false });
        assert.equal(lines.length, expected, logLevel);
        if (expected) assert.equal((JSON.parse(lines[0]!) as { level: string }).level, 'debug');
      } finally {
        await t.close();
      }
    }
  });

  it('masks addresses it must name: an email keeps its domain, a phone its last two digits', () => {
    assert.equal(maskAddress('jane.doe@example.com'), '***@example.com');
    assert.equal(maskAddress('+1 415 555 0142'), '***42');
  });

  it('LOG_LEVEL warn or error turns the request log off (server/main.ts and the demos read it alike)', () => {
    assert.deepEqual(
      [undefined, '', 'info', 'debug', 'warn', 'error'].map((LOG_LEVEL) => requestLogFromEnv({ LOG_LEVEL })),
      [true, true, true, true, false, false],
    );
  });
});
