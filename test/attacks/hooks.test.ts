/**
 * Attacks on the blocking hooks (issue 28, server/README.md "Blocking hooks"): hook targets that would
 * turn the server into a proxy onto its own network are refused at start on live projects; a hook's
 * answer cannot inject headers or markup, forge reserved claims, oversize what it adds, redirect the call
 * or be answered by someone without the secret; parallel sign-ups still create one user. SQLite and Postgres.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ApiError as ClientApiError } from '../../sdk-core/index.ts';
import { errorText } from '../../react-internals/errors.ts';
import { resolveStrings } from '../../react-internals/strings.ts';
import type { AppOptions } from '../../server/app.ts';
import { type HookReceiver, hookReceiver, newWhsec } from '../../server/hooks/test-receiver.ts';
import { runCli } from '../../server/cli.ts';
import { readLiveProjectFile } from '../../server/project/file.ts';
import { login, tempDir, testApp } from '../../server/test-helpers.ts';

let rx: HookReceiver;
before(async () => {
  rx = await hookReceiver();
});
after(() => rx.close());

const app = (opts: Partial<AppOptions>) => testApp(opts, { clock: { t: Date.now() } });
const live = { public_token: 'public-token-live-hooksattack01', project_name: 'Hooks', allowed_origins: ['https://app.example.com'] };
const hook = (url: string) => ({ url, secret: newWhsec(), on_failure: 'closed' as const });

describe('hook targets of a live project (SSRF)', () => {
  for (const url of [
    'https://127.0.0.1/hook',
    'https://[::1]/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://10.0.0.7/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://localhost/hook',
    'http://hooks.example.com/hook',
    'https://user:pw@hooks.example.com/hook',
  ]) {
    it(`refuses ${url} at start, naming the key`, async () => {
      await assert.rejects(testApp({ liveProject: { ...live, hooks: { before_user_create: hook(url) } } }), /hooks\.before_user_create\.url/);
    });
  }

  it('the project file names itself and the key: a bad URL, secret or timeout', () => {
    const tmp = tempDir();
    try {
      const path = join(tmp.dir, 'project.json');
      const refusal = (hooks: unknown): string => {
        writeFileSync(path, JSON.stringify({ ...live, hooks }));
        try {
          readLiveProjectFile(path);
          return '';
        } catch (err) {
          return (err as Error).message;
        }
      };
      const url = refusal({ send_message: hook('http://127.0.0.1:9/hook') });
      assert.match(url, new RegExp(`PROJECT_CONFIG ${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is invalid`));
      assert.match(url, /hooks\.send_message\.url/);
      assert.match(refusal({ session_claims: { ...hook('https://hooks.example.com/c'), secret: 'hunter2' } }), /\.hooks\.session_claims\.secret/);
      assert.match(refusal({ session_claims: { ...hook('https://hooks.example.com/c'), timeout_ms: 60_000 } }), /\.hooks\.session_claims\.timeout_ms/);
      assert.match(refusal({ session_claims: { ...hook('https://hooks.example.com/c'), on_failure: 'maybe' } }), /\.hooks\.session_claims\.on_failure/);
      assert.match(refusal({ before_signup: hook('https://hooks.example.com/c') }), /before_signup/);
      assert.equal(refusal({ session_claims: hook('https://hooks.example.com/c') }), '');
    } finally {
      tmp.cleanup();
    }
  });

  it('check-config refuses a hook whose host resolves to a refused address, as the start does', async () => {
    const tmp = tempDir();
    try {
      const path = join(tmp.dir, 'project.json');
      writeFileSync(path, JSON.stringify({ ...live, hooks: { send_message: hook('https://localhost/hook') } }));
      const err: string[] = [];
      const io = { out: () => undefined, err: (text: string) => void err.push(text), env: { PROJECT_CONFIG: path }, now: Date.now };
      assert.equal(await runCli(['check-config'], io), 2);
      assert.match(err.join(''), /hooks\.send_message\.url "https:\/\/localhost\/hook" is refused/);
    } finally {
      tmp.cleanup();
    }
  });

  it('a test project may call loopback but not the metadata address', async () => {
    await assert.rejects(app({ hooks: { before_user_create: hook('http://169.254.169.254/latest') } }), /hooks\.before_user_create\.url/);
    const t = await app({ hooks: rx.hooks({ before_user_create: { on_failure: 'closed' } }) });
    await t.close();
  });
});

describe("a hook's answer", () => {
  it('a deny message cannot carry line breaks or control characters; markup stays text the widget shows as is', async () => {
    rx.answer('before_user_create', { json: { decision: 'deny', message: `No.\r\nX-Injected: 1\u0000<img src=x onerror=alert(1)>${'x'.repeat(1000)}` } });
    const t = await app({ hooks: rx.hooks({ before_user_create: { on_failure: 'closed' } }) });
    try {
      const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'deny@example.com' } });
      assert.equal(r.status, 403);
      assert.equal(r.headers.get('x-injected'), null);
      const message = String(r.json.error_message);
      assert.ok(!['\r', '\n', '\u0000'].some((ch) => message.includes(ch)));
      assert.ok(message.startsWith('No. X-Injected: 1 <img'));
      assert.equal([...message].length, 300);
      // The widget shows a user_creation_denied error by the server's message (no fixed text replaces it).
      const err = new ClientApiError({ status_code: 403, error_type: 'user_creation_denied', error_message: message, error_url: 'https://x', request_id: 'r' });
      assert.equal(errorText(err, resolveStrings()), message);
    } finally {
      await t.close();
    }
  });

  for (const [what, answer] of [
    ['a redirect (not followed)', { status: 302, json: {} }],
    ['oversized metadata', { json: { decision: 'allow', trusted_metadata: { blob: 'x'.repeat(5000) } } }],
    ['metadata that is not an object', { json: { decision: 'allow', untrusted_metadata: ['a'] } }],
    ['a body that is not JSON', { raw: '<html>ok</html>' }],
  ] as const) {
    it(`${what} is a failure (fail closed refuses with hook_unavailable)`, async () => {
      rx.answer('before_user_create', answer);
      const t = await app({ hooks: rx.hooks({ before_user_create: { on_failure: 'closed' } }) });
      try {
        const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'fail@example.com' } });
        assert.equal(r.status, 503);
        assert.equal(r.json.error_type, 'hook_unavailable');
        const users = await t.services.db.kysely.selectFrom('users').select('user_id').where('project_id', '=', t.projectId).execute();
        assert.equal(users.length, 0);
      } finally {
        await t.close();
      }
    });
  }

  it('is only taken from the holder of the secret: a call signed with another secret fails verification, and the hook fails', async () => {
    rx.answer('before_user_create', { json: { decision: 'allow' } });
    const hooks = rx.hooks({ before_user_create: { on_failure: 'closed' } });
    const t = await app({ hooks: { before_user_create: { ...hooks.before_user_create!, secret: newWhsec() } } });
    try {
      const before = rx.calls.length;
      const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'sig@example.com' } });
      assert.equal(r.status, 503);
      assert.equal(rx.calls.slice(before).at(-1)?.verified, false);
    } finally {
      await t.close();
    }
  });

  it('oversized claims are a failure; reserved claims never reach the JWT', async () => {
    rx.answer('session_claims', { json: { claims: { big: 'x'.repeat(5000) } } });
    const t = await app({ hooks: rx.hooks({ session_claims: { on_failure: 'open' } }) });
    try {
      const s = await login(t, 'claims@example.com');
      const payload = JSON.parse(Buffer.from(String(s.data.session_jwt).split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
      assert.ok(!('big' in payload));
    } finally {
      await t.close();
    }
  });
});

describe('parallel sign-ups with a hook', () => {
  it('five parallel sign-ups of one address create one user', async () => {
    rx.answer('before_user_create', { json: { decision: 'allow', trusted_metadata: { via: 'hook' } } });
    const t = await app({ hooks: rx.hooks({ before_user_create: { on_failure: 'closed' } }) });
    try {
      const rs = await Promise.all(
        Array.from({ length: 5 }, () => t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'race@example.com' } })),
      );
      for (const r of rs) assert.equal(r.status, 200, JSON.stringify(r.json));
      const users = await t.services.db.kysely.selectFrom('users').select(['user_id', 'trusted_metadata']).where('project_id', '=', t.projectId).execute();
      assert.equal(users.length, 1);
      assert.deepEqual(JSON.parse(users[0]?.trusted_metadata ?? '{}'), { via: 'hook' });
    } finally {
      await t.close();
    }
  });
});
