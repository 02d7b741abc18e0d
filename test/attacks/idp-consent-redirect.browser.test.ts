/**
 * Attack: a redirect_uri that runs script in the identity provider's origin. The consent screen
 * navigates to whatever redirect URI the authorization server answers; the server answers only URIs
 * registered for the client (exact match, http(s)), but should that ever fail (a bad registration,
 * a compromised config), `<auth-idp-consent>` must still refuse a script URL rather than run it on the
 * consent page, where the user's session lives. Regression test of `navigableUrl` (flow.ts), the one
 * gate every navigation of the screen passes.
 */
import { expect } from '@open-wc/testing';
import { navigableUrl } from '../../react-internals/idp/flow.ts';

describe('attack: script URL as the redirect target of <auth-idp-consent>', () => {
  it('refuses javascript:, data:, vbscript: and blob: in any spelling', () => {
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>1</script>',
      'vbscript:x',
      'blob:https://a.example/b',
    ]) {
      expect(navigableUrl(bad, 'https://idp.example/consent'), bad).to.equal(null);
    }
  });

  it('follows the registered kinds: https, loopback http, a native app scheme', () => {
    expect(navigableUrl('https://rp.example/cb?code=1&state=s')).to.equal('https://rp.example/cb?code=1&state=s');
    expect(navigableUrl('http://127.0.0.1:4000/cb?code=1')).to.equal('http://127.0.0.1:4000/cb?code=1');
    expect(navigableUrl('com.example.app:/cb?code=1')).to.equal('com.example.app:/cb?code=1');
  });
});
