/**
 * The account page's calls on `client.user` against the real reference server (issue 30,
 * docs/reference/sdk.md#account-calls): the name, the primary email and phone, deleting the account.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type RunningServer, startServer } from '../../server/start.ts';
import type { AuthClient } from '../client.ts';
import { recordingClient, signInByEmail } from '../test-support.ts';

let server: RunningServer;
let dataDir: string;
const clients: AuthClient[] = [];

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'auth-elements-sdk-profile-'));
  server = await startServer({ port: 0, dataDir });
});
after(async () => {
  for (const c of clients) c.destroy();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let n = 0;
const email = (p: string) => `${p}-${Date.now()}-${n++}@example.com`;
const newClient = () => recordingClient(server, clients).client;

describe('client.user: the account page', () => {
  it('update({ name }) sets the name and the cached user follows', async () => {
    const c = newClient();
    await signInByEmail(c, server.url, email('name'));
    const user = await c.user.update({ name: { first_name: 'Grace', last_name: 'Hopper' } });
    assert.deepEqual(user.name, { first_name: 'Grace', middle_name: '', last_name: 'Hopper' });
    assert.deepEqual(c.user.getSync()?.name, user.name);
  });
});
