/**
 * Attack (issue 10, item 15): DOM clobbering. HTML the host page lets users write (a comment, a
 * profile) can hold `<img name="cookie">`: a document's named properties shadow Document.prototype,
 * so `document.cookie` became that image and the widget neither rendered nor signed in. The kit now
 * reads cookies and the other document members it uses through their prototypes (sdk-core/dom.ts).
 * Here the host page is full of such elements before the kit is even loaded, and `<auth-login>`
 * still renders (shadow DOM and light DOM), signs in by email passcode and writes the session cookies.
 * Not clobbered here: `document.createElement` & co., which React itself calls on the document; a
 * page where user HTML can name an element `createElement` is broken for any React app.
 */
import { expect } from '@open-wc/testing';
import { forgetBrowserSession, testEnv, uniqueEmail, signInThroughLogin, waitFor, widgetRoot } from '../env.ts';

// Every name below is a member the kit (or React under it) reads on document or window.
const CLOBBERING_HTML = `
  <img name="cookie"><form name="location"></form><img name="body"><img name="head">
  <form name="forms"></form><img name="activeElement"><img name="adoptedStyleSheets">
  <img name="documentElement"><img name="domain"><img name="referrer"><img name="querySelectorAll">
  <img name="querySelector"><img name="getElementById"><img name="defaultView">
  <img id="grecaptcha"><img id="localStorage"><img name="name" id="name">`;

/** `document.cookie` as the browser has it, read past any clobbering. */
const realCookies = (): string => Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!.get!.call(document) as string;

describe('attack: DOM clobbering of document.cookie, document.body and friends (issue 10, item 15)', () => {
  let env: { apiBaseUrl: string; publicToken: string };
  let kit: typeof import('../../src/index.ts');
  const body = document.body;
  const hostile = document.createElement('div');

  before(async () => {
    forgetBrowserSession();
    env = await testEnv();
    hostile.innerHTML = CLOBBERING_HTML;
    body.append(hostile);
    // The kit loads after the hostile markup is in the page, as on a host page that renders it first.
    kit = await import('../../src/index.ts');
    kit.defineAuthElements();
  });
  // The test runner's own page code reads document.body & co. to report: give them back.
  after(() => hostile.remove());

  it("the clobbering is live: document.cookie, .body, .head, .forms are the page's elements", () => {
    expect(document.cookie).to.be.instanceOf(HTMLImageElement);
    expect(document.body).to.be.instanceOf(HTMLImageElement);
    expect(document.head).to.be.instanceOf(HTMLImageElement);
    expect(document.forms).to.be.instanceOf(HTMLFormElement);
    expect(document.activeElement).to.be.instanceOf(HTMLImageElement);
    // document.location is [LegacyUnforgeable]: named access cannot shadow it.
    expect(document.location).to.equal(window.location);
  });

  for (const shadow of [true, false]) {
    it(`<auth-login> in ${shadow ? 'shadow' : 'light'} DOM renders, signs in by email passcode and writes the session cookies`, async () => {
      const target = document.createElement('div');
      target.id = `clobbered-login-${shadow ? 'shadow' : 'light'}`;
      body.append(target);
      const client = kit.createClient(env.publicToken, { apiBaseUrl: env.apiBaseUrl, disableSessionRefresh: true });
      try {
        const [el] = kit.mountLogin(`#${target.id}`, {
          client,
          config: { products: ['otp'], otpOptions: { methods: ['email'] }, enableShadowDOM: shadow },
        });
        await waitFor(() => widgetRoot(el!).querySelector('h1')?.textContent === 'Sign up or log in', 'Main screen', 8000);
        // Styled: the adopted sheets reached the shadow root, or the document in light DOM.
        const container = widgetRoot(el!).querySelector('.ae-root')!;
        expect(getComputedStyle(container).width).to.equal('400px');
        await signInThroughLogin(el!, uniqueEmail('clobbered'));
        const session = client.session.getSync();
        expect(session?.session_id).to.be.a('string');
        expect(realCookies()).to.contain('stytch_session=');
        expect(realCookies()).to.contain('stytch_session_jwt=');
        expect(client.session.getTokens()?.session_token).to.be.a('string');
        await client.session.revoke();
        expect(realCookies()).to.not.contain('stytch_session=');
      } finally {
        client.destroy();
        target.remove();
      }
    });
  }
});
