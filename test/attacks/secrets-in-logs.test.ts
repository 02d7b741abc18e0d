/**
 * Attack (issue 18, logs): secrets in the logs. Logs travel further than the database (log pipelines,
 * support tickets, vendors), so a code, a session token, a password or an address written there leaks
 * them. Request lines carry the route pattern, never the path or query (a token or address can be in
 * either); the request id a caller sends is kept only when it is a short safe string, so no one can
 * forge a log line through it. Every sign-in flow's secrets are looked for in every line.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InboxMessage } from '../../sdk-core/schemas/index.ts';
import { sendOtp, testApp, wrongCode } from '../../server/test-helpers.ts';

describe('secrets in logs', () => {
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

  it('a forged X-Request-Id cannot add or shape a log line; a path holding an address or token is not logged', async () => {
    const lines: string[] = [];
    const t = await testApp({ log: true, logger: (l) => lines.push(l) });
    try {
      const forged = 'abcdefgh\n{"level":"error","msg":"request","status":500}';
      const r = await t.call('GET', '/healthz', { auth: false, headers: { 'x-request-id': forged.replace('\n', ' ') } });
      assert.match(r.headers.get('x-request-id') ?? '', /^request-id-test-/);
      await t.call('GET', '/sdk/v1/magic_links/redirect?token=secret-link-token-123&email=victim%40example.com', { auth: false });
      await t.call('GET', '/sdk/v1/users/victim%40example.com/secret-path-token-456', { auth: false });
      assert.equal(lines.length, 2, 'one line per request (the probe logs at debug)');
      for (const l of lines) {
        const entry = JSON.parse(l) as { route: string };
        assert.equal(entry.route, 'unmatched');
      }
      const all = lines.join('\n');
      for (const s of ['secret-link-token-123', 'victim', 'secret-path-token-456']) assert.ok(!all.includes(s), s);
    } finally {
      await t.close();
    }
  });
});
