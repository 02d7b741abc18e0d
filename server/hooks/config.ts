/**
 * The project's blocking hooks (issue 28): which exist, their schema in the project file (`hooks`) and the
 * createApp option of the same name, and the checks a schema cannot state. Data only: core's project file
 * reads it without loading the hook calls.
 */
import { z } from 'zod/mini';
import { checkTargetSyntax } from '../outbound/target.ts';

/** The blocking hooks a project may set, in the order the README documents them. */
export const HOOK_NAMES = ['before_user_create', 'session_claims', 'send_message'] as const;
/** One blocking hook's name. */
export type HookName = (typeof HOOK_NAMES)[number];

/** Timeout of a hook call when the project sets none (ms). */
export const DEFAULT_HOOK_TIMEOUT_MS = 2000;
/** Longest timeout a project may set: a sign-in waits on the hook, and a request must end. */
export const MAX_HOOK_TIMEOUT_MS = 10_000;

/**
 * A Standard Webhooks secret: `whsec_` and the base64 of at least 24 random bytes (the standardwebhooks
 * package decodes the rest as base64).
 */
const WHSEC = /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/;

/** One hook: where it is POSTed, the secret that signs it, how long it may take and what a failure means. */
export const HookConfig = z.strictObject({
  url: z.string().check(z.maxLength(2048)),
  secret: z.string().check(z.regex(WHSEC, 'must be a whsec_ secret (whsec_ and base64 of 24+ bytes)')),
  timeout_ms: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_HOOK_TIMEOUT_MS))),
  /** `closed`: a failed call fails what waited on it; `open`: it goes on as if no hook were set. */
  on_failure: z.enum(['closed', 'open']),
});
/** One hook's settings. */
export type HookConfig = z.infer<typeof HookConfig>;

/** The project's `hooks` key: each hook optional. */
export const HooksConfig = z.strictObject({
  before_user_create: z.optional(HookConfig),
  session_claims: z.optional(HookConfig),
  send_message: z.optional(HookConfig),
});
/** The project's hooks. */
export type HooksConfig = z.infer<typeof HooksConfig>;

/**
 * Problems of the hooks that need no DNS (server/outbound checkTargetSyntax: an absolute http(s) URL
 * without credentials, https and no refused literal address on live projects); the resolved addresses
 * are checked at start (hooks/setup.ts) and again at each call.
 */
export function hooksProblems(hooks: HooksConfig | undefined, mode: 'test' | 'live'): string[] {
  const out: string[] = [];
  for (const name of HOOK_NAMES) {
    const h = hooks?.[name];
    if (!h) continue;
    const r = checkTargetSyntax(h.url, mode);
    if (!r.ok) out.push(`hooks.${name}.url ${JSON.stringify(h.url)} is refused: ${r.message}`);
    else if (r.url.hash) out.push(`hooks.${name}.url must not carry a fragment`);
  }
  return out;
}
