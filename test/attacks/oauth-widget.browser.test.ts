/**
 * Attacks on the browser side of OAuth (issue 13), in Chromium against the real reference server:
 * - script injection through the One Tap developer message's link-ification (docs/reference/methods/oauth.md#errors: provider-docs
 *   links become anchors): only https links to Google's documentation hosts become anchors;
 *   `javascript:`, plain http and other hosts stay text (docs/reference/security.md#widget: an https allowlist, no innerHTML);
 * - parameter injection through `provider_params`: a key named like a contract parameter
 *   (`public_token`, `login_redirect_url`, `code_challenge`) is sent only as `provider_{key}` and
 *   cannot replace the real one;
 * - the OAuth token lingering in the address bar (history, screenshots, Referer): the redirect page
 *   removes it before anything is sent.
 */
import { expect } from '@open-wc/testing';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { linkify } from '../../react-internals/oauth/linkify.tsx';
import { createClient } from '../../sdk-core/index.ts';
import { testEnv } from '../env.ts';

describe('OAuth widget attacks', () => {
  it('link-ification makes anchors only of https links to the provider-docs hosts', () => {
    const host = document.createElement('p');
    document.body.append(host);
    const root = createRoot(host);
    try {
      const message = [
        'See https://developers.google.com/identity/gsi/web/guides/overview.',
        'javascript:alert(1)',
        'http://developers.google.com/a',
        'https://evil.example/x',
        'https://developers.google.com.evil.example/y',
        'https://user@developers.google.com/z',
        '<img src=x onerror=alert(1)>',
      ].join(' ');
      flushSync(() => root.render(createElement('span', null, linkify(message))));
      const anchors = [...host.querySelectorAll('a')];
      expect(anchors.map((a) => a.getAttribute('href'))).to.deep.equal(['https://developers.google.com/identity/gsi/web/guides/overview']);
      expect(anchors[0]!.rel).to.equal('noopener noreferrer');
      expect(host.querySelector('img')).to.equal(null);
      expect(host.textContent).to.contain('javascript:alert(1)');
      expect(host.textContent).to.contain('https://evil.example/x');
    } finally {
      root.unmount();
      host.remove();
    }
  });

  it('provider_params cannot replace the contract parameters of the start URL', async () => {
    const { apiBaseUrl, publicToken } = await testEnv();
    const client = createClient(publicToken, { apiBaseUrl, disableSessionRefresh: true });
    try {
      const url = new URL(
        await client.oauth.startUrl('github', {
          login_redirect_url: 'http://localhost:9/in',
          provider_params: { public_token: 'public-token-live-evil', login_redirect_url: 'https://evil.example/', code_challenge: 'evil' },
        }),
      );
      expect(url.searchParams.getAll('public_token')).to.deep.equal([publicToken]);
      expect(url.searchParams.getAll('login_redirect_url')).to.deep.equal(['http://localhost:9/in']);
      expect(url.searchParams.getAll('code_challenge')).to.have.length(1);
      expect(url.searchParams.get('code_challenge')).to.not.equal('evil');
      expect(url.searchParams.get('provider_public_token')).to.equal('public-token-live-evil');
      expect(url.searchParams.get('provider_login_redirect_url')).to.equal('https://evil.example/');
    } finally {
      client.destroy();
    }
  });

  it('the redirect page takes the OAuth token out of the address bar before any request', async () => {
    const { apiBaseUrl, publicToken } = await testEnv();
    const client = createClient(publicToken, { apiBaseUrl, disableSessionRefresh: true });
    const before = location.href;
    history.replaceState(null, '', `${location.pathname}?stytch_token_type=oauth&token=secret-token-123&x=1`);
    const seen: string[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      seen.push(location.href);
      return original(input, init);
    };
    try {
      await client.oauth.authenticateFromUrl({ session_duration_minutes: 5 }).catch(() => undefined);
      expect(location.href).to.not.contain('secret-token-123');
      expect(seen.length).to.be.greaterThan(0);
      for (const href of seen) expect(href).to.not.contain('secret-token-123');
    } finally {
      globalThis.fetch = original;
      history.replaceState(null, '', before);
      client.destroy();
    }
  });
});
