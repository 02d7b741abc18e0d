/**
 * Calling one blocking hook (issue 28): the signed POST of `{ type, timestamp, project_id, data }`, the
 * answer read and checked by the caller's parser, and the hook's fail mode applied to anything else
 * (timeout, network error, non-2xx, an answer that is not what the hook must say).
 */
import { randomUUID } from 'node:crypto';
import { logLine } from '../ops/log.ts';
import type { Services } from '../services.ts';
import { DEFAULT_HOOK_TIMEOUT_MS, type HookConfig, type HookName } from './config.ts';
import { postHook } from './transport.ts';

/** Outcome of {@link callHook}: no hook set, the parsed answer, or a failure and the hook's fail mode. */
export type HookResult<T> = { kind: 'none' } | { kind: 'answered'; value: T } | { kind: 'failed'; failOpen: boolean; reason: string };

/** The hook `name` of the active project, when it has one. */
export function hookOf(svc: Services, name: HookName): HookConfig | undefined {
  return svc.project.config.hooks?.[name];
}

/**
 * Calls hook `name` with `data` and parses a 2xx answer with `parse` (a string return is the reason it
 * is refused). Failures are logged with the hook and the reason, never the payload (it can name a person).
 */
export async function callHook<T>(svc: Services, name: HookName, data: unknown, parse: (answer: unknown) => T | string): Promise<HookResult<T>> {
  const hook = hookOf(svc, name);
  if (!hook) return { kind: 'none' };
  const nowMs = svc.now();
  const payload = { type: name, timestamp: new Date(nowMs).toISOString(), project_id: svc.project.project_id, data };
  const res = await postHook(hook.url, payload, {
    secret: hook.secret,
    msgId: `msg_${randomUUID()}`,
    timestampMs: nowMs,
    timeoutMs: hook.timeout_ms ?? DEFAULT_HOOK_TIMEOUT_MS,
    mode: svc.project.mode,
  });
  let reason: string;
  if (!res.ok) reason = res.error;
  else if (res.status < 200 || res.status > 299) reason = `answered HTTP ${res.status}`;
  else {
    const parsed = parseAnswer(res.text, parse);
    if (typeof parsed !== 'string') return { kind: 'answered', value: parsed.value };
    reason = parsed;
  }
  const failOpen = hook.on_failure === 'open';
  svc.log(logLine(failOpen ? 'warn' : 'error', { msg: 'blocking hook failed', hook: name, reason, on_failure: hook.on_failure }));
  return { kind: 'failed', failOpen, reason };
}

/** The parsed answer, or why it is refused (not JSON, or what `parse` says). */
function parseAnswer<T>(text: string, parse: (answer: unknown) => T | string): { value: T } | string {
  let json: unknown;
  try {
    json = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return 'answer is not JSON';
  }
  const value = parse(json);
  return typeof value === 'string' ? `bad answer: ${value}` : { value };
}

/** True for a plain JSON object (not null, not an array). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
