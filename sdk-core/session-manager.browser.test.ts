/**
 * The session manager follows other tabs through the window's `storage` event; the window held
 * that listener (and through it the manager and its whole client) until the page closed, one per
 * client, so one per widget mounted and removed (issue 12). client.destroy() now removes it. In
 * Chromium, with the clients' default storage (localStorage, the only store with cross-tab events).
 */
import { expect } from '@open-wc/testing';
import { testEnv } from '../test/env.ts';
import { watchListeners } from '../test/listeners.ts';
import { createClient } from './index.ts';

describe('client.destroy() removes the storage listener (issue 12: one leaked per client)', () => {
  let env: { apiBaseUrl: string; publicToken: string };
  before(async () => {
    env = await testEnv();
  });

  it('made and destroyed one after another, no listener is left', () => {
    const watch = watchListeners(window, 'storage');
    try {
      for (let i = 0; i < 5; i++) {
        const client = createClient(env.publicToken, { apiBaseUrl: env.apiBaseUrl, disableSessionRefresh: true });
        expect(watch.live()).to.equal(1, 'a live client follows other tabs');
        client.destroy();
        expect(watch.live()).to.equal(0, `client ${i + 1} destroyed`);
      }
    } finally {
      watch.restore();
    }
  });

  it('several alive at once: each destroy removes its own listener only; destroying twice is harmless', () => {
    const watch = watchListeners(window, 'storage');
    const warn = console.warn;
    console.warn = () => undefined; // several clients on one page warn about each other
    try {
      const clients = [0, 1, 2].map(() => createClient(env.publicToken, { apiBaseUrl: env.apiBaseUrl, disableSessionRefresh: true }));
      expect(watch.live()).to.equal(3);
      clients[1]!.destroy();
      clients[1]!.destroy();
      expect(watch.live()).to.equal(2);
      clients[0]!.destroy();
      clients[2]!.destroy();
      expect(watch.live()).to.equal(0);
    } finally {
      console.warn = warn;
      watch.restore();
    }
  });

  it('a client with an injected store (no cross-tab events) adds none', () => {
    const watch = watchListeners(window, 'storage');
    try {
      const store = new Map<string, string>();
      const client = createClient(env.publicToken, {
        apiBaseUrl: env.apiBaseUrl,
        disableSessionRefresh: true,
        storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
      });
      expect(watch.live()).to.equal(0);
      client.destroy();
    } finally {
      watch.restore();
    }
  });
});
