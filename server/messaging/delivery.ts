/** Outgoing messages (OTP codes, links) and the Delivery seam that sends them. */
import type { InboxChannel } from '../../sdk-core/schemas/index.ts';
import { logLine, maskAddress } from '../ops/log.ts';

/** A message to send; `code`/`link` are kept apart so the dev inbox can expose them to tests. */
export interface OutboundMessage {
  projectId: string;
  channel: InboxChannel;
  to: string;
  subject: string | null;
  text: string;
  /** The HTML part of an email (templates.ts); null for texts. Optional: jobs queued before it existed lack it. */
  html?: string | null;
  code: string | null;
  link: string | null;
  /**
   * Which message (`email_otp`, `sms_otp`, `whatsapp_otp`, `magic_link_login`, `magic_link_signup`,
   * `password_reset`) and its language, for a project's send_message hook. Optional: older jobs lack them.
   */
  kind?: string;
  locale?: string;
}

/** Sends messages; implementations: dev inbox (DB), SMTP (nodemailer), log-only. */
export interface Delivery {
  send(message: OutboundMessage): Promise<void>;
}

/**
 * A send that can never succeed (a recipient the transport refuses to address): the outbox does not
 * retry it but keeps the job as dead at once.
 */
export class PermanentDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentDeliveryError';
  }
}

/** Sends through every delivery in order (test project with SMTP configured: inbox and mail). */
export function fanOut(deliveries: Delivery[]): Delivery {
  return {
    async send(message) {
      for (const d of deliveries) await d.send(message);
    },
  };
}

/** Drops messages with a log line that never contains the secret (a live project without SMTP_URL). */
export function logOnlyDelivery(log: (line: string) => void): Delivery {
  return {
    async send(message) {
      // Masked (ops/log.ts): logs never name the person.
      log(logLine('warn', { msg: 'no SMTP_URL configured: message dropped', channel: message.channel, to: maskAddress(message.to) }));
    },
  };
}
