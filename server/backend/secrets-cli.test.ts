/**
 * `auth-elements-server secrets create | list | revoke` (issue 27) against the database a running app
 * uses (SQLite, and Postgres with TEST_DATABASE_URL): a created secret works at once on `/v1`, is shown
 * only at creation, several work side by side, a revoked one stops; a live project's secrets say `live`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { type CliHarness, cliHarness } from '../test-cli.ts';
import { backendCall, login, type TestApp } from '../test-helpers.ts';

describe('secrets CLI', () => {
  let h: CliHarness;
  let t: TestApp;
  let userId: string;
  before(async () => {
    h = await cliHarness();
    t = h.t;
    userId = String((await login(t, 'cli-secret@example.com')).data.user_id);
  });
  after(() => h.close());

  const cli = (...argv: string[]) => h.cli(...argv);

  it('create shows the secret once; it works at once; list never shows it; two work side by side; revoke stops one', async () => {
    const first = await cli('secrets', 'create');
    assert.equal(first.code, 0, first.err);
    const secret = /secret: (secret-test-\S+)/.exec(first.out)?.[1] ?? assert.fail(first.out);
    const id = /created (\S+)/.exec(first.out)?.[1] ?? assert.fail(first.out);
    // Listed oldest first.
    t.advance(1);
    const second = JSON.parse((await cli('secrets', 'create', '--json')).out) as { secret_id: string; secret: string };
    assert.match(second.secret, /^secret-test-/);
    for (const s of [secret, second.secret]) assert.equal((await backendCall(t, s, 'GET', `/v1/users/${userId}`)).status, 200);

    const list = await cli('secrets', 'list', '--json');
    assert.equal(list.code, 0, list.err);
    assert.ok(!list.out.includes(secret) && !list.out.includes(second.secret));
    const rows = JSON.parse(list.out) as { secret_id: string; last_used_at: string | null; revoked_at: string | null }[];
    assert.deepEqual(
      rows.map((r) => r.secret_id),
      [id, second.secret_id],
    );
    assert.equal(rows[0]?.last_used_at, new Date(t.clock.t).toISOString());
    assert.ok(!(await cli('secrets', 'list')).out.includes(secret));

    const revoked = await cli('secrets', 'revoke', id);
    assert.equal(revoked.code, 0, revoked.err);
    assert.equal((await backendCall(t, secret, 'GET', `/v1/users/${userId}`)).status, 401);
    assert.equal((await backendCall(t, second.secret, 'GET', `/v1/users/${userId}`)).status, 200);
    assert.match((await cli('secrets', 'list')).out, /revoked/);
    const again = await cli('secrets', 'revoke', id);
    assert.equal(again.code, 1);
    assert.equal((await cli('secrets', 'revoke')).code, 1);
  });

  it('a live project’s secret is secret-live-…; with several projects, --project names one', async () => {
    const made = JSON.parse((await cli('projects', 'create', '--name', 'Live', '--live', '--json')).out) as { project_id: string };
    assert.equal((await cli('secrets', 'create')).code, 1);
    const live = JSON.parse((await cli('secrets', 'create', '--project', made.project_id, '--json')).out) as { secret: string };
    assert.match(live.secret, /^secret-live-[A-Za-z0-9_-]{43}$/);
    // A live project's secret is not the running test project's.
    assert.equal((await backendCall(t, live.secret, 'GET', `/v1/users/${userId}`)).status, 401);
  });
});
