/**
 * Attack (issue 10, item 14): another tab (or any script, extension or page of the origin) wrote a
 * malformed session under the SDK's storage key; the storage event carried it into this tab, which
 * replaced its own session with it, and one shape threw an uncaught error in the page. Now every
 * value read back (stored state, storage events, PKCE pairs, the persistent id, cookie tokens) is
 * checked with the shared schemas (sdk-core/schemas/stored.ts) and ignored when it does not parse.
 * The hostile values are written from a same-origin iframe, so the browser itself dispatches the
 * storage events this page receives, exactly as from another tab.
 */
import { expect } from '@open-wc/testing';
import { type AuthClient, createClient, MemoryCookieJar, MemoryStore } from '../../sdk-core/index.ts';
import { forgetBrowserSession, signInByEmailPasscode, testEnv, uniqueEmail, waitFor } from '../env.ts';

/** A huge value: most of a localStorage quota. */
const HUGE = `{"session":{"session_id":"${'x'.repeat(2_000_000)}"}}`;

describe('attack: poisoned localStorage and storage events from another tab (issue 10, item 14)', () => {
  let env: { apiBaseUrl: string; publicToken: string };
  let client: AuthClient;
  let stateKey: string;
  let otherTab: Window;
  const uncaught: string[] = [];
  const onError = (e: ErrorEvent) => uncaught.push(`error: ${e.message}`);
  const onRejection = (e: PromiseRejectionEvent) => uncaught.push(`unhandledrejection: ${String(e.reason)}`);

  /** Writes `raw` under `key` from the other tab and waits until this page has received the event. */
  async function writeFromOtherTab(key: string, raw: string | null): Promise<void> {
    let seen = false;
    const mark = (e: StorageEvent) => {
      if (e.key === key) seen = true;
    };
    window.addEventListener('storage', mark);
    try {
      if (raw === null) otherTab.localStorage.removeItem(key);
      else otherTab.localStorage.setItem(key, raw);
      await waitFor(() => seen, `storage event for ${key}`, 4000);
    } finally {
      window.removeEventListener('storage', mark);
    }
  }

  before(async () => {
    forgetBrowserSession();
    env = await testEnv();
    stateKey = `auth_elements_state::${env.publicToken}`;
    const frame = document.createElement('iframe');
    document.body.append(frame);
    otherTab = frame.contentWindow!;
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
  });
  after(() => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  });

  beforeEach(async () => {
    uncaught.length = 0;
    client = createClient(env.publicToken, { apiBaseUrl: env.apiBaseUrl, disableSessionRefresh: true });
    await signInByEmailPasscode(client, uniqueEmail('poison'));
  });
  afterEach(async () => {
    await client.session.revoke({ forceClear: true }).catch(() => undefined);
    client.destroy();
    forgetBrowserSession();
  });

  const HOSTILE: [string, string][] = [
    ['not JSON', '{"session": {'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['a string', '"signed-in"'],
    ['an array', '[{"session_id":"s"}]'],
    ['the wrong shape', '{"session": 5, "user": "admin"}'],
    ['a session missing its fields', '{"session": {"session_id": "session-test-evil"}, "user": null}'],
    ['a session whose fields have the wrong types', '{"session": {"session_id": 1, "user_id": {}, "expires_at": [], "roles": "admin"}, "user": null}'],
    ['a __proto__ payload', '{"__proto__": {"session": {"session_id": "from-proto"}, "polluted": true}}'],
    ['a nested __proto__ payload', '{"session": null, "user": {"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}}'],
    ['a huge value', HUGE],
  ];

  it('ignores each malformed value from another tab: the session stays, nothing throws, nothing is polluted', async () => {
    const before = client.session.getSync();
    expect(before?.session_id).to.be.a('string');
    const changes: unknown[] = [];
    const stop = client.session.onChange((s) => changes.push(s));
    try {
      for (const [what, raw] of HOSTILE) {
        await writeFromOtherTab(stateKey, raw);
        await new Promise((r) => setTimeout(r, 0));
        expect(client.session.getSync(), what).to.deep.equal(before);
      }
      expect(changes, 'no session change was announced').to.deep.equal([]);
      expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
      expect(uncaught).to.deep.equal([]);
      // And the session still works with the server.
      const resp = await client.session.authenticate();
      expect(resp.session.session_id).to.equal(before!.session_id);
    } finally {
      stop();
    }
  });

  it('a synthetic storage event with a hostile value is ignored the same way', async () => {
    const before = client.session.getSync();
    for (const [, raw] of HOSTILE) {
      window.dispatchEvent(new StorageEvent('storage', { key: stateKey, newValue: raw, storageArea: localStorage }));
    }
    expect(client.session.getSync()).to.deep.equal(before);
    expect(uncaught).to.deep.equal([]);
  });

  it('a new page load over a poisoned store neither throws nor adopts it, and restores the session from its cookie', async () => {
    const session = client.session.getSync()!;
    for (const [what, raw] of HOSTILE.filter(([w]) => w !== 'a huge value')) {
      localStorage.setItem(stateKey, raw);
      const next = createClient(env.publicToken, { apiBaseUrl: env.apiBaseUrl, disableSessionRefresh: true });
      try {
        expect(next.session.getSync(), what).to.equal(null);
        // The session cookie is intact, so the start-up check brings the real session back.
        await waitFor(() => next.session.getSync()?.session_id === session.session_id, `session restored after ${what}`, 4000);
      } finally {
        next.destroy();
      }
    }
    expect(uncaught).to.deep.equal([]);
  });

  it('malformed PKCE pairs, persistent ids and cookie tokens count as absent instead of being used', async () => {
    const pkceKey = (flow: string) => `auth_elements_pkce::${env.publicToken}::${flow}`;
    localStorage.setItem(pkceKey('magic_links'), '{"code_verifier": {"toString": 1}, "code_challenge": "x"}');
    localStorage.setItem(pkceKey('passwords'), '{"__proto__": {"code_verifier": "a"}}');
    // Without a usable verifier this browser did not request the link: no sign-in at once
    // ('confirm' in a project without PKCE, 'other_browser' in one that requires it).
    expect(await client.magicLinks.redirectStep('magic_links')).to.not.equal('redeem');
    localStorage.setItem('auth_elements_persistent_id', `persistent-id-${'x'.repeat(100_000)}`);
    const sessionCookie = client.session.getTokens()!.session_token;
    // A cookie another page of the site wrote: not a token (btoa would throw on it in the Authorization header).
    // biome-ignore lint/suspicious/noDocumentCookie: the attack writes the cookie directly
    document.cookie = `stytch_session=${encodeURIComponent('☃ not a token')}; path=/`;
    const next = createClient(env.publicToken, { apiBaseUrl: env.apiBaseUrl, disableSessionRefresh: true });
    try {
      expect(next.session.getTokens()).to.equal(null);
      expect(localStorage.getItem('auth_elements_persistent_id')).to.match(/^persistent-id-[A-Za-z0-9-]{8,64}$/);
      // Calls still go out (with the public token) instead of throwing.
      expect((await next.bootstrap()).project_name).to.be.a('string');
    } finally {
      next.destroy();
      // biome-ignore lint/suspicious/noDocumentCookie: restore the real session cookie for afterEach's revoke
      document.cookie = `stytch_session=${sessionCookie}; path=/`;
    }
    expect(uncaught).to.deep.equal([]);
  });

  it('still adopts a well-formed session from another tab, and a sign-out there signs this tab out', async () => {
    // Another tab signs in as someone else: its state, written as the SDK writes it.
    const other = createClient(env.publicToken, {
      apiBaseUrl: env.apiBaseUrl,
      disableSessionRefresh: true,
      storage: new MemoryStore(),
      cookies: new MemoryCookieJar(),
    });
    try {
      const resp = await signInByEmailPasscode(other, uniqueEmail('other-tab'));
      await writeFromOtherTab(stateKey, JSON.stringify({ session: resp.session, user: resp.user }));
      await waitFor(() => client.session.getSync()?.session_id === resp.session.session_id, 'adopted', 4000);
      expect(client.user.getSync()?.user_id).to.equal(resp.user_id);
      // A session and a user that disagree are not one state: ignored.
      const mismatched = { session: { ...resp.session, user_id: 'user-test-someone-else' }, user: resp.user };
      await writeFromOtherTab(stateKey, JSON.stringify(mismatched));
      expect(client.session.getSync()?.user_id).to.equal(resp.user_id);
      // The other tab signs out: the key is removed, and this tab follows.
      await writeFromOtherTab(stateKey, null);
      await waitFor(() => client.session.getSync() === null, 'signed out', 4000);
      expect(uncaught).to.deep.equal([]);
    } finally {
      await other.session.revoke({ forceClear: true }).catch(() => undefined);
      other.destroy();
    }
  });
});
