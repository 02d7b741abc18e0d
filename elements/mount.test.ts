import { expect, fixture, html } from '@open-wc/testing';
import { testEnv } from '../test/env.ts';
import { waitFor } from '../react-internals/test-utils.ts';
import { AuthLoginElement } from './login.tsx';
import { mountLogin, noElementsMessage } from './mount.ts';

describe('mountLogin', () => {
  it('throws the docs/reference/elements/auth-login.md#mounting text when the selector matches nothing', () => {
    expect(() => mountLogin('#does-not-exist', { config: {} })).to.throw(
      'The selector you specified (#does-not-exist) applies to no DOM elements that are currently on the page. Make sure the element exists on the page before calling mountLogin()',
    );
    expect(noElementsMessage('.x', 'mountIdentityProvider')).to.match(/before calling mountIdentityProvider\(\)$/);
  });

  it('creates one <auth-login> inside the target and re-renders it on remount', async () => {
    const { apiBaseUrl, publicToken } = await testEnv();
    const target = await fixture<HTMLDivElement>(html`<div id="login-target"></div>`);
    const [el] = mountLogin('#login-target', { config: { publicToken, apiBaseUrl } });
    expect(el).to.be.instanceOf(AuthLoginElement);
    expect(target.children).to.have.length(1);
    await waitFor(() => el!.shadowRoot!.querySelector('h1')?.textContent === 'Sign up or log in', 'rendered');

    const again = mountLogin('#login-target', {
      config: { publicToken, apiBaseUrl },
      strings: { 'main.header': 'Welcome back' },
    });
    expect(again[0]).to.equal(el);
    expect(target.querySelectorAll('auth-login')).to.have.length(1);
    await waitFor(() => el!.shadowRoot!.querySelector('h1')?.textContent === 'Welcome back', 're-rendered');
  });

  it('sets props directly when the selector matches an <auth-login>', async () => {
    const { apiBaseUrl, publicToken } = await testEnv();
    const wrapper = await fixture<HTMLDivElement>(html`<div><auth-login class="mine"></auth-login></div>`);
    const [el] = mountLogin('auth-login.mine', { config: { publicToken, apiBaseUrl } });
    expect(el).to.equal(wrapper.querySelector('auth-login'));
    expect(el!.querySelector('auth-login')).to.equal(null);
    await waitFor(() => el!.getAttribute('data-screen') === 'Main', 'data-screen');
  });
});
