/**
 * Server rendering (Next.js, Nuxt, SvelteKit run the page's imports in Node): every entry of the
 * installed package imports in Node without a DOM, defining is a no-op there, and the React
 * wrappers render to HTML (React 18 and 19). Each case runs in a fresh Node process inside the host
 * project, so it resolves `auth-elements` exactly as a host's server would.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { hostProject, packedKit, repo } from './packed.ts';

/** Runs `code` as an ES module in the host project (or `project`); returns stdout, and fails on anything on stderr. */
async function inHost(code: string, project?: string): Promise<string> {
  const app = project ?? (await packedKit()).app;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: app, encoding: 'utf8' });
  // React's server renderer warns on stderr (development build): a warning fails the case.
  assert.equal(r.stderr, '');
  assert.equal(r.status, 0);
  return r.stdout.trim();
}

const ENTRIES = [
  'auth-elements',
  'auth-elements/define',
  'auth-elements/auth-elements.js',
  'auth-elements/client',
  'auth-elements/helpers',
  'auth-elements/react',
  'auth-elements/vue',
  'auth-elements/svelte',
];

describe('the installed package on a server (no DOM)', () => {
  for (const entry of ENTRIES) {
    it(`imports ${entry} without throwing, touching no DOM global`, async () => {
      const out = await inHost(`
        // lit-html (the first paint's, issue 16) records its version in globalThis.litHtmlVersions, to
        // warn about two copies on one page: a plain array, no DOM global.
        const keys = () => Object.keys(globalThis).filter((k) => k !== 'litHtmlVersions').sort().join(',');
        const before = keys();
        const m = await import(${JSON.stringify(entry)});
        const after = keys();
        console.log(JSON.stringify({ exports: Object.keys(m).length, same: before === after, ce: typeof globalThis.customElements, he: typeof globalThis.HTMLElement }));
      `);
      const r = JSON.parse(out) as { exports: number; same: boolean; ce: string; he: string };
      assert.equal(r.same, true, 'no global added');
      assert.equal(r.ce, 'undefined');
      assert.equal(r.he, 'undefined');
      if (!entry.endsWith('vue') && !entry.endsWith('svelte')) assert.ok(r.exports > 10, `${entry} exports its API`);
    });
  }

  it("auth-elements/client's errors (a bundle of its own) are the elements' errors to instanceof, isApiError and toAuthError", async () => {
    const out = await inHost(`
      const client = await import('auth-elements/client');
      const kit = await import('auth-elements');
      const helpers = await import('auth-elements/helpers');
      const e = new client.ApiError({ status_code: 429, error_type: 'too_many_requests', error_message: 'slow down', error_url: '' });
      const ceremony = new helpers.WebAuthnCeremonyError('aborted', 'cancelled');
      console.log(JSON.stringify({
        twoCopies: client.ApiError !== kit.ApiError,
        isApi: e instanceof kit.ApiError && e instanceof kit.AuthError && kit.isApiError(e, 'too_many_requests'),
        kept: kit.toAuthError(e) === e,
        notOther: e instanceof kit.NoSessionError,
        ceremony: ceremony instanceof client.AuthError && ceremony instanceof kit.WebAuthnCeremonyError && kit.isWebAuthnAbort(ceremony),
        name: e.name,
      }));
    `);
    assert.deepEqual(JSON.parse(out), { twoCopies: true, isApi: true, kept: true, notOther: false, ceremony: true, name: 'ApiError' });
  });

  it("auth-elements/server (an app backend's entry) imports in Node with no global added and refuses a request without a session", async () => {
    const out = await inHost(`
      const before = Object.keys(globalThis).sort().join(',');
      const m = await import('auth-elements/server');
      const v = m.createSessionVerifier({ serverUrl: 'http://127.0.0.1:9', projectId: 'project-test-x' });
      const code = await v.verify(new Request('http://app.example/', { headers: { cookie: 'a=b' } })).then(() => 'verified', (e) => m.isSessionVerificationError(e) && e.code);
      console.log(JSON.stringify({ exports: Object.keys(m).sort(), same: before === Object.keys(globalThis).sort().join(','), code }));
    `);
    assert.deepEqual(JSON.parse(out), {
      exports: [
        'SESSION_CLAIM',
        'SessionVerificationError',
        'createSessionVerifier',
        'expressSession',
        'honoSession',
        'isSessionVerificationError',
        'nextMiddleware',
        'nextSession',
      ],
      same: true,
      code: 'missing',
    });
  });

  it('defineAuthElements() and the element classes are inert without a DOM', async () => {
    const out = await inHost(`
      const { defineAuthElements, defineLogin, AuthLoginElement, AUTH_ELEMENTS, mountLogin } = await import('auth-elements');
      defineAuthElements();
      defineLogin();
      console.log(JSON.stringify({
        name: AuthLoginElement.name,
        tags: Object.keys(AUTH_ELEMENTS),
        attrs: AuthLoginElement.observedAttributes,
        mount: typeof mountLogin,
      }));
    `);
    assert.deepEqual(JSON.parse(out), {
      name: 'AuthLoginElement',
      tags: ['auth-login', 'auth-reset-password', 'auth-passkey-registration', 'auth-idp-consent', 'auth-user-profile'],
      attrs: ['config', 'styles', 'strings', 'client', 'callbacks'],
      mount: 'function',
    });
  });

  it('renders the React wrappers and the tags to HTML (React 18 server renderer), with no warning', async () => {
    const out = await inHost(`
      const { createElement } = await import('react');
      const { renderToString } = await import('react-dom/server');
      const { AuthLogin, AuthResetPassword, AuthPasskeyRegistration } = await import('auth-elements/react');
      console.log(renderToString(createElement('main', null,
        createElement(AuthLogin, { className: 'login', config: { products: ['otp'] }, onAuthEvent: () => {} }),
        createElement(AuthResetPassword, { passwordResetToken: 't' }),
        createElement(AuthPasskeyRegistration, { id: 'pk' }),
      )));
    `);
    // Properties are set in the browser (effects), so only plain attributes reach the HTML.
    assert.equal(
      out,
      '<main><auth-login class="login"></auth-login><auth-reset-password></auth-reset-password><auth-passkey-registration id="pk"></auth-passkey-registration></main>',
    );
  });

  it('renders the React wrappers and the tags to HTML with React 19 too, with no warning', async () => {
    // A second host project with React 19 (the React 19 host app's), as a Next.js app on React 19 has.
    const react19 = join(repo, 'demo/hosts/react19/node_modules');
    const project = await hostProject('app-react19-runtime', {
      react: join(react19, 'react'),
      'react-dom': join(react19, 'react-dom'),
      scheduler: join(react19, 'scheduler'),
    });
    const out = await inHost(
      `
      const { createElement, version } = await import('react');
      const { renderToString } = await import('react-dom/server');
      const { AuthLogin, AuthResetPassword } = await import('auth-elements/react');
      console.log(version.split('.')[0], renderToString(createElement('main', null,
        createElement(AuthLogin, { className: 'login', config: { products: ['otp'] }, onAuthEvent: () => {} }),
        createElement(AuthResetPassword, { passwordResetToken: 't' }),
        createElement('auth-login', { id: 'tag', className: 'tag' }),
      )));
    `,
      project,
    );
    assert.equal(
      out,
      '19 <main><auth-login class="login"></auth-login><auth-reset-password></auth-reset-password><auth-login id="tag" class="tag"></auth-login></main>',
    );
  });
});
