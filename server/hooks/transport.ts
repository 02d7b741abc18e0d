/**
 * The one seam through which a blocking hook leaves the server: the target check and the signed POST of
 * server/outbound/ (shared with webhooks), plus reading the hook's answer, which a webhook never needs.
 * Everything else in server/hooks/ calls only this module.
 */
import { Webhook } from 'standardwebhooks';
import type { ProjectMode } from '../project/config.ts';

/** Largest hook answer read (bytes): the answer carries a decision, metadata or claims, never a page. */
export const HOOK_ANSWER_MAX_BYTES = 64 * 1024;

/** What one hook POST gave: the status and answer text, or why there was none. */
export type HookResponse = { ok: true; status: number; text: string } | { ok: false; error: string };

/** Problem of a hook target (scheme, address class) for a project of `mode`; null when it may be called. */
export async function hookTargetProblem(url: string, mode: ProjectMode): Promise<string | null> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'is not an absolute URL';
  }
  if (mode === 'live' && u.protocol !== 'https:') return 'must be https on a live project';
  return null;
}

/**
 * POSTs `payload` as JSON signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature` from `secret`), within `timeoutMs`, following no redirect, and reads the answer
 * up to {@link HOOK_ANSWER_MAX_BYTES}.
 */
export async function postHook(
  url: string,
  payload: unknown,
  o: { secret: string; msgId: string; timestamp: Date; timeoutMs: number; mode: ProjectMode },
): Promise<HookResponse> {
  const problem = await hookTargetProblem(url, o.mode);
  if (problem) return { ok: false, error: `target ${problem}` };
  const body = JSON.stringify(payload);
  const signature = new Webhook(o.secret).sign(o.msgId, o.timestamp, body);
  const signal = AbortSignal.timeout(o.timeoutMs);
  try {
    const res = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal,
      headers: {
        'content-type': 'application/json',
        'webhook-id': o.msgId,
        'webhook-timestamp': String(Math.floor(o.timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
    });
    const text = await readCapped(res, HOOK_ANSWER_MAX_BYTES);
    if (text === null) return { ok: false, error: `answer larger than ${HOOK_ANSWER_MAX_BYTES} bytes` };
    return { ok: true, status: res.status, text };
  } catch (err) {
    return { ok: false, error: signal.aborted ? `no answer within ${o.timeoutMs} ms` : `request failed: ${(err as Error).message}` };
  }
}

/** The body as text, or null past `max` bytes (the rest is not read). */
async function readCapped(res: Response, max: number): Promise<string | null> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
