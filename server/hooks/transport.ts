/**
 * The one seam through which a blocking hook leaves the server: server/outbound/'s target check and signed
 * POST (shared with webhooks: Standard Webhooks signature, SSRF checks at send time on a pinned
 * connection, no redirects), with the hook's answer read back. Everything else in server/hooks/ calls
 * only this module.
 */
import { checkTarget, signedPost } from '../outbound/index.ts';
import type { ProjectMode } from '../project/config.ts';

/** What one hook POST gave: the status and answer text, or why there was none. */
export type HookResponse = { ok: true; status: number; text: string } | { ok: false; error: string };

/**
 * Problem of a hook target for a project of `mode` (live: https, and every address the name resolves to
 * public: not loopback, private, link-local or metadata); null when it may be called.
 */
export async function hookTargetProblem(url: string, mode: ProjectMode): Promise<string | null> {
  const r = await checkTarget(url, { mode });
  return r.ok ? null : `is refused: ${r.message}`;
}

/**
 * POSTs `payload` as JSON signed the Standard Webhooks way with `secret`, within `timeoutMs`, and reads
 * the answer. A non-2xx answer is returned with its status (the caller decides); refusals, time-outs,
 * redirects and network errors are `ok: false`.
 */
export async function postHook(
  url: string,
  payload: unknown,
  o: { secret: string; msgId: string; timestampMs: number; timeoutMs: number; mode: ProjectMode },
): Promise<HookResponse> {
  const r = await signedPost(url, payload, { secret: o.secret, msgId: o.msgId, timestamp: o.timestampMs, timeoutMs: o.timeoutMs, mode: o.mode });
  if (r.status !== null && (r.status < 300 || r.status >= 400)) return { ok: true, status: r.status, text: r.body ?? '' };
  return { ok: false, error: r.error ?? 'no answer' };
}
