/**
 * The send_message hook (issue 28): when a project sets it, the outbox's delivery POSTs each message
 * (email, SMS, WhatsApp) to the project instead of SMTP / the SMS adapter / the dev inbox. A failed call
 * is a failed attempt the outbox retries (fail closed), or falls back to the built-in delivery (fail open).
 */
import type { Delivery } from '../messaging/delivery.ts';
import type { Services } from '../services.ts';
import { callHook, hookOf } from './call.ts';

/**
 * Wraps the built-in delivery: messages go to the project's send_message hook when it has one. `svc`
 * is read per send (the services are built after the delivery).
 */
export function sendMessageHook(svc: () => Services | undefined, builtIn: Delivery): Delivery {
  return {
    async send(m) {
      const s = svc();
      if (!s || !hookOf(s, 'send_message')) return builtIn.send(m);
      const data = {
        channel: m.channel,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? null,
        kind: m.kind ?? null,
        locale: m.locale ?? null,
        code: m.code,
        link: m.link,
      };
      // Any 2xx delivers: the answer's body means nothing.
      const r = await callHook(s, 'send_message', data, () => ({}));
      if (r.kind === 'failed') {
        if (r.failOpen) return builtIn.send(m);
        throw new Error(`send_message hook failed: ${r.reason}`);
      }
    },
  };
}
