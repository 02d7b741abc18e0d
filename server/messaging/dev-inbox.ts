/** Dev inbox: a Delivery that stores messages in the database for `/dev/inbox` (test projects only). */
import { type InboxMessage, normalizeEmail } from '../../sdk-core/schemas/index.ts';
import { newId } from '../crypto.ts';
import type { Db } from '../db/index.ts';
import type { Delivery } from './delivery.ts';

let seq = 0;

/** Delivery writing each message to `dev_messages`, stamped with the injected clock. */
export function devInboxDelivery(db: Db, now: () => number): Delivery {
  return {
    async send(m) {
      seq += 1;
      await db.kysely
        .insertInto('dev_messages')
        .values({
          message_id: newId('message', 'test'),
          project_id: m.projectId,
          channel: m.channel,
          to_addr: m.to,
          subject: m.subject,
          body_text: m.text,
          body_html: m.html ?? null,
          code: m.code,
          link: m.link,
          sent_at: now(),
          seq,
        })
        .execute();
    },
  };
}

/** Messages of the project, newest first, optionally only those sent to `to` (case-insensitive). */
export async function listInbox(db: Db, projectId: string, to?: string, limit = 200): Promise<InboxMessage[]> {
  // inbox.json keeps its shape: the HTML part is served on its own (/dev/inbox/:id/html).
  return (await listInboxWithHtml(db, projectId, to, limit)).map(({ html: _, ...m }) => m);
}

/** A dev inbox message with its HTML part (null for texts), for the /dev/inbox page. */
export type InboxMessageWithHtml = InboxMessage & { html: string | null };

/** {@link listInbox} with each message's HTML part. */
export async function listInboxWithHtml(db: Db, projectId: string, to?: string, limit = 200): Promise<InboxMessageWithHtml[]> {
  let q = db.kysely.selectFrom('dev_messages').selectAll().where('project_id', '=', projectId);
  // Stored addresses are normalised (punycode domain); a filter typed in Unicode finds them too.
  if (to) q = q.where('to_addr', '=', normalizeEmail(to) ?? to.trim().toLowerCase());
  const rows = await q.orderBy('sent_at', 'desc').orderBy('seq', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: r.message_id,
    channel: r.channel === 'sms' || r.channel === 'whatsapp' ? r.channel : 'email',
    to: r.to_addr,
    subject: r.subject,
    text: r.body_text,
    code: r.code,
    link: r.link,
    sent_at: new Date(r.sent_at).toISOString(),
    html: r.body_html ?? null,
  }));
}

/** The HTML part of one of the project's messages; null when there is no such message or it has none. */
export async function inboxHtml(db: Db, projectId: string, messageId: string): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('dev_messages')
    .select('body_html')
    .where('project_id', '=', projectId)
    .where('message_id', '=', messageId)
    .executeTakeFirst();
  return row?.body_html ?? null;
}

/** Empties the project's inbox. */
export async function clearInbox(db: Db, projectId: string): Promise<void> {
  await db.kysely.deleteFrom('dev_messages').where('project_id', '=', projectId).execute();
}
