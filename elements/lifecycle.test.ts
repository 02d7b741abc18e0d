/**
 * The element's life (element.ts): the element mounts the React
 * tree into the shadow root on connect and unmounts it on disconnect, and is given no props, so it
 * never touches an attribute or a property; a declarative (server-rendered) shadow root is reused
 * as it is; a move in one task keeps the widget and its state. In real Chromium against the real
 * reference server.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { LoginConfig } from '../react-internals/config.ts';
import { typeInto, waitFor } from '../react-internals/test-utils.ts';
import { testEnv, whenReact } from '../test/env.ts';
import { LOGIN_DEFINITION } from './definitions.ts';
import { createAuthElement } from './element.ts';
import type { AuthLoginElement } from './login.tsx';

let tags = 0;
/** Defines a fresh tag of the login row (this page's auth-login may be defined already). */
function freshTag(): string {
  const tag = `auth-login-lifecycle-${++tags}`;
  customElements.define(tag, createAuthElement<LoginConfig>(LOGIN_DEFINITION));
  return tag;
}

const emailInput = (el: Element) => el.shadowRoot!.querySelector<HTMLInputElement>('input[type="email"]');

describe('element lifecycle (the element mounts React, the factory owns the input)', () => {
  let env: { apiBaseUrl: string; publicToken: string };
  before(async () => {
    env = await testEnv();
  });
  const config = (): LoginConfig => ({ publicToken: env.publicToken, apiBaseUrl: env.apiBaseUrl, otpOptions: { methods: ['email'] } });

  it('reuses a declarative shadow root (the same root, the server placeholder replaced), and renders the widget into it', async () => {
    const tag = `auth-login-lifecycle-${++tags}`;
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    // Server-rendered markup: the tag with its shadow root in the HTML, parsed before the tag is defined.
    host.setHTMLUnsafe(`<${tag} config='${JSON.stringify(config())}'><template shadowrootmode="open"><p id="ssr">Loading sign-in…</p></template></${tag}>`);
    const el = host.firstElementChild as AuthLoginElement;
    const declared = el.shadowRoot!;
    expect(declared.querySelector('#ssr')).to.not.equal(null);
    customElements.define(tag, createAuthElement<LoginConfig>(LOGIN_DEFINITION));
    // Upgraded without throwing: the same root, emptied of the placeholder for the widget.
    expect(el.shadowRoot).to.equal(declared);
    expect(declared.querySelector('#ssr')).to.equal(null);
    await waitFor(() => emailInput(el), 'email input in the declarative root');
    expect(el.shadowRoot).to.equal(declared);
    expect(declared.querySelector('#ssr')).to.equal(null);
  });

  it('a move in one task keeps the React tree and what the user typed', async () => {
    const tag = freshTag();
    const [a, b] = [await fixture<HTMLDivElement>(html`<div></div>`), await fixture<HTMLDivElement>(html`<div></div>`)];
    const el = document.createElement(tag) as AuthLoginElement;
    el.config = config();
    a.append(el);
    // The React tree is what a move must keep: after the handover, not the first paint's field.
    await whenReact(el);
    const input = await waitFor(() => emailInput(el), 'email input');
    typeInto(input, 'moved@example.com');
    b.append(el);
    await new Promise((r) => setTimeout(r, 50));
    expect(emailInput(el)).to.equal(input);
    expect(input.value).to.equal('moved@example.com');
  });

  it('removal unmounts the widget; putting it back mounts it afresh with the same values', async () => {
    const tag = freshTag();
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const el = document.createElement(tag) as AuthLoginElement;
    const cfg = config();
    el.config = cfg;
    host.append(el);
    const input = await waitFor(() => emailInput(el), 'email input');
    typeInto(input, 'gone@example.com');
    el.remove();
    // lit-html keeps its marker comment; no element of the widget stays.
    await waitFor(() => el.shadowRoot!.children.length === 0, 'unmounted');
    host.append(el);
    const again = await waitFor(() => emailInput(el), 'email input after re-insertion');
    expect(again).to.not.equal(input);
    expect(again.value).to.equal('');
    expect(el.config).to.equal(cfg);
  });

  it('observes only the table attributes and mirrors nothing: only the table attributes are read, no property is written back', async () => {
    const tag = freshTag();
    const cls = customElements.get(tag) as unknown as { observedAttributes: string[] };
    expect(cls.observedAttributes).to.deep.equal(['config', 'styles', 'strings', 'client', 'callbacks']);
    const el = document.createElement(tag) as AuthLoginElement;
    const cfg = config();
    const styles = { colors: { primary: '#123456' } };
    const strings = { 'main.header': 'Welcome' };
    const callbacks = { onEvent: () => {} };
    Object.assign(el, { config: cfg, styles, strings, callbacks });
    (await fixture<HTMLDivElement>(html`<div></div>`)).append(el);
    await waitFor(() => el.shadowRoot!.querySelector('h1')?.textContent === 'Welcome', 'overridden header');
    await whenReact(el);
    expect(el.getAttributeNames()).to.deep.equal(['data-screen']);
    expect(el.config).to.equal(cfg);
    expect(el.styles).to.equal(styles);
    expect(el.strings).to.equal(strings);
    expect(el.callbacks).to.equal(callbacks);
  });
});
