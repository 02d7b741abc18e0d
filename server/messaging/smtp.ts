/**
 * SMTP delivery through nodemailer, used when SMTP_URL is set. Mail goes to the stored address as the
 * single recipient (docs/reference/security.md#email-syntax): the address must be in the one email syntax's stored form, and the SMTP
 * envelope is given explicitly, so nodemailer never derives RCPT TO from a header it parsed (a display
 * name, a group or a list hidden in `to` cannot add or change a recipient).
 */
import { createRequire } from 'node:module';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import { normalizeEmail } from '../../sdk-core/schemas/index.ts';
import { type Delivery, PermanentDeliveryError } from './delivery.ts';

/**
 * Time-outs of one SMTP conversation (ms), far inside the outbox's claim lease (outbox.ts), so a hung
 * server fails the attempt instead of outliving the claim and letting another instance send again.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/**
 * The bare envelope sender (MAIL FROM) of an SMTP_FROM value such as `Acme <login@acme.com>`. Operator
 * configuration, so a host-local sender (`no-reply@localhost`, the default) is fine; it must still be one
 * plain address.
 * @throws Error naming SMTP_FROM when it is not exactly one address
 */
export function envelopeSender(from: string): string {
  const parsed = addressparser(from, { flatten: true });
  const address = parsed.length === 1 ? parsed[0]?.address : undefined;
  if (!address || !/^[^\s@<>,;:"()]+@[^\s@<>,;:"()]+$/.test(address)) {
    throw new Error(`SMTP_FROM must be one email address (optionally with a display name), got ${JSON.stringify(from)}`);
  }
  return address;
}

/**
 * The one recipient of a message, or a permanent failure: it must already be a stored address (its own
 * normal form), and nodemailer's parser must read it back as exactly that one address.
 * @throws PermanentDeliveryError for anything else (retrying cannot make it valid)
 */
export function singleRecipient(to: string): string {
  if (normalizeEmail(to) !== to) throw new PermanentDeliveryError('refused recipient: not a valid stored email address');
  const parsed = addressparser(to, { flatten: true });
  if (parsed.length !== 1 || parsed[0]?.address !== to || parsed[0].name !== '') {
    throw new PermanentDeliveryError('refused recipient: the address does not parse as one mailbox');
  }
  return to;
}

/** Delivery sending email over SMTP (`smtp://user:pass@host:port` or `smtps://...`); other channels are skipped. */
export function smtpDelivery(smtpUrl: string, from: string): Delivery {
  const sender = envelopeSender(from);
  // nodemailer's transports load when SMTP is configured, not at every start (CommonJS: a require keeps this synchronous).
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');
  const transport = nodemailer.createTransport({ ...parseConnectionUrl(smtpUrl), ...SMTP_TIMEOUTS });
  return {
    async send(m) {
      if (m.channel !== 'email') return;
      const to = singleRecipient(m.to);
      await transport.sendMail({
        from,
        // An address object: the header is written from it, not parsed out of a string.
        to: { name: '', address: to },
        subject: m.subject ?? '',
        text: m.text,
        // The alternative HTML part (templates.ts escapes every inserted value); clients choose.
        ...(m.html ? { html: m.html } : {}),
        // RCPT TO is exactly the stored address, and nothing else (docs/reference/security.md#email-syntax: a single recipient).
        envelope: { from: sender, to: [to] },
      });
    },
  };
}
