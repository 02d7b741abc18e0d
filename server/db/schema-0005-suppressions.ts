/** Kysely table type added by migration 0005 (same conventions as schema.ts). */

/** `suppressions`: destinations the project must not deliver to (docs/reference/errors.md#messages-by-error-type unsubscribed_phone_number, inactive_email). */
export interface SuppressionsTable {
  project_id: string;
  /** 'sms' | 'whatsapp' | 'email'. */
  channel: string;
  /** E.164 number or lower-cased email address. */
  address: string;
  /** 'unsubscribed' | 'bounced'. */
  reason: string;
  /** 'inbound' (a STOP reply), 'bounce', 'dev' (the dev inbox) or 'webhook'. */
  source: string;
  /** The keyword texted, or the provider's bounce description. */
  detail: string | null;
  created_at: number;
}
