/**
 * auth-elements/react in a React 18 host (the repository's React, as the React build shares the
 * host's): the wrapper sets config and the rest as properties (the object kept as given, no
 * attribute), maps onAuthEvent / onAuthError to the DOM events and className to class; the same
 * config written naively on the tag becomes "[object Object]", which the element reports.
 */
import { expect } from '@open-wc/testing';
import { createElement, createRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import type { AuthErrorDetail, AuthEvent } from '../react-internals/events.ts';
import { typeInto, waitFor } from '../react-internals/test-utils.ts';
import { testEnv, uniqueEmail } from '../test/env.ts';
import { AuthIDPConsent, type AuthIDPConsentElement, AuthLogin, type AuthLoginElement, type LoginConfig } from './react.ts';

describe('auth-elements/react in a React 18 host', () => {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('sets the properties, keeps the config object, and maps the events', async () => {
    const { apiBaseUrl, publicToken } = await testEnv();
    const config: LoginConfig = { publicToken, apiBaseUrl, otpOptions: { methods: ['email'] } };
    const ref = createRef<AuthLoginElement>();
    const events: AuthEvent[] = [];
    const errors: AuthErrorDetail[] = [];
    flushSync(() =>
      root.render(
        <AuthLogin
          ref={ref}
          className="signin"
          config={config}
          strings={{ 'main.header': 'Hello' }}
          onAuthEvent={(e) => events.push(e.detail)}
          onAuthError={(e) => errors.push(e.detail)}
        />,
      ),
    );
    const el = ref.current!;
    expect(el.localName).to.equal('auth-login');
    expect(el.getAttribute('class')).to.equal('signin');
    expect(el.config).to.equal(config);
    expect(el.hasAttribute('config')).to.equal(false);
    const input = await waitFor(() => el.shadowRoot!.querySelector<HTMLInputElement>('input[type="email"]'), 'email input');
    expect(el.shadowRoot!.querySelector('h1')!.textContent).to.equal('Hello');
    typeInto(input, uniqueEmail('react-wrapper'));
    el.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => events.length > 0, 'auth-event through onAuthEvent');
    expect(events[0]!.type).to.equal('OTP_EMAIL_LOGIN_OR_CREATE');
    // A re-render with an equal but new config object sets it again; the same object does not.
    flushSync(() => root.render(<AuthLogin ref={ref} className="signin" config={config} />));
    expect(el.config).to.equal(config);
    expect(errors).to.deep.equal([]);
  });

  it("AuthIDPConsent sets the consent element's own properties as properties and maps its errors", async () => {
    const { apiBaseUrl, publicToken } = await testEnv();
    const ref = createRef<AuthIDPConsentElement>();
    const errors: AuthErrorDetail[] = [];
    const manifest = () => [{ header: 'h', items: ['i'] }];
    const navigate = () => undefined;
    const page = location.href;
    // No client_id in the address: the element says which parameter is missing.
    history.replaceState(null, '', `${location.pathname}?redirect_uri=https%3A%2F%2Frp.example%2Fcb`);
    try {
      flushSync(() =>
        root.render(
          <AuthIDPConsent
            ref={ref}
            config={{ publicToken, apiBaseUrl }}
            getIDPConsentManifest={manifest}
            authTokenParams={{ trustedAuthToken: 't', tokenProfileID: 'p' }}
            navigate={navigate}
            onAuthError={(e) => errors.push(e.detail)}
          />,
        ),
      );
      const el = ref.current!;
      expect(el.localName).to.equal('auth-idp-consent');
      expect(el.getIDPConsentManifest).to.equal(manifest);
      expect(el.navigate).to.equal(navigate);
      expect(el.authTokenParams).to.deep.equal({ trustedAuthToken: 't', tokenProfileID: 'p' });
      expect(el.hasAttribute('auth-token-params')).to.equal(false);
      await waitFor(() => errors.length > 0, 'auth-error through onAuthError');
      expect(errors[0]!.name).to.equal('MissingParameterError');
    } finally {
      history.replaceState(null, '', page);
    }
  });

  it('the same config written on the tag by React 18 becomes "[object Object]": reported, never thrown', async () => {
    const { apiBaseUrl, publicToken } = await testEnv();
    const errors: AuthErrorDetail[] = [];
    const onError = (e: Event) => errors.push((e as CustomEvent<AuthErrorDetail>).detail);
    host.addEventListener('auth-error', onError);
    flushSync(() => root.render(createElement('auth-login', { config: { publicToken, apiBaseUrl } })));
    const el = host.querySelector('auth-login')!;
    // The wrapper test above defined the tag; React 18 still wrote an attribute.
    expect(el.getAttribute('config')).to.equal('[object Object]');
    await waitFor(() => el.shadowRoot!.textContent?.includes('something turned the object into text'), 'on-widget message');
    expect(errors.map((e) => e.field)).to.deep.equal(['config']);
    host.removeEventListener('auth-error', onError);
  });
});
