/**
 * Provider webhooks, for live and test projects alike, each registered only when its shared secret is
 * configured: `POST /webhooks/sms/inbound` is the inbound mirror of the HTTP SMS adapter (messaging/sms.ts).
 */
import { sha256Hex, safeEqualHex } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import { readJson } from '../body.ts';
import type { Ctx, Services } from '../services.ts';
import { InboundMessageRequest, recordInboundMessage } from '../suppressions.ts';
import type { Route } from './types.ts';

/** Shortest accepted webhook secret: anything shorter is guessable by whoever can reach the server. */
export const MIN_WEBHOOK_SECRET_LENGTH = 16;

/** Settings of {@link webhookRoutes}. */
export interface WebhookOptions {
  /** Bearer secret the SMS relay sends on inbound messages (SMS_WEBHOOK_SECRET); no secret, no route. */
  smsWebhookSecret?: string;
}

/** @throws ApiError unauthorized_credentials unless `Authorization: Bearer {secret}` matches. */
function requireBearer(c: Ctx, secret: string): void {
  const m = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization')?.trim() ?? '');
  // Hashes first: equal lengths for the constant-time compare, whatever was sent.
  if (!m?.[1] || !safeEqualHex(sha256Hex(m[1]), sha256Hex(secret))) {
    throw new ApiError('unauthorized_credentials', { message: 'Missing or wrong webhook secret.' });
  }
}

/** Registers the webhooks whose secrets are configured. @throws Error for a secret shorter than 16 characters */
export function webhookRoutes(route: Route, svc: Services, o: WebhookOptions): void {
  const secret = o.smsWebhookSecret;
  if (secret === undefined || secret === '') return;
  if (secret.length < MIN_WEBHOOK_SECRET_LENGTH) throw new Error(`SMS_WEBHOOK_SECRET must be at least ${MIN_WEBHOOK_SECRET_LENGTH} characters`);

  route('POST', '/webhooks/sms/inbound', async (c) => {
    requireBearer(c, secret);
    const body = await readJson(c, InboundMessageRequest, svc.maxBodyBytes);
    const result = await recordInboundMessage(svc, { channel: body.channel, from: body.from, text: body.text, source: 'webhook' });
    return c.json({ channel: body.channel, ...result });
  });
}
