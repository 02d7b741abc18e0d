/**
 * The session manager of docs/reference/sdk.md#sessions against the real reference server behind a fault-injecting proxy:
 * background refresh and backoff on an injected clock, staying signed in through outages and 5xx,
 * the four destroying error types, revoke, retry when the session changes mid-call, no storage.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { type AuthClient, type ClientOptions, createClient } from './client.ts';
import { ApiError, ApiUnreachableError } from './errors.ts';
import { SESSION_DESTROYING_ERRORS } from './session-manager.ts';
import { RETRY_JITTER_MS, SESSION_REFRESH_MS } from './sessions/index.ts';
import { type KeyValueStore, MemoryCookieJar, MemoryStore } from './storage.ts';
import { TELEMETRY_FLUSH_MS } from './telemetry.ts';
import { eventually, FakeClock, FaultProxy, referenceServer, signInByEmail } from './test-support.ts';

const { server } = referenceServer();
let proxy: FaultProxy;
let proxyUrl: string;

beforeEach(async () => {
  proxy = new FaultProxy(server.url);
  proxyUrl = await proxy.start();
});
afterEach(() => proxy.stop());

const made: AuthClient[] = [];
afterEach(() => {
  for (const c of made.splice(0)) c.destroy();
});

function setup(extra: Partial<ClientOptions> & { cookies?: MemoryCookieJar } = {}) {
  const clock = new FakeClock();
  const cookies = extra.cookies ?? new MemoryCookieJar();
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    const client = createClient(server.publicToken, {
      apiBaseUrl: proxyUrl,
      fetch: (u, i) => fetch(u, i),
      storage: new MemoryStore(),
      clock,
      ...extra,
      cookies,
    });
    made.push(client);
    return { client, clock, cookies };
  } finally {
    console.warn = warn;
  }
}

let n = 0;
const email = () => `life-${Date.now()}-${n++}@example.com`;
const refreshCalls = () => proxy.seen.filter((p) => p.endsWith('/sessions/authenticate')).length;

describe('session manager (docs/reference/sdk.md#sessions)', () => {
  it('refreshes every 180000 ms while a session exists', async () => {
    const { client, clock } = setup();
    await signInByEmail(client, server.url, email());
    assert.equal(clock.delays.at(-1), SESSION_REFRESH_MS);
    clock.advance(SESSION_REFRESH_MS - 1);
    assert.equal(refreshCalls(), 0);
    clock.advance(1);
    await eventually(() => refreshCalls() === 1, 'first refresh');
    await eventually(() => clock.delays.at(-1) === SESSION_REFRESH_MS && clock.pending === 1, 'next refresh scheduled');
    clock.advance(SESSION_REFRESH_MS);
    await eventually(() => refreshCalls() === 2, 'second refresh');
    assert.notEqual(client.session.getSync(), null);
  });

  for (const fault of ['down', '5xx'] as const) {
    it(`keeps the user signed in while the server is ${fault} during refresh, backs off, and recovers`, async () => {
      const { client, clock, cookies } = setup();
      await signInByEmail(client, server.url, email());
      const token = cookies.get('stytch_session');
      proxy.mode = fault === 'down' ? { kind: 'down' } : { kind: 'status', status: 503, error_type: 'internal_server_error' };
      clock.advance(SESSION_REFRESH_MS);
      const expected = [2000, 4000, 8000, 16000];
      for (const [i, base] of expected.entries()) {
        await eventually(() => clock.pending === 1 && clock.delays.length >= i + 3, `retry ${i + 1} scheduled`);
        const d = clock.delays.at(-1)!;
        assert.ok(Math.abs(d - base) <= RETRY_JITTER_MS, `retry ${i + 1} after ${d} ms, about ${base}`);
        assert.notEqual(client.session.getSync(), null, 'still signed in');
        assert.equal(cookies.get('stytch_session'), token);
        if (i < expected.length - 1) clock.advance(d);
      }
      proxy.mode = { kind: 'pass' };
      clock.advance(clock.delays.at(-1)!);
      await eventually(() => clock.delays.at(-1) === SESSION_REFRESH_MS, 'back to the normal refresh period');
      assert.notEqual(client.session.getSync(), null);
    });
  }

  it('gives up on a refresh the server never answers, backs off as for an outage, and recovers', async () => {
    const { client, clock, cookies } = setup({ requestTimeoutMs: 500 });
    await signInByEmail(client, server.url, email());
    const token = cookies.get('stytch_session');
    proxy.mode = { kind: 'hang' };
    clock.advance(SESSION_REFRESH_MS);
    await eventually(() => proxy.seen.some((p) => p.endsWith('/sessions/authenticate')) && proxy.hanging >= 1, 'refresh call left hanging');
    assert.equal(clock.pending, 0, 'while the call hangs nothing is scheduled: only the timeout can end it');
    await eventually(() => clock.pending === 1 && clock.delays.length >= 3, 'retry scheduled after the timeout');
    const d = clock.delays.at(-1)!;
    assert.ok(Math.abs(d - 2000) <= RETRY_JITTER_MS, `first retry after ${d} ms, about 2000`);
    await eventually(() => proxy.hanging === 0, 'the abandoned call was closed');
    assert.notEqual(client.session.getSync(), null, 'a timeout is transient: still signed in');
    assert.equal(cookies.get('stytch_session'), token);
    proxy.mode = { kind: 'pass' };
    const before = refreshCalls();
    clock.advance(d);
    await eventually(() => clock.delays.at(-1) === SESSION_REFRESH_MS && clock.pending === 1, 'back to the normal refresh period');
    assert.equal(refreshCalls() - before, 1, 'the retry reached the server');
    assert.notEqual(client.session.getSync(), null);
  });

  it('caps the backoff exponent at 7', async () => {
    const { client, clock } = setup();
    await signInByEmail(client, server.url, email());
    proxy.mode = { kind: 'down' };
    clock.advance(SESSION_REFRESH_MS);
    for (let i = 0; i < 10; i++) {
      await eventually(() => clock.pending === 1 && clock.delays.length >= i + 3, `retry ${i + 1}`);
      clock.advance(clock.delays.at(-1)!);
    }
    await eventually(() => clock.pending === 1 && clock.delays.length >= 13, 'retry 11');
    const last = clock.delays.at(-1)!;
    assert.ok(Math.abs(last - 2000 * 2 ** 7) <= RETRY_JITTER_MS, `capped delay ${last}`);
    assert.notEqual(client.session.getSync(), null);
  });

  for (const errorType of SESSION_DESTROYING_ERRORS) {
    it(`signs out when the server answers ${errorType}`, async () => {
      const { client, cookies } = setup();
      await signInByEmail(client, server.url, email());
      proxy.mode = { kind: 'status', status: errorType === 'session_not_found' ? 404 : 401, error_type: errorType };
      const err = await client.session.authenticate().catch((e: unknown) => e);
      assert.ok(err instanceof ApiError);
      assert.equal(err.error_type, errorType);
      assert.equal(client.session.getSync(), null);
      assert.equal(cookies.get('stytch_session'), null);
      assert.equal(cookies.get('stytch_session_jwt'), null);
    });
  }

  it('signs out when the background refresh learns the session is gone', async () => {
    const { client, clock } = setup();
    await signInByEmail(client, server.url, email());
    proxy.mode = { kind: 'status', status: 404, error_type: 'session_not_found' };
    clock.advance(SESSION_REFRESH_MS);
    await eventually(() => client.session.getSync() === null, 'signed out');
    assert.equal(clock.pending, 0, 'no more refreshes');
  });

  it('keeps the session when a revoke cannot reach the server, and clears it with forceClear', async () => {
    const { client, cookies } = setup();
    await signInByEmail(client, server.url, email());
    proxy.mode = { kind: 'down' };
    const err = await client.session.revoke().catch((e: unknown) => e);
    assert.ok(err instanceof ApiUnreachableError);
    assert.notEqual(client.session.getSync(), null);
    await client.session.revoke({ forceClear: true });
    assert.equal(client.session.getSync(), null);
    assert.equal(cookies.get('stytch_session'), null);
  });

  it('asks again when the session changes while sessions/authenticate is in flight', async () => {
    const a = setup({ disableSessionRefresh: true });
    await signInByEmail(a.client, server.url, email());
    const b = setup({ disableSessionRefresh: true });
    await signInByEmail(b.client, server.url, email());
    const before = refreshCalls();
    proxy.mode = { kind: 'hold' };
    const pending = a.client.session.authenticate();
    await eventually(() => proxy.holding === 1, 'request held');
    // Another sign-in lands in the same cookie jar while the call is out.
    const newToken = b.cookies.get('stytch_session')!;
    a.cookies.set('stytch_session', newToken, {});
    a.cookies.set('stytch_session_jwt', b.cookies.get('stytch_session_jwt')!, {});
    proxy.mode = { kind: 'pass' };
    proxy.release();
    const resp = await pending;
    assert.equal(refreshCalls() - before, 2, 'the stale answer was discarded and the call repeated');
    assert.equal(resp.session.session_id, b.client.session.getSync()!.session_id);
    assert.equal(a.client.session.getSync()!.session_id, b.client.session.getSync()!.session_id);
  });

  it('works in memory when storage throws', async () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const { client } = setup({ storage: broken, disableSessionRefresh: true });
    await signInByEmail(client, server.url, email());
    assert.notEqual(client.session.getSync(), null);
    await client.session.revoke();
    assert.equal(client.session.getSync(), null);
  });

  it('never lets a failing telemetry collector break or block a sign-in', async () => {
    const { client, clock } = setup({ disableSessionRefresh: true });
    proxy.mode = { kind: 'down' };
    for (let i = 0; i < 100; i++) client.telemetry.log('render_login_screen', { i });
    clock.advance(10_000);
    proxy.mode = { kind: 'pass' };
    await signInByEmail(client, server.url, email());
    assert.notEqual(client.session.getSync(), null);
  });

  it('keeps one /events request open against a hanging collector, while sign-in and refresh go through', async () => {
    // Counted where the client opens requests: the proxy may see an aborted socket close only
    // after the next request has arrived.
    let open = 0;
    let maxOpen = 0;
    const counting = async (u: string, i: RequestInit) => {
      if (!u.endsWith('/events')) return fetch(u, i);
      maxOpen = Math.max(maxOpen, ++open);
      try {
        return await fetch(u, i);
      } finally {
        open--;
      }
    };
    const { client, clock } = setup({ requestTimeoutMs: 300, fetch: counting });
    proxy.mode = { kind: 'hang', paths: /\/events$/ };
    const events = () => proxy.seen.filter((p) => p.endsWith('/events')).length;
    for (let i = 0; i < 200; i++) {
      client.telemetry.log('render_login_screen', { i });
      if (i % 20 === 0) clock.advance(1000);
    }
    await eventually(() => proxy.hanging === 1, 'first batch hanging');
    await signInByEmail(client, server.url, email());
    assert.notEqual(client.session.getSync(), null, 'sign-in completed beside the hanging collector');
    // Once the first send times out the next batch goes, still one at a time.
    const deadline = Date.now() + 1500;
    while (Date.now() < deadline) {
      clock.advance(TELEMETRY_FLUSH_MS);
      await new Promise((r) => setTimeout(r, 25));
    }
    assert.ok(events() >= 2, `${events()} /events requests: the queue moved on after the timeout`);
    assert.equal(maxOpen, 1, 'never two /events requests open at once');
    clock.advance(SESSION_REFRESH_MS);
    await eventually(() => refreshCalls() >= 1 && clock.delays.at(-1) === SESSION_REFRESH_MS, 'refresh went through');
    assert.notEqual(client.session.getSync(), null);
  });

  describe('on a custom API domain (docs/reference/sdk.md#sessions)', () => {
    const CUSTOM = 'login.example.test';
    // The session cookies of a custom API domain are the API's own, HttpOnly: the browser sends
    // them, script cannot read them. This jar keeps writes but hides the session tokens.
    class HttpOnlyJar extends MemoryCookieJar {
      override get(name: string): string | null {
        return name === 'stytch_session' || name === 'stytch_session_jwt' ? null : super.get(name);
      }
    }
    // The browser's view: the custom domain resolves to the reference server (behind the proxy).
    const customSetup = (extra: Omit<Partial<ClientOptions>, 'cookies'> = {}) =>
      setup({
        apiBaseUrl: undefined,
        customBaseUrl: CUSTOM,
        fetch: (u, i) => fetch(u.replace(`https://${CUSTOM}`, proxyUrl), i),
        cookies: new HttpOnlyJar(),
        ...extra,
      });

    it('asks the server at start-up though no token is readable, instead of dropping the cached session', async () => {
      const storage = new MemoryStore();
      const first = setup({ storage, disableSessionRefresh: true });
      await signInByEmail(first.client, server.url, email());
      const stateKey = `auth_elements_state::${server.publicToken}`;
      const cached = storage.getItem(stateKey)!;
      const before = refreshCalls();
      const { client } = customSetup({ storage });
      assert.equal(client.apiBaseUrl, `https://${CUSTOM}`);
      assert.notEqual(client.session.getSync(), null, 'the cached session is kept until the server answers');
      await eventually(() => refreshCalls() === before + 1, 'sessions/authenticate at start-up');
      // The reference server keeps sessions in the Authorization header, not in cookies, so it
      // answers unauthorized_credentials to a cookie-only call, and the session goes.
      await eventually(() => client.session.getSync() === null, 'signed out on the server answer');

      // Without a custom domain and without a token, the cache is dropped with no call (docs/reference/sdk.md#sessions).
      const calls = refreshCalls();
      const plainStore = new MemoryStore();
      plainStore.setItem(stateKey, cached);
      const plain = setup({ storage: plainStore });
      assert.equal(plain.client.session.getSync(), null);
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(refreshCalls(), calls);
    });

    it('keeps refreshing while a session is in state, backing off through outages, though no token is readable', async () => {
      const { client, clock } = customSetup();
      // Let the start-up call (no session yet: unauthorized) finish before signing in: its answer has
      // reached the client (however slow the server was), then one more turn for the client to read it.
      await eventually(() => refreshCalls() === 1 && proxy.answered.some((p) => p.endsWith('/sessions/authenticate')), 'start-up call answered');
      await new Promise((r) => setTimeout(r, 20));
      clock.advance(TELEMETRY_FLUSH_MS);
      await signInByEmail(client, server.url, email());
      assert.equal(client.session.getTokens(), null, 'no token visible to script');
      assert.notEqual(client.session.getSync(), null);
      assert.equal(clock.pending, 1, 'refresh scheduled');
      assert.equal(clock.delays.at(-1), SESSION_REFRESH_MS);

      proxy.mode = { kind: 'status', status: 503, error_type: 'internal_server_error' };
      clock.advance(SESSION_REFRESH_MS);
      await eventually(() => refreshCalls() === 2 && clock.pending === 1, 'refresh sent, retry scheduled');
      const d = clock.delays.at(-1)!;
      assert.ok(Math.abs(d - 2000) <= RETRY_JITTER_MS, `retry after ${d} ms`);
      assert.notEqual(client.session.getSync(), null, 'still signed in');

      // The retry reaches the reference server, which cannot see the HttpOnly cookie (see above)
      // and says the caller has no session: the client signs out and stops refreshing.
      proxy.mode = { kind: 'pass' };
      clock.advance(d);
      await eventually(() => client.session.getSync() === null, 'signed out');
      assert.equal(refreshCalls(), 3);
      assert.equal(clock.pending, 0, 'no more refreshes');
    });
  });
});

describe('client warnings (docs/reference/sdk.md#validation-rules)', () => {
  it('warns about a public token without the prefix, and about several clients', () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (m: string) => warnings.push(m);
    try {
      const opts = {
        fetch: (u: string, i: RequestInit) => fetch(u, i),
        cookies: new MemoryCookieJar(),
        storage: new MemoryStore(),
        apiBaseUrl: server.url,
        disableSessionRefresh: true,
      };
      made.push(createClient('token-without-prefix', opts));
      made.push(createClient(server.publicToken, opts));
    } finally {
      console.warn = warn;
    }
    assert.ok(warnings.some((w) => w.includes('Public token should start with "public-token-"')));
    assert.ok(warnings.some((w) => w.includes('Several Auth Elements clients')));
  });

  it('refuses to run outside a browser without an injected fetch', () => {
    assert.throws(() => createClient(server.publicToken), /only be used in a browser environment/);
  });
});
