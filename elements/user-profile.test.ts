/**
 * `<auth-user-profile>`'s element in real Chromium against the real reference server: its row of the table,
 * the config check of its own keys (an unknown section is warned about and ignored), the first paint's
 * skeleton before React, `mountUserProfile`.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { type AuthClient, createClient } from '../sdk-core/index.ts';
import { forgetBrowserSession, testEnv, uniqueEmail, waitForMessage, whenReact } from '../test/env.ts';
import { waitFor } from '../react-internals/test-utils.ts';
import { AUTH_ELEMENT_DEFINITIONS, USER_PROFILE_DEFINITION } from './definitions.ts';
import './define.ts';
import { mountUserProfile } from './mount.ts';
import { AuthUserProfileElement } from './user-profile.tsx';

describe('<auth-user-profile>', () => {
  let env: { apiBaseUrl: string; publicToken: string };
  let client: AuthClient;

  before(async () => {
    env = await testEnv();
  });
  beforeEach(async () => {
    forgetBrowserSession();
    client = createClient(env.publicToken, { apiBaseUrl: env.apiBaseUrl, disableSessionRefresh: true });
    const email = uniqueEmail('el-profile');
    const { method_id } = await client.otps.email.loginOrCreate(email);
    await client.otps.authenticate((await waitForMessage(email)).code!, method_id, { session_duration_minutes: 30 });
  });
  afterEach(async () => {
    await client.session.revoke().catch(() => undefined);
    client.destroy();
  });

  it('is a row of the element table, starting on UserProfile with the config as its options', () => {
    expect(AUTH_ELEMENT_DEFINITIONS).to.include(USER_PROFILE_DEFINITION);
    expect(customElements.get('auth-user-profile')).to.equal(AuthUserProfileElement);
    const config = { sections: ['emails'] };
    expect(USER_PROFILE_DEFINITION.start({ config })).to.deep.equal({ screen: 'UserProfile', options: { config } });
  });

  it('warns about an unknown section and shows the known ones in the given order', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (m: unknown) => warnings.push(String(m));
    try {
      const el = await fixture<AuthUserProfileElement>(html`<auth-user-profile></auth-user-profile>`);
      el.config = { sections: ['sessions', 'billing', 'profile'] } as unknown as AuthUserProfileElement['config'];
      el.client = client;
      const root = el.shadowRoot!;
      await whenReact(el);
      await waitFor(() => root.querySelectorAll('[data-profile] [data-section]').length === 2, 'sections');
      expect([...root.querySelectorAll('[data-profile] [data-section]')].map((s) => s.getAttribute('data-section'))).to.deep.equal(['sessions', 'profile']);
      await waitFor(() => warnings.some((w) => w.includes('config.sections[1] "billing" is not one of')), 'the warning');
    } finally {
      console.warn = warn;
    }
  });

  it('paints the title, the loading line and the section titles before React, then mountUserProfile upgrades a host element', async () => {
    const host = await fixture<HTMLDivElement>(html`<div><div id="account"></div></div>`);
    const [el] = mountUserProfile('#account', { client, config: { sections: ['emails', 'passkeys'] } });
    expect(el).to.be.instanceOf(AuthUserProfileElement);
    expect(host.querySelector('auth-user-profile')).to.equal(el);
    const root = el!.shadowRoot!;
    await waitFor(() => root.querySelector('h1'), 'a title');
    await whenReact(el!);
    await waitFor(() => root.querySelector('[data-section="passkeys"]'), 'React sections');
    expect(root.querySelector('h1')?.textContent).to.equal('Account');
  });
});
