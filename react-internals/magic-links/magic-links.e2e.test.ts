/**
 * EmailConfirmation's mailbox links (docs/reference/methods/magic-links.md#screens: "Gmail and Yahoo searched by sender domain when
 * known: the configured domainHint or the single bootstrap-provided email domain") with a project
 * whose bootstrap names exactly one email domain, which the shared browser-test server does not
 * have. Driven in real Chromium (playwright-core) over the built bundle (dist/) against the real
 * reference server; the magic link really goes out (dev inbox).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { e2eHarness, screenIs, uniqueEmail } from '../../test/e2e-harness.ts';

const SENDER_DOMAIN = 'mail.example-sender.com';

// The host page: one <auth-login> for magic links; `?hint=` sets emailMagicLinksOptions.domainHint.
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Magic links</title>
<script type="module">
import '/dist/auth-elements.js';
import { createClient } from '/dist/index.js';
const project = await fetch('/dev/project.json').then((r) => r.json());
const hint = new URLSearchParams(location.search).get('hint');
const el = document.createElement('auth-login');
el.client = createClient(project.public_token, { apiBaseUrl: location.origin });
el.config = {
  products: ['emailMagicLinks'],
  emailMagicLinksOptions: { loginRedirectURL: location.origin + '/', signupRedirectURL: location.origin + '/', ...(hint ? { domainHint: hint } : {}) },
};
document.querySelector('main').append(el);
</script></head><body><main></main></body></html>`;

const e2e = e2eHarness({ name: 'eml', page: PAGE, app: { bootstrap: { email_domains: [SENDER_DOMAIN] }, logger: () => undefined } });

/** Opens the page, sends a link to a fresh address, and waits for EmailConfirmation. */
async function sendLink(query = ''): Promise<{ page: Page; email: string }> {
  const page = await e2e.browser.newPage();
  await page.goto(`${e2e.base}/${query}`);
  const email = uniqueEmail('eml');
  await page.locator('auth-login input[type="email"]').fill(email);
  await page.keyboard.press('Enter');
  await screenIs(page, 'EmailConfirmation');
  return { page, email };
}

const href = (page: Page, provider: string) => page.locator(`auth-login a[data-mailbox="${provider}"]`).getAttribute('href');

describe('EmailConfirmation mailbox links with one bootstrap email domain (built bundle, real server)', () => {
  it('the bootstrap names one email domain: Gmail and Yahoo search mail from it; Outlook opens the inbox', async () => {
    const bootstrap = await (await fetch(`${e2e.base}/sdk/v1/projects/bootstrap/${e2e.instance.publicToken}`)).json();
    assert.deepEqual(bootstrap.data.email_domains, [SENDER_DOMAIN]);
    const { page, email } = await sendLink();
    assert.equal(await page.locator('auth-login h1').textContent(), 'Check your email');
    assert.equal(await page.locator('auth-login p.ae-text').textContent(), `An email was sent to ${email}`);
    assert.equal(await href(page, 'gmail'), `https://mail.google.com/mail/u/0/#search/from%3A${SENDER_DOMAIN}+in%3Aanywhere`);
    assert.equal(await href(page, 'yahoo'), `https://mail.yahoo.com/d/search/keyword=from%3A${SENDER_DOMAIN}`);
    assert.equal(await href(page, 'outlook'), 'https://outlook.live.com/mail/0/inbox');
    assert.equal((await e2e.messagesTo(email)).length, 1);
    await page.close();
  });

  it("a configured domainHint wins over the bootstrap's domain", async () => {
    const { page } = await sendLink('?hint=links.example.org');
    assert.equal(await href(page, 'gmail'), 'https://mail.google.com/mail/u/0/#search/from%3Alinks.example.org+in%3Aanywhere');
    assert.equal(await href(page, 'yahoo'), 'https://mail.yahoo.com/d/search/keyword=from%3Alinks.example.org');
    await page.close();
  });
});
