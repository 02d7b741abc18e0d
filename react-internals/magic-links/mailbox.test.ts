import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { resolveLoginConfig } from '../config.ts';
import { resolveEmailMagicLinksOptions } from './config.ts';
import { initialWidgetState, widgetReducer } from '../login/state.ts';
import { magicLinkSendOptions } from './send.ts';
import { mailboxLinks, senderDomain } from './mailbox.ts';
import { loadAllUiMethods } from '../registry.ts';

describe('magic-link helpers', () => {
  // The state machine and Main's parts of a method are in its chunk (registry.ts): load them all.
  before(() => loadAllUiMethods());

  it('sender domain: domainHint, else the single bootstrap email domain, else unknown', () => {
    assert.equal(senderDomain('acme.com', ['other.com']), 'acme.com');
    assert.equal(senderDomain(undefined, ['acme.com']), 'acme.com');
    assert.equal(senderDomain(undefined, ['a.com', 'b.com']), null);
    assert.equal(senderDomain(undefined, []), null);
    assert.equal(senderDomain(undefined, undefined), null);
  });

  it('Gmail and Yahoo search by sender domain when known; Outlook opens the inbox', () => {
    assert.deepEqual(mailboxLinks('acme.com'), [
      { provider: 'gmail', href: 'https://mail.google.com/mail/u/0/#search/from%3Aacme.com+in%3Aanywhere' },
      { provider: 'yahoo', href: 'https://mail.yahoo.com/d/search/keyword=from%3Aacme.com' },
      { provider: 'outlook', href: 'https://outlook.live.com/mail/0/inbox' },
    ]);
    assert.deepEqual(
      mailboxLinks(null).map((l) => l.href),
      ['https://mail.google.com/mail/u/0/', 'https://mail.yahoo.com/', 'https://outlook.live.com/mail/0/inbox'],
    );
  });

  it('emailMagicLinksOptions: docs/reference/config.md#product-options defaults (30, 30, false) and checked values', () => {
    assert.deepEqual(resolveEmailMagicLinksOptions(undefined), {
      loginExpirationMinutes: 30,
      signupExpirationMinutes: 30,
      createUserAsPending: false,
    });
    assert.deepEqual(
      resolveEmailMagicLinksOptions({
        loginRedirectURL: 'https://app.example.com/auth',
        loginExpirationMinutes: 60,
        signupRedirectURL: 'https://app.example.com/welcome',
        signupExpirationMinutes: -1,
        createUserAsPending: true,
        domainHint: ' Acme.COM ',
      }),
      {
        loginRedirectURL: 'https://app.example.com/auth',
        loginExpirationMinutes: 60,
        signupRedirectURL: 'https://app.example.com/welcome',
        signupExpirationMinutes: 30,
        createUserAsPending: true,
        domainHint: 'acme.com',
      },
    );
    // Not a bare domain: no hint rather than a useless search.
    assert.equal(resolveEmailMagicLinksOptions({ domainHint: 'https://acme.com/' }).domainHint, undefined);
  });

  it('maps the options to the wire names of the send call', () => {
    const config = resolveLoginConfig({
      products: ['emailMagicLinks'],
      emailMagicLinksOptions: { loginRedirectURL: 'https://a.example/in', signupExpirationMinutes: 45 },
    });
    assert.deepEqual(magicLinkSendOptions(config), {
      login_expiration_minutes: 30,
      signup_expiration_minutes: 45,
      create_user_as_pending: false,
      login_magic_link_url: 'https://a.example/in',
    });
  });

  it('state: magic link sent -> EmailConfirmation with the email; try again -> Main, email cleared', () => {
    const sent = widgetReducer(initialWidgetState(), { type: 'magic_link_sent', email: 'a@b.co' });
    assert.equal(sent.screen, 'EmailConfirmation');
    assert.deepEqual(sent.magicLinkState, { email: 'a@b.co' });
    const again = widgetReducer(sent, { type: 'magic_link_try_again' });
    assert.equal(again.screen, 'Main');
    assert.deepEqual(again.magicLinkState, { email: '' });
    // Only meaningful on the confirmation screen.
    assert.deepEqual(widgetReducer(initialWidgetState(), { type: 'magic_link_try_again' }), initialWidgetState());
  });
});
