/**
 * The user's own sessions through the client against the real reference server (docs/reference/sdk.md#sessions):
 * `client.session.list`, `revokeSession` and `revokeOthers`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AuthClient } from '../client.ts';
import { ApiError, NoSessionError } from '../errors.ts';
import { recordingClient, referenceServer, signInByEmail } from '../test-support.ts';

const clients: AuthClient[] = [];
const { server } = referenceServer({}, clients);

let n = 0;
const email = (p: string) => `${p}-${Date.now()}-${n++}@example.com`;
const newClient = () => recordingClient(server, clients).client;

describe("client.session: the user's sessions and devices", () => {
  it('lists the sessions, marks this one, signs out another, then all others', async () => {
    const address = email('devices');
    const [here, phone, tablet] = [newClient(), newClient(), newClient()];
    for (const c of [here, phone, tablet]) await signInByEmail(c, server.url, address);

    const list = await here.session.list();
    assert.equal(list.length, 3);
    assert.deepEqual(
      list.filter((s) => s.current).map((s) => s.session_id),
      [here.session.getSync()?.session_id],
    );
    for (const s of list) assert.ok('device' in s && 'browser' in s.device && 'os' in s.device && 'device_type' in s.device);

    await here.session.revokeSession(phone.session.getSync()!.session_id);
    assert.equal((await here.session.list()).length, 2);
    // The revoked client learns it on its next call, and clears its session.
    await assert.rejects(phone.user.get(), (e: unknown) => e instanceof ApiError);
    assert.equal(phone.session.getSync(), null);

    await here.session.revokeOthers();
    assert.deepEqual(
      (await here.session.list()).map((s) => s.session_id),
      [here.session.getSync()?.session_id],
    );
    assert.ok(here.session.getSync(), 'this session stays');
  });

  it('revoking this session by its id clears it locally', async () => {
    const c = newClient();
    await signInByEmail(c, server.url, email('self'));
    await c.session.revokeSession(c.session.getSync()!.session_id);
    assert.equal(c.session.getSync(), null);
    assert.equal(c.session.getTokens(), null);
  });

  it("another user's session id is not found", async () => {
    const a = newClient();
    const b = newClient();
    await signInByEmail(a, server.url, email('a'));
    await signInByEmail(b, server.url, email('b'));
    const err = await a.session.revokeSession(b.session.getSync()!.session_id).catch((e: unknown) => e);
    assert.ok(err instanceof ApiError);
    assert.equal(err.error_type, 'session_not_found');
    assert.ok(a.session.getSync(), 'a 404 about another session does not sign the caller out');
    assert.ok((await b.user.get()).user_id);
  });

  it('refuses without a session, before any call', async () => {
    const c = newClient();
    await assert.rejects(c.session.list(), NoSessionError);
    await assert.rejects(c.session.revokeOthers(), NoSessionError);
    await assert.rejects(c.session.revokeSession('session-test-x'), NoSessionError);
  });
});
