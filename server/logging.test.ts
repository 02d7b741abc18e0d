import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { requestLogFromEnv } from './settings.ts';
import { testApp } from './test-helpers.ts';

describe('structured logs', () => {
  it('writes one JSON line per request carrying the request id the client got', async () => {
    const lines: string[] = [];
    const t = await testApp({ log: true, logger: (l) => lines.push(l) });
    try {
      const r = await t.call('GET', `/sdk/v1/projects/bootstrap/${t.publicToken}`, { auth: false });
      const bad = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { raw: '{', headers: { 'content-type': 'application/json' } });
      const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      assert.equal(entries.length, 2);
      assert.deepEqual(
        { ...entries[0], time: undefined, ms: undefined },
        {
          time: undefined,
          ms: undefined,
          level: 'info',
          request_id: (r.json.data as { request_id: string }).request_id,
          method: 'GET',
          path: `/sdk/v1/projects/bootstrap/${t.publicToken}`,
          status: 200,
          ip: entries[0]!.ip,
        },
      );
      assert.equal(typeof entries[0]!.ms, 'number');
      assert.ok(!Number.isNaN(Date.parse(String(entries[0]!.time))));
      assert.equal(entries[1]!.status, 400);
      assert.equal(entries[1]!.request_id, bad.json.request_id);
    } finally {
      await t.close();
    }
  });

  it('LOG_LEVEL warn or error turns the request log off (server/main.ts and the demos read it alike)', () => {
    assert.deepEqual(
      [undefined, '', 'info', 'debug', 'warn', 'error'].map((LOG_LEVEL) => requestLogFromEnv({ LOG_LEVEL })),
      [true, true, true, true, false, false],
    );
  });
});
