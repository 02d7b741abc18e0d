/**
 * HTTP SMS / WhatsApp provider adapter, used when SMS_PROVIDER_URL is set.
 *
 * Contract (documented in server/README.md): for each SMS or WhatsApp message the server sends
 * `POST {SMS_PROVIDER_URL}` with `Authorization: Bearer {SMS_PROVIDER_TOKEN}`,
 * `Content-Type: application/json` and body `{"channel": "sms" | "whatsapp", "to": "+E164", "text": "..."}`.
 * Any 2xx answer counts as accepted; anything else (or no answer within the time-out) fails the send,
 * which the API reports as a logged 500. A small relay to Twilio, Vonage or Meta fits this contract.
 */
import type { Delivery } from './delivery.ts';

/** Settings of {@link httpSmsDelivery}. */
export interface SmsProviderOptions {
  url: string;
  token?: string;
  /** Abort the provider call after this many ms (default 10 s). */
  timeoutMs?: number;
  /** Replaceable for tests; default global fetch. */
  fetch?: typeof fetch;
}

/** Delivery posting SMS and WhatsApp messages to an HTTP provider; email messages are skipped. */
export function httpSmsDelivery(opts: SmsProviderOptions): Delivery {
  const doFetch = opts.fetch ?? fetch;
  return {
    async send(m) {
      if (m.channel !== 'sms' && m.channel !== 'whatsapp') return;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      const res = await doFetch(opts.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ channel: m.channel, to: m.to, text: m.text }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      // Drain the body so the connection is reused; its content is not needed.
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    },
  };
}
