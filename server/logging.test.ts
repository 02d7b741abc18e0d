import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InboxMessage } from '../sdk-core/schemas/index.ts';
import { incomingRequestId, maskAddress } from './ops/log.ts';
import { requestLogFromEnv } from './settings.ts';
import { sendOtp, testApp, wrongCode } from './test-helpers.ts';

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

  it('never writes a code, token, password, JWT or the local part of an email through sign-in flows', async () => {
    const lines: string[] = [];
    const t = await testApp({ log: true, logLevel: 'debug', logger: (l) => lines.push(l), bootstrap: { pkce_required_for_email_magic_links: false } });
    const secrets: string[] = [];
    try {
      // OTP: a wrong code, then the right one.
      const email = 'very.private.person@example.com';
      secrets.push('very.private.person');
      const { methodId, code } = await sendOtp(t, email);
      secrets.push(code);
      await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: wrongCode(code), method_id: methodId } });
      const ok = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: code, method_id: methodId, session_duration_minutes: 30 } });
      assert.equal(ok.status, 200);
      const sessionToken = String(ok.json.data!.session_token);
      secrets.push(sessionToken, String(ok.json.data!.session_jwt));
      await t.call('POST', '/sdk/v1/sessions/authenticate', { body: {}, secret: sessionToken });
      // Password: create, a wrong password, the right one.
      const pwEmail = 'another.secret.name@example.com';
      const password = 'correct horse battery staple 42!';
      secrets.push('another.secret.name', password);
      const created = await t.call('POST', '/sdk/v1/passwords', { body: { email: pwEmail, password, session_duration_minutes: 30 } });
      assert.equal(created.status, 200, JSON.stringify(created.json));
      await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email: pwEmail, password: `${password}x` } });
      const pw = await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email: pwEmail, password, session_duration_minutes: 30 } });
      assert.equal(pw.status, 200);
      secrets.push(String(pw.json.data!.session_token));
      // Magic link: the token in the link.
      const mlEmail = 'third.hidden.local@example.com';
      secrets.push('third.hidden.local');
      const sent = await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', {
        body: { email: mlEmail, login_magic_link_url: 'http://localhost:3000/a', signup_magic_link_url: 'http://localhost:3000/a' },
      });
      assert.equal(sent.status, 200);
      const inbox = await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(mlEmail)}`);
      const link = (inbox.json.messages as InboxMessage[])[0]!.link!;
      const linkToken = new URL(link).searchParams.get('token')!;
      secrets.push(linkToken);
      assert.equal((await t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { token: linkToken, session_duration_minutes: 30 } })).status, 200);

      assert.ok(lines.length >= 10, `request lines were written (${lines.length})`);
      const all = lines.join('\n');
      for (const s of secrets) assert.ok(!all.includes(s), `the log holds ${s.slice(0, 12)}...`);
      for (const l of lines) JSON.parse(l);
    } finally {
      await t.close();
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
