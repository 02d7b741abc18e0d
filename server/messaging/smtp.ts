/** SMTP delivery through nodemailer, used when SMTP_URL is set. */
import nodemailer from 'nodemailer';
import type { Delivery } from './delivery.ts';

/** Delivery sending email over SMTP (`smtp://user:pass@host:port` or `smtps://...`); other channels are skipped. */
export function smtpDelivery(smtpUrl: string, from: string): Delivery {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(m) {
      if (m.channel !== 'email') return;
      await transport.sendMail({ from, to: m.to, subject: m.subject ?? '', text: m.text });
    },
  };
}
