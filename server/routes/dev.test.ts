import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sendOtp, testApp } from '../test-helpers.ts';

describe("the demo's two-step switch POST /dev/mfa (test project)", () => {
  it("sets the running project's policy (the bootstrap and the next sign-in follow), keeps the rest of `mfa`, refuses other values", async () => {
    const t = await testApp({ mfa: { trust_device_days: 7 } });
    try {
      const set = await t.call('POST', '/dev/mfa', { body: { policy: 'required' } });
      assert.equal(set.status, 200, JSON.stringify(set.json));
      const boot = await t.call('GET', `/sdk/v1/projects/bootstrap/${t.publicToken}`);
      assert.equal((boot.json.data as { mfa: { policy: string; trust_device_days: number } }).mfa.policy, 'required');
      assert.equal((boot.json.data as { mfa: { trust_device_days: number } }).mfa.trust_device_days, 7);
      const { methodId, code } = await sendOtp(t, 'switch@example.com');
      const signIn = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: code, method_id: methodId } });
      assert.equal(signIn.status, 200);
      assert.match(String((signIn.json.data as Record<string, unknown>).intermediate_session_token), /^ist_/);
      for (const policy of ['always', '', 3]) assert.equal((await t.call('POST', '/dev/mfa', { body: { policy } })).status, 400, String(policy));
      assert.equal((await t.call('POST', '/dev/mfa', { body: { policy: 'off' } })).status, 200);
      const again = await sendOtp(t, 'switch@example.com');
      const off = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: again.code, method_id: again.methodId } });
      assert.ok((off.json.data as Record<string, unknown>).session_token, 'policy off: a session at once');
    } finally {
      await t.close();
    }
  });
});

describe('dev inbox (test project)', () => {
  it('inbox.json is newest first, filters by ?to=, and DELETE empties it', async () => {
    const t = await testApp();
    try {
      await sendOtp(t, 'one@example.com');
      t.advance(10);
      await sendOtp(t, 'two@example.com');
      const all = await t.call('GET', '/dev/inbox.json');
      const msgs = all.json.messages as { to: string; link: null; code: string; id: string; sent_at: string; subject: string; text: string; channel: string }[];
      assert.deepEqual(
        msgs.map((m) => m.to),
        ['two@example.com', 'one@example.com'],
      );
      assert.deepEqual(Object.keys(msgs[0]!).sort(), ['channel', 'code', 'id', 'link', 'sent_at', 'subject', 'text', 'to']);
      assert.equal(msgs[0]!.link, null);
      const one = await t.call('GET', '/dev/inbox.json?to=ONE@example.com');
      assert.deepEqual(
        (one.json.messages as { to: string }[]).map((m) => m.to),
        ['one@example.com'],
      );
      const del = await t.call('DELETE', '/dev/inbox.json', { auth: false, origin: 'http://localhost:4000' });
      assert.equal(del.status, 200);
      assert.equal(del.headers.get('access-control-allow-origin'), 'http://localhost:4000');
      assert.deepEqual((await t.call('GET', '/dev/inbox.json')).json.messages, []);
      const pre = await t.call('OPTIONS', '/dev/inbox.json', {
        auth: false,
        origin: 'http://127.0.0.1:4000',
        headers: { 'access-control-request-method': 'DELETE' },
      });
      assert.equal(pre.status, 204);
      assert.equal(pre.headers.get('access-control-allow-origin'), 'http://127.0.0.1:4000');
    } finally {
      await t.close();
    }
  });

  it('the HTML inbox escapes message text', async () => {
    const t = await testApp();
    try {
      // Markup in an address is refused outright (one strict email syntax, docs/reference/security.md#email-syntax)...
      await assert.rejects(sendOtp(t, 'x+<b>bold</b>@example.com'), /invalid_email/);
      // ...so the attacker's text on this page is what a bounce report says about an address.
      await sendOtp(t, 'x@example.com');
      await t.call('POST', '/dev/bounce', { body: { email: 'x@example.com', detail: '<b>bold</b>' } });
      const r = await t.call('GET', '/dev/inbox');
      const html = String(r.json.text);
      assert.equal(r.status, 200);
      assert.match(r.headers.get('content-type') ?? '', /text\/html/);
      assert.ok(!html.includes('<b>bold</b>'));
      assert.ok(html.includes('&#60;b&#62;bold&#60;/b&#62;'));
      assert.match(r.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    } finally {
      await t.close();
    }
  });

  it('project.json names the public token and the origins', async () => {
    const t = await testApp();
    try {
      const r = await t.call('GET', '/dev/project.json', { auth: false });
      assert.equal(r.json.public_token, t.publicToken);
      assert.match(String(r.json.public_token), /^public-token-test-[0-9a-f-]{36}$/);
      assert.equal(r.json.project_name, 'Auth Elements Demo');
      assert.ok((r.json.allowed_origins as string[]).includes('http://localhost:*'));
      assert.ok((r.json.redirect_urls as string[]).includes('http://localhost:*/'));
    } finally {
      await t.close();
    }
  });

  it('a live project has no /dev/* (404) and serves its own token', async () => {
    const lines: string[] = [];
    const t = await testApp({
      liveProject: {
        public_token: 'public-token-live-0123456789abcdef',
        project_name: 'Live Co',
        allowed_origins: ['https://app.example.com'],
        redirect_urls: ['https://app.example.com/auth/'],
      },
      logger: (l) => lines.push(l),
    });
    try {
      assert.equal(t.publicToken, 'public-token-live-0123456789abcdef');
      for (const path of ['/dev/inbox', '/dev/inbox.json', '/dev/project.json']) {
        const r = await t.call('GET', path);
        assert.equal(r.status, 404, path);
        assert.equal(r.json.error_type, 'not_found');
      }
      assert.equal((await t.call('DELETE', '/dev/inbox.json')).status, 404);
      // The demo's two-step switch does not exist for a live project: its policy is its project file's.
      assert.equal((await t.call('POST', '/dev/mfa', { body: { policy: 'off' } })).status, 404);
      const boot = await t.call('GET', '/sdk/v1/projects/bootstrap/public-token-live-0123456789abcdef', { origin: 'https://app.example.com' });
      assert.equal(boot.json.data!.project_name, 'Live Co');
      assert.equal(boot.headers.get('access-control-allow-origin'), 'https://app.example.com');
      const local = await t.call('GET', '/sdk/v1/projects/bootstrap/public-token-live-0123456789abcdef', { origin: 'http://localhost:3000' });
      assert.equal(local.json.error_type, 'invalid_origin');
      // Sends work; without SMTP the message is dropped with a log line that never holds the code.
      const send = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'live@example.com' } });
      assert.equal(send.status, 200);
      assert.match(String(send.json.data!.user_id), /^user-live-/);
      await t.services.outbox.drain();
      assert.ok(lines.some((l) => l.includes('message dropped') && l.includes('"to":"***@example.com"')));
      assert.ok(!lines.some((l) => /\d{6}/.test(l)));
    } finally {
      await t.close();
    }
  });
});
