/**
 * The per-project suppression list: phone numbers that texted STOP (per channel) and email addresses
 * that hard-bounced. Every send checks it before delivering (docs/reference/errors.md#messages-by-error-type unsubscribed_phone_number,
 * inactive_email); inbound replies and bounces fill it. Documented in server/README.md ("Suppression list").
 */
import { z } from 'zod/mini';
import { normalizeEmail } from '../sdk-core/schemas/index.ts';
import type { InboxChannel } from '../sdk-core/schemas/index.ts';
import type { Db } from './db/index.ts';
import { ApiError } from './errors.ts';
import type { Services } from './services.ts';
import type { Delivery } from './messaging/delivery.ts';
import { normalizePhone } from './phones.ts';

/** Channels a recipient can text back on. */
export type PhoneChannel = 'sms' | 'whatsapp';

/** Replies that unsubscribe a number from its channel (the carriers' standard opt-out words). */
export const UNSUBSCRIBE_KEYWORDS: readonly string[] = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'];
/** Replies that resubscribe a number to its channel. */
export const RESUBSCRIBE_KEYWORDS: readonly string[] = ['START', 'UNSTOP', 'YES'];

/** Body of an inbound text (`POST /dev/inbound`, `POST /webhooks/sms/inbound`): who texted what on which channel. */
export const InboundMessageRequest = z.object({
  channel: z.enum(['sms', 'whatsapp']),
  from: z.string().check(z.maxLength(64)),
  // Ten concatenated SMS segments; a longer reply is no keyword anyway.
  text: z.string().check(z.maxLength(1600)),
});

/** What an inbound text did to the suppression list. */
export type InboundAction = 'unsubscribed' | 'resubscribed' | 'ignored';

/** One suppression-list entry as the dev endpoints show it. */
export interface SuppressionEntry {
  channel: InboxChannel;
  address: string;
  reason: 'unsubscribed' | 'bounced';
  source: string;
  detail: string | null;
  created_at: string;
}

/**
 * The opt-in/opt-out meaning of a reply: only a message that is exactly one keyword counts (trimmed,
 * case-insensitive), as with carriers, so "stop by later?" does not unsubscribe anyone.
 */
export function inboundKeyword(text: string): 'unsubscribe' | 'resubscribe' | null {
  const word = text.trim().toUpperCase();
  if (UNSUBSCRIBE_KEYWORDS.includes(word)) return 'unsubscribe';
  if (RESUBSCRIBE_KEYWORDS.includes(word)) return 'resubscribe';
  return null;
}

/** The stored form of an email (sdk-core normalizeEmail), the one every send compares. @throws ApiError invalid_email */
export function normalizeEmailAddress(raw: string): string {
  const email = normalizeEmail(raw);
  if (email === null) throw new ApiError('invalid_email');
  return email;
}

/** The suppression row of a destination, if any. `address` must already be normalised. */
export async function findSuppression(db: Db, projectId: string, channel: InboxChannel, address: string) {
  const row = await db.kysely
    .selectFrom('suppressions')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('channel', '=', channel)
    .where('address', '=', address)
    .executeTakeFirst();
  return row ?? null;
}

/** The docs/reference/errors.md#messages-by-error-type error a send to a suppressed destination of `channel` answers with. */
function suppressedError(channel: InboxChannel): ApiError {
  return new ApiError(channel === 'email' ? 'inactive_email' : 'unsubscribed_phone_number');
}

/**
 * Refuses a send to a suppressed destination. Routes call it after validating the request and before
 * counting send limits or creating anything, so a refused send costs the user no quota.
 * @throws ApiError inactive_email (email) / unsubscribed_phone_number (sms, whatsapp), both 400
 */
export async function assertDeliverable(svc: Services, channel: InboxChannel, address: string): Promise<void> {
  if (await findSuppression(svc.db, svc.project.project_id, channel, address)) throw suppressedError(channel);
}

/**
 * Backstop around the real delivery: whatever path sends, nothing reaches a suppressed destination.
 * The routes check first (assertDeliverable); this catches a send path that forgot to.
 */
export function suppressionGuard(db: Db, inner: Delivery): Delivery {
  return {
    async send(m) {
      if (await findSuppression(db, m.projectId, m.channel, m.to)) throw suppressedError(m.channel);
      await inner.send(m);
    },
  };
}

async function suppress(
  svc: Services,
  e: { channel: InboxChannel; address: string; reason: 'unsubscribed' | 'bounced'; source: string; detail: string | null },
): Promise<void> {
  const row = { project_id: svc.project.project_id, ...e, created_at: svc.now() };
  // Upsert: a second STOP or bounce refreshes the entry instead of failing on the primary key.
  await svc.db.kysely
    .insertInto('suppressions')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['project_id', 'channel', 'address']).doUpdateSet({ reason: e.reason, source: e.source, detail: e.detail, created_at: row.created_at }),
    )
    .execute();
}

async function unsuppress(svc: Services, channel: InboxChannel, address: string): Promise<boolean> {
  const res = await svc.db.kysely
    .deleteFrom('suppressions')
    .where('project_id', '=', svc.project.project_id)
    .where('channel', '=', channel)
    .where('address', '=', address)
    .executeTakeFirst();
  return res.numDeletedRows > 0n;
}

/**
 * What a provider adapter calls for each text a recipient sends back: STOP (and synonyms) unsubscribes
 * `from` on that channel only, START / UNSTOP / YES resubscribes it, anything else is ignored.
 * @returns the E.164 number and what happened
 * @throws ApiError invalid_phone_number / invalid_phone_number_country_code for a bad `from`
 */
export async function recordInboundMessage(
  svc: Services,
  m: { channel: PhoneChannel; from: string; text: string; source?: string },
): Promise<{ from: string; action: InboundAction }> {
  const from = normalizePhone(m.from);
  const keyword = inboundKeyword(m.text);
  if (keyword === 'unsubscribe') {
    await suppress(svc, { channel: m.channel, address: from, reason: 'unsubscribed', source: m.source ?? 'inbound', detail: m.text.trim().toUpperCase() });
    return { from, action: 'unsubscribed' };
  }
  if (keyword === 'resubscribe') {
    await unsuppress(svc, m.channel, from);
    return { from, action: 'resubscribed' };
  }
  return { from, action: 'ignored' };
}

/**
 * What an email adapter calls for a hard (permanent) bounce: the address becomes inactive until an
 * admin reactivates it ({@link reactivateEmail}). Soft bounces (mailbox full, greylisting) must not be
 * reported: nothing clears the mark by itself.
 * @returns the normalised address
 * @throws ApiError invalid_email
 */
export async function recordEmailBounce(svc: Services, email: string, o: { source?: string; detail?: string } = {}): Promise<string> {
  const address = normalizeEmailAddress(email);
  await suppress(svc, { channel: 'email', address, reason: 'bounced', source: o.source ?? 'bounce', detail: o.detail ?? null });
  return address;
}

/** Admin action: makes an inactive email address deliverable again. @returns whether it was inactive */
export async function reactivateEmail(svc: Services, email: string): Promise<{ email: string; cleared: boolean }> {
  const address = normalizeEmailAddress(email);
  return { email: address, cleared: await unsuppress(svc, 'email', address) };
}

/** The project's suppression list, newest first. */
export async function listSuppressions(svc: Services, limit = 500): Promise<SuppressionEntry[]> {
  const rows = await svc.db.kysely
    .selectFrom('suppressions')
    .selectAll()
    .where('project_id', '=', svc.project.project_id)
    .orderBy('created_at', 'desc')
    .orderBy('address')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    channel: r.channel === 'sms' || r.channel === 'whatsapp' ? r.channel : 'email',
    address: r.address,
    reason: r.reason === 'bounced' ? 'bounced' : 'unsubscribed',
    source: r.source,
    detail: r.detail,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
