/**
 * Attack (issue 10, item 13): something between the browser and the API (a misrouting proxy, a WAF,
 * a CDN error page) answered the background refresh with 400, 403 or 404 for reasons that had
 * nothing to do with the session, and the client signed the user out. Now only docs/reference/sdk.md#sessions's four error
 * types end a session; any other answer backs off (docs/reference/constants.md#client-sdk: about 2000 ms x 2^attempt) and retries,
 * and the session refreshes once the path heals. A real revoke still ends it.
 * A real fault proxy in front of the real reference server; the refresh schedule on a fake clock.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { type AuthClient, createClient } from '../../sdk-core/client.ts';
import { RETRY_JITTER_MS, SESSION_REFRESH_MS } from '../../sdk-core/sessions/index.ts';
import { MemoryCookieJar, MemoryStore } from '../../sdk-core/storage.ts';
import { eventually, FakeClock, type FaultMode, FaultProxy, signInByEmail } from '../../sdk-core/test-support.ts';
import { type RunningServer, startServer } from '../../server/start.ts';
import { basic, tempDir, testDatabase } from '../../server/test-helpers.ts';

const tmp = tempDir();
let db: Awaited<ReturnType<typeof testDatabase>>;
let server: RunningServer;
let proxy: FaultProxy;
let proxyUrl: string;
const made: AuthClient[] = [];

before(async () => {
  db = await testDatabase();
  server = await startServer({ port: 0, dataDir: join(tmp.dir, 'data'), ...(db.databaseUrl ? { databaseUrl: db.databaseUrl } : {}), logger: () => undefined });
});
after(async () => {
  await server.close();
  await db.cleanup();
  tmp.cleanup();
});
beforeEach(async () => {
  proxy = new FaultProxy(server.url);
  proxyUrl = await proxy.start();
});
afterEach(async () => {
  for (const c of made.splice(0)) c.destroy();
  await proxy.stop();
});

/** A client of the proxied server with its own cookie jar and store, on a fake clock. */
function setup(cookies = new MemoryCookieJar(), storage = new MemoryStore()) {
  const clock = new FakeClock();
  const warn = console.warn;
  console.warn = () => undefined; // several clients in one process warn about each other
  try {
    const client = createClient(server.publicToken, { apiBaseUrl: proxyUrl, fetch: (u, i) => fetch(u, i), cookies, storage, clock });
    made.push(client);
    return { client, clock, cookies, storage };
  } finally {
    console.warn = warn;
  }
}

let n = 0;
const email = () => `misroute-${Date.now()}-${n++}@example.com`;
const refreshCalls = () => proxy.seen.filter((p) => p.endsWith('/sessions/authenticate')).length;

/** Answers that are not about the session: a WAF page, a proxy's own JSON, a bad gateway. */
const NOT_ABOUT_THE_SESSION: [string, FaultMode][] = [
  [
    'a WAF answering 403 with an HTML page',
    { kind: 'raw', status: 403, contentType: 'text/html', body: '<html><body><h1>403 Forbidden</h1>Request blocked.</body></html>' },
  ],
  ['a proxy answering 404 JSON with another error_type', { kind: 'status', status: 404, error_type: 'route_not_found' }],
  ['a proxy answering 400 JSON with another error_type', { kind: 'status', status: 400, error_type: 'bad_request' }],
  ['a 403 JSON answer with another error_type', { kind: 'status', status: 403, error_type: 'forbidden' }],
  ['a plain-text 404 from a misrouted path', { kind: 'raw', status: 404, contentType: 'text/plain', body: 'Not Found' }],
  ['a 400 with a JSON body that is not an API error', { kind: 'raw', status: 400, contentType: 'application/json', body: '{"message":"bad request"}' }],
];

describe('attack: a proxy or WAF answers the background refresh with 400/403/404 (issue 10, item 13)', () => {
  for (const [what, fault] of NOT_ABOUT_THE_SESSION) {
    it(`${what}: the session survives, the refresh backs off, and it refreshes once the proxy heals`, async () => {
      const { client, clock, cookies } = setup();
      await signInByEmail(client, server.url, email());
      const session = client.session.getSync();
      const token = cookies.get('stytch_session');
      assert.ok(session && token);

      proxy.mode = fault;
      clock.advance(SESSION_REFRESH_MS);
      for (const [i, base] of [2000, 4000].entries()) {
        await eventually(() => refreshCalls() === i + 1 && clock.pending === 1 && clock.delays.length >= i + 3, `retry ${i + 1} scheduled`);
        const d = clock.delays.at(-1)!;
        assert.ok(Math.abs(d - base) <= RETRY_JITTER_MS, `retry ${i + 1} after ${d} ms, about ${base}`);
        assert.equal(client.session.getSync()?.session_id, session.session_id, 'still signed in');
        assert.equal(cookies.get('stytch_session'), token, 'session cookie kept');
        if (i === 0) clock.advance(d);
      }

      proxy.mode = { kind: 'pass' };
      clock.advance(clock.delays.at(-1)!);
      await eventually(() => refreshCalls() === 3 && clock.delays.at(-1) === SESSION_REFRESH_MS && clock.pending === 1, 'refreshed, normal period again');
      assert.equal(client.session.getSync()?.session_id, session.session_id);
      assert.equal(cookies.get('stytch_session'), token);
    });
  }

  it('at start-up too: a cached session with a token is kept through a WAF 403 and confirmed once the path heals', async () => {
    // Signed in by an earlier page load (its clock never moves, so it never refreshes itself).
    const first = setup();
    await signInByEmail(first.client, server.url, email());
    const session = first.client.session.getSync()!;
    proxy.mode = NOT_ABOUT_THE_SESSION[0]![1];
    const { client, clock } = setup(first.cookies, first.storage);
    // (The clock also holds the telemetry flush timer.)
    const isRetry = (d: number) => Math.abs(d - 2000) <= RETRY_JITTER_MS;
    await eventually(() => refreshCalls() === 1 && clock.delays.some(isRetry), 'start-up call answered, retry scheduled');
    assert.equal(client.session.getSync()?.session_id, session.session_id, 'cached session kept');
    proxy.mode = { kind: 'pass' };
    clock.advance(clock.delays.find(isRetry)!);
    await eventually(() => refreshCalls() === 2 && clock.delays.at(-1) === SESSION_REFRESH_MS, 'confirmed');
    assert.equal(client.session.getSync()?.session_id, session.session_id);
  });

  it('a real revoke still ends the session at the next refresh, through the proxy or after a fault', async () => {
    const { client, clock, cookies } = setup();
    await signInByEmail(client, server.url, email());
    // First a WAF hiccup, then the session is revoked elsewhere (another device, an admin).
    proxy.mode = NOT_ABOUT_THE_SESSION[0]![1];
    clock.advance(SESSION_REFRESH_MS);
    await eventually(() => refreshCalls() === 1 && clock.pending === 1, 'retry scheduled');
    const revoked = await fetch(`${server.url}/sdk/v1/sessions/revoke`, {
      method: 'POST',
      headers: { authorization: basic(server.publicToken, cookies.get('stytch_session')!), 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(revoked.status, 200);
    proxy.mode = { kind: 'pass' };
    clock.advance(clock.delays.at(-1)!);
    await eventually(() => client.session.getSync() === null, 'signed out');
    assert.equal(cookies.get('stytch_session'), null);
    assert.equal(cookies.get('stytch_session_jwt'), null);
    assert.equal(clock.pending, 0, 'no more refreshes');
  });
});
