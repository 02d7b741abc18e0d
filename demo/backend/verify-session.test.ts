/** The README's host-backend example, run for real: a session JWT verified with jose against the JWKS. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type RunningServer, startServer } from '../../server/start.ts';
import { createClient } from '../../sdk-core/client.ts';
import { MemoryCookieJar, MemoryStore } from '../../sdk-core/storage.ts';
import { signInByEmail } from '../../sdk-core/test-support.ts';
// @ts-expect-error: a plain-JS example file, kept as a host developer would write it
import { sessionVerifier } from './verify-session.mjs';

let server: RunningServer;
let dataDir: string;
before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'auth-elements-backend-'));
  server = await startServer({ port: 0, dataDir });
});
after(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('host backend example (README)', () => {
  it('verifies the session JWT locally, refuses a tampered one, and sees a revoke through the server', async () => {
    const project = (await (await fetch(`${server.url}/dev/project.json`)).json()) as { project_id: string };
    const cookies = new MemoryCookieJar();
    const client = createClient(server.publicToken, {
      apiBaseUrl: server.url,
      fetch: (u, i) => fetch(u, i),
      cookies,
      storage: new MemoryStore(),
      disableSessionRefresh: true,
    });
    await signInByEmail(client, server.url, `backend-${Date.now()}@example.com`);
    const verifier = sessionVerifier({ server: server.url, publicToken: server.publicToken, projectId: project.project_id });
    const jar = { stytch_session: cookies.get('stytch_session'), stytch_session_jwt: cookies.get('stytch_session_jwt') };

    assert.equal(await verifier.userIdFromCookies(jar), client.session.getSync()!.user_id);
    const [h, p, s] = jar.stytch_session_jwt!.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'user-test-someone-else' })).toString('base64url');
    await assert.rejects(verifier.verifyJwt(`${h}.${forged}.${s}`), /signature verification failed/);

    assert.equal((await verifier.verifyToken(jar.stytch_session)).user_id, client.session.getSync()!.user_id);
    await client.session.revoke();
    await assert.rejects(verifier.verifyToken(jar.stytch_session), /session_not_found|unauthorized_credentials/);
    client.destroy();
  });
});
