/**
 * A widget that creates its own client (config.publicToken) destroys it when removed; the client's
 * session manager used to leave its `storage` listener on the window, so every mount and removal
 * of an element leaked one listener holding a whole client (issue 12). Mounts and removes real
 * <auth-login> elements in Chromium against the reference server and counts the window's listeners.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { defineAuthElements } from '../src/index.ts';
import { testEnv, whenReact } from './env.ts';
import { watchListeners } from './listeners.ts';
import { eventually } from './time.ts';

describe('mounting and removing <auth-login> leaves no storage listener behind (issue 12)', () => {
  it('ten mounts and removals, each with its own client, end with the listeners they started with', async () => {
    defineAuthElements();
    const env = await testEnv();
    const watch = watchListeners(window, 'storage');
    try {
      const host = await fixture<HTMLDivElement>(html`<div></div>`);
      for (let i = 0; i < 10; i++) {
        const el = document.createElement('auth-login') as HTMLElement & { config: unknown };
        el.config = { publicToken: env.publicToken, apiBaseUrl: env.apiBaseUrl, products: ['otp'], otpOptions: { methods: ['email'] } };
        host.append(el);
        await eventually(() => el.shadowRoot?.querySelector('input[type="email"]'), `widget ${i + 1} rendered`);
        // Its client exists once React has mounted (after the first paint).
        await whenReact(el);
        expect(watch.live()).to.equal(1, 'the mounted widget’s client follows other tabs');
        el.remove();
        await eventually(() => watch.live() === 0, `widget ${i + 1}'s listener removed`);
      }
    } finally {
      watch.restore();
    }
  });
});
