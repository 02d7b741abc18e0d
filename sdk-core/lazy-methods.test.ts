/**
 * Method groups that load on first use (issue 16), against the real reference server: the first call
 * loads the group's module once however many calls start together, `preloadMethods` loads it ahead
 * of the call, a module that cannot be fetched fails the call with the SDK's network error and the
 * next call loads it again, and the members that cannot wait for a module (sync reads, a redirect
 * page's address) act at once.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { AuthClient } from './client.ts';
import { ApiError, ApiUnreachableError, UsageError } from './errors.ts';
import type { LazySdkMethod } from './method.ts';
import { SDK_METHODS } from './methods.ts';
import { preloadMethods } from './preload.ts';
import { recordingClient, referenceServer } from './test-support.ts';

const clients: AuthClient[] = [];
const { server } = referenceServer({}, clients);

const newClient = () => recordingClient(server, clients);
let n = 0;
const email = (p: string) => `${p}-${Date.now()}-${n++}@example.com`;

type AnyLazy = LazySdkMethod<string, unknown>;
const entry = (name: string) => SDK_METHODS.find((m) => m.name === name) as unknown as AnyLazy;

/** Wraps a registry entry's loader for one test: counts loads, and fails the first `failures` of them like a chunk the network lost. */
const restore: (() => void)[] = [];
function watchLoads(name: string, failures = 0): { loads: () => number } {
  const m = entry(name);
  const original = m.load;
  let count = 0;
  let failed = 0;
  (m as { load: AnyLazy['load'] }).load = () => {
    count++;
    if (failed < failures) {
      failed++;
      return Promise.reject(new TypeError(`Failed to fetch dynamically imported module: /chunks/${name}.js`));
    }
    return original.call(m);
  };
  restore.push(() => {
    (m as { load: AnyLazy['load'] }).load = original;
  });
  return { loads: () => count };
}
afterEach(() => {
  for (const r of restore.splice(0)) r();
});

describe('lazy method groups (issue 16)', () => {
  it('every registered group loads on first use', () => {
    for (const m of SDK_METHODS) assert.ok('load' in m && 'members' in m, `${m.name} is a LazySdkMethod`);
  });

  it('the first call loads the group and goes through; concurrent first calls load it once', async () => {
    const otps = watchLoads('otps');
    const passwords = watchLoads('passwords');
    const { client, paths } = newClient();
    assert.equal(otps.loads(), 0, 'nothing loads with the client');
    const addresses = [email('a'), email('b'), email('c')];
    const sent = await Promise.all(addresses.map((a) => client.otps.email.loginOrCreate(a)));
    assert.equal(otps.loads(), 1, 'three concurrent first calls, one load');
    for (const s of sent) assert.match(s.method_id, /^email-/);
    assert.equal(paths.filter((p) => p === '/otps/email/login_or_create').length, 3);
    await client.otps.sms.send('+12025550123').catch(() => undefined);
    assert.equal(otps.loads(), 1, 'later calls, other sub-groups too, reuse the loaded group');

    const strength = await Promise.all([
      client.passwords.strengthCheck({ password: 'x' }),
      client.passwords.strengthCheck({ password: 'correct horse battery staple 71' }),
    ]);
    assert.equal(passwords.loads(), 1);
    assert.equal(strength[0].valid_password, false);
    assert.equal(strength[1].valid_password, true);
  });

  it('argument checks of a lazy group still reject with the usage error, after loading', async () => {
    const { client } = newClient();
    const e = await client.magicLinks.email.loginOrCreate(42 as unknown as string).catch((x: unknown) => x);
    assert.ok(e instanceof UsageError);
    assert.equal(e.message, 'Invalid call to magicLinks.email.loginOrCreate\nemail must be a string.');
  });

  it("a group whose module cannot be fetched fails the call with 'Unable to contact our servers.'; the next call loads it again", async () => {
    const webauthn = watchLoads('webauthn', 1);
    const { client, paths } = newClient();
    const first = await client.webauthn.authenticateStart().catch((x: unknown) => x);
    assert.ok(first instanceof ApiUnreachableError, String(first));
    assert.equal(first.reason, 'network');
    assert.equal(first.message, 'Unable to contact our servers.');
    assert.match(String((first.cause as Error).message), /Failed to fetch dynamically imported module/);
    assert.equal(paths.filter((p) => p.startsWith('/webauthn')).length, 0, 'nothing was sent');
    // The server answers the retried call (a project without passkey registrations: an API error, not a load failure).
    const second = await client.webauthn.authenticateStart().then(
      (r) => r,
      (x: unknown) => x,
    );
    assert.equal(webauthn.loads(), 2, 'loaded again');
    assert.ok(!(second instanceof ApiUnreachableError), String(second));
    assert.equal(paths.filter((p) => p.startsWith('/webauthn/authenticate/start')).length, 1, 'the retried call reached the server');
    if (second instanceof Error) assert.ok(second instanceof ApiError, String(second));
  });

  it('preloadMethods loads the named groups ahead of their first call', async () => {
    const otps = watchLoads('otps');
    const magic = watchLoads('magicLinks');
    const totps = watchLoads('totps');
    const { client } = newClient();
    await preloadMethods(client, ['otps', 'magicLinks', 'user', 'session']);
    assert.equal(otps.loads(), 1);
    assert.equal(magic.loads(), 1);
    assert.equal(totps.loads(), 0, 'groups not named stay unloaded');
    await preloadMethods(client, ['otps']);
    const sent = await client.otps.email.loginOrCreate(email('pre'));
    assert.match(sent.method_id, /^email-/);
    assert.equal(otps.loads(), 1, 'neither a second preload nor the call loads again');
  });

  it('a failed preload rejects with the network error, and the call after it loads the group', async () => {
    const passwords = watchLoads('passwords', 1);
    const { client } = newClient();
    const e = await preloadMethods(client, ['passwords']).catch((x: unknown) => x);
    assert.ok(e instanceof ApiUnreachableError);
    assert.equal(e.message, 'Unable to contact our servers.');
    const r = await client.passwords.strengthCheck({ password: 'correct horse battery staple 71' });
    assert.equal(r.valid_password, true);
    assert.equal(passwords.loads(), 2);
  });

  it('preloadMethods rejects names that are not groups of the client, loading nothing', async () => {
    const otps = watchLoads('otps');
    const { client } = newClient();
    for (const bad of [['otps', 'nope'], 'otps', [42]] as unknown[]) {
      const e = await preloadMethods(client, bad as never).catch((x: unknown) => x);
      assert.ok(e instanceof UsageError, String(e));
      assert.equal(e.field, 'names');
      assert.match(e.message, /^Invalid call to preloadMethods\nnames must be a list of the client's method groups \(otps, magicLinks, /);
    }
    assert.equal(otps.loads(), 0);
  });

  it('synchronous members stay synchronous: session and user reads, subscriptions', async () => {
    const { client } = newClient();
    assert.equal(client.session.getSync(), null);
    assert.equal(client.session.getTokens(), null);
    assert.equal(client.user.getSync(), null);
    const seen: unknown[] = [];
    const off = client.user.onChange((u) => seen.push(u?.user_id ?? null));
    const offSession = client.session.onChange((s) => seen.push(s?.session_id ?? null));
    assert.equal(typeof off, 'function');
    const e = email('sync');
    const { method_id } = await client.otps.email.loginOrCreate(e);
    const inbox = (await (await fetch(`${server.url}/dev/inbox.json`)).json()) as { messages: { to: string; code: string }[] };
    const code = inbox.messages.find((m) => m.to === e)!.code;
    const resp = await client.otps.authenticate(code, method_id, { session_duration_minutes: 30 });
    assert.equal(client.user.getSync()?.user_id, resp.user_id);
    assert.equal(client.session.getSync()?.session_id, resp.session.session_id);
    assert.deepEqual(seen.sort(), [resp.session.session_id, resp.user_id].sort());
    off();
    offSession();
    // The lazily loaded session and user calls work against that session.
    assert.equal((await client.user.get()).user_id, resp.user_id);
    await client.session.revoke();
    assert.equal(client.session.getSync(), null);
  });

  it("a redirect page's magic-link token leaves the address bar at the call, before the group's code is fetched", async () => {
    const magic = watchLoads('magicLinks');
    const g = globalThis as { location?: unknown; history?: unknown };
    const saved = { location: g.location, history: g.history };
    const page = 'https://app.example.com/authenticate?keep=1&stytch_token_type=magic_links&token=secret-token';
    const replaced: string[] = [];
    let loadsWhenStripped = -1;
    g.location = { href: page, hostname: 'app.example.com', origin: 'https://app.example.com' };
    g.history = {
      state: null,
      replaceState: (_s: unknown, _t: string, url: string) => {
        loadsWhenStripped = magic.loads();
        replaced.push(url);
      },
    };
    try {
      const { client } = newClient();
      const pending = client.magicLinks.readUrl();
      assert.deepEqual(replaced, ['https://app.example.com/authenticate?keep=1'], 'stripped synchronously');
      assert.equal(loadsWhenStripped, 0, 'before the module load starts');
      const link = await pending;
      assert.equal(link?.token, 'secret-token');
      assert.equal(link?.token_type, 'magic_links');
      assert.equal(magic.loads(), 1);
      assert.equal(replaced.length, 1, 'the group does not strip again');
    } finally {
      g.location = saved.location;
      g.history = saved.history;
    }
  });

  it('an OAuth redirect error leaves the address bar at the call too, and still rejects as before', async () => {
    const g = globalThis as { location?: unknown; history?: unknown };
    const saved = { location: g.location, history: g.history };
    const replaced: string[] = [];
    g.location = {
      href: 'https://app.example.com/cb?stytch_token_type=oauth&error=access_denied',
      hostname: 'app.example.com',
      origin: 'https://app.example.com',
    };
    g.history = { state: null, replaceState: (_s: unknown, _t: string, url: string) => replaced.push(url) };
    try {
      const { client } = newClient();
      const pending = client.oauth.readUrl();
      assert.deepEqual(replaced, ['https://app.example.com/cb']);
      const e = await pending.catch((x: unknown) => x);
      assert.equal((e as Error).name, 'OAuthCallbackError');
    } finally {
      g.location = saved.location;
      g.history = saved.history;
    }
  });
});
