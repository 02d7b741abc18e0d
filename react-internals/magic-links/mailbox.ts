/**
 * Links of the EmailConfirmation screen (docs/reference/methods/magic-links.md#screens): open Gmail, Yahoo or Outlook, with Gmail and
 * Yahoo searching by the sender's domain when it is known.
 */

/** A webmail provider the confirmation screen links to. */
export type MailboxProvider = 'gmail' | 'yahoo' | 'outlook';

/** One mailbox link. */
export interface MailboxLink {
  provider: MailboxProvider;
  href: string;
}

/**
 * The domain the link email comes from, when known (docs/reference/methods/magic-links.md#screens): the configured domainHint, else the
 * bootstrap's email domain if there is exactly one; null otherwise.
 */
export function senderDomain(domainHint: string | undefined, emailDomains: readonly string[] | undefined): string | null {
  if (domainHint) return domainHint;
  // Several domains: there is no telling which one sends, and a wrong search hides the mail.
  if (emailDomains?.length === 1 && emailDomains[0]) return emailDomains[0];
  return null;
}

/** Gmail, Yahoo and Outlook links; the first two search `from:domain` when a domain is given. */
export function mailboxLinks(domain: string | null): MailboxLink[] {
  const from = domain ? encodeURIComponent(`from:${domain}`) : null;
  return [
    {
      provider: 'gmail',
      // in:anywhere also finds the message when a filter moved it out of the inbox (spam, promotions).
      href: from ? `https://mail.google.com/mail/u/0/#search/${from}+in%3Aanywhere` : 'https://mail.google.com/mail/u/0/',
    },
    { provider: 'yahoo', href: from ? `https://mail.yahoo.com/d/search/keyword=${from}` : 'https://mail.yahoo.com/' },
    // Outlook's web app has no stable search URL, so it opens the inbox.
    { provider: 'outlook', href: 'https://outlook.live.com/mail/0/inbox' },
  ];
}
