/**
 * The widget registry's loading (registry.ts, issue 16): a widget loads the chunks of the methods
 * its config uses and no other, loads more when the config changes, and says so when a chunk cannot
 * be fetched. Runs in its own page (web-test-runner), so nothing is loaded before the first test.
 */
import { expect } from '@open-wc/testing';
import type { UiMethodEntry } from './method.ts';
import { loadedUiMethods, loadUiMethods, uiMethodsLoaded } from './registry.ts';
import { waitFor, widgetFixture } from './test-utils.ts';

const loadedNames = () => loadedUiMethods().map((m) => m.name);

describe('widget registry loading (real reference server)', () => {
  const w = widgetFixture();
  const { q } = w;

  it("an email-passcode widget loads the OTP method's chunk and no other method's", async () => {
    expect(loadedNames()).to.deep.equal([]);
    w.render({ config: { products: ['otp'], otpOptions: { methods: ['email'] } } });
    await waitFor(() => q('input[type="email"]'), 'email input');
    expect(loadedNames()).to.deep.equal(['otps']);
    expect(q('[data-screen]')?.getAttribute('data-screen')).to.equal('Main');
  });

  it('a config that adds a product loads its method (with the methods it uses) and shows Main again', async () => {
    w.render({ config: { products: ['passwords', 'otp'] } });
    await waitFor(() => loadedNames().includes('passwords'), 'the passwords chunk');
    await waitFor(() => q('input[type="email"]'), 'the password start form');
    expect(loadedNames()).to.deep.equal(['magic-links', 'passwords', 'otps']);
  });

  it('a chunk that cannot be fetched rejects the load, and the next load tries again', async () => {
    let attempts = 0;
    const flaky: UiMethodEntry = {
      name: 'flaky-test-method',
      products: [],
      options: {},
      resolve: () => ({}),
      screenNames: [],
      initialState: {},
      load: () => {
        attempts++;
        return attempts === 1
          ? Promise.reject(new Error('chunk load failed'))
          : Promise.resolve({ screens: {}, actions: {}, reduce: (s) => s, strings: {}, events: {} });
      },
    };
    let failed: unknown;
    await loadUiMethods([flaky]).catch((e: unknown) => {
      failed = e;
    });
    expect((failed as Error).message).to.equal('chunk load failed');
    expect(uiMethodsLoaded([flaky])).to.equal(false);
    await loadUiMethods([flaky]);
    expect(uiMethodsLoaded([flaky])).to.equal(true);
    expect(attempts).to.equal(2);
  });
});
