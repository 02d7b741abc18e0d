/**
 * The live project file (PROJECT_CONFIG): its schema (core's keys and the methods' settings), reading and
 * validating it, and the checks a schema cannot state.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod/mini';
import { parseWith } from '../../sdk-core/schemas/index.ts';
import { MessageOverridesSchema, messageOverrideProblems } from '../messaging/overrides.ts';
import { METHOD_DATA } from '../method-data.ts';
import { allowedHostProblem } from '../ops/config.ts';
import { redirectAllowlistProblems } from '../redirect-allowlist.ts';
import { type MethodSettingValues, PASSWORD_STRENGTH_SETTINGS } from './config.ts';
import { allowedOriginProblem } from './origins.ts';
import { HooksConfig, hooksProblems } from '../hooks/config.ts';
import { EVENT_TYPES } from '../events.ts';
import { checkTargetSyntax } from '../outbound/target.ts';
import { isWebhookSecret } from '../webhooks/store.ts';
import { MfaConfigSchema } from '../mfa/config.ts';

const stringList = z.array(z.string().check(z.maxLength(2048)));

/** Core's keys of the PROJECT_CONFIG file. */
const CORE_FILE_SHAPE = {
  public_token: z.string().check(z.regex(/^public-token-live-[A-Za-z0-9_-]{8,}$/)),
  project_id: z.optional(z.string().check(z.regex(/^project-live-[A-Za-z0-9_-]{8,}$/))),
  project_name: z.string().check(z.minLength(1), z.maxLength(200)),
  allowed_origins: stringList,
  redirect_urls: z.optional(stringList),
  products: z.optional(stringList),
  display_watermark: z.optional(z.boolean()),
  bootstrap: z.optional(z.record(z.string(), z.unknown())),
  password_strength_policy: z.optional(z.enum(PASSWORD_STRENGTH_SETTINGS)),
  enumeration_protection: z.optional(z.boolean()),
  audit_retention_days: z.optional(z.int().check(z.gte(1), z.lte(36_500))),
  allowed_hosts: z.optional(z.array(z.string().check(z.maxLength(300)))),
  // Webhook endpoints (issue 28, server/webhooks): each URL is checked as a live target in liveProjectProblems.
  webhooks: z.optional(
    z.array(
      z.strictObject({
        url: z.string().check(z.maxLength(2048)),
        event_types: z.optional(z.array(z.enum(EVENT_TYPES))),
        secret: z.optional(z.string().check(z.refine(isWebhookSecret, 'must be a whsec_ secret (whsec_ and 24 to 64 bytes of base64)'))),
      }),
    ),
  ),
  sms_allowed_countries: z.optional(z.array(z.string().check(z.regex(/^[A-Z]{2}$/)))),
  hooks: z.optional(HooksConfig),
  messages: z.optional(MessageOverridesSchema),
  // Two-step sign-in (issue 29, docs/reference/mfa.md#policy).
  mfa: z.optional(MfaConfigSchema),
  trusted_auth_token_profiles: z.optional(
    z.array(
      z.object({
        profile_id: z.string(),
        issuer: z.string(),
        audience: z.string(),
        public_key_pem: z.optional(z.string()),
        jwks_url: z.optional(z.string()),
        email_claim: z.optional(z.string()),
      }),
    ),
  ),
};

/** Each method's settings by key, from server/method-data.ts. */
const METHOD_SETTINGS: ReadonlyMap<string, z.ZodMiniType> = (() => {
  const out = new Map<string, z.ZodMiniType>();
  for (const m of METHOD_DATA) {
    for (const [key, schema] of Object.entries('settings' in m ? m.settings : {})) {
      if (key in CORE_FILE_SHAPE || out.has(key)) throw new Error(`project setting ${key} of method ${m.name} is already declared`);
      out.set(key, schema);
    }
  }
  return out;
})();

const CoreProjectFile = z.strictObject(CORE_FILE_SHAPE);
/** Parsed PROJECT_CONFIG file: core's keys and the methods' settings. */
export type LiveProjectFile = z.infer<typeof CoreProjectFile> & MethodSettingValues;
/** Shape of the PROJECT_CONFIG JSON file (live projects); an unknown key is refused (a typo must not be ignored). */
export const LiveProjectFile = z.strictObject({
  ...CORE_FILE_SHAPE,
  ...Object.fromEntries([...METHOD_SETTINGS].map(([key, schema]) => [key, z.optional(schema)])),
}) as unknown as z.ZodMiniType<LiveProjectFile>;

/**
 * Reads and validates a PROJECT_CONFIG file; throws a readable error naming the bad fields, including
 * redirect allowlist entries that are not scheme + host (+ port, path) or carry userinfo, query or fragment.
 */
export function readLiveProjectFile(path: string): LiveProjectFile {
  const raw: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const parsed = parseWith(LiveProjectFile, raw);
  if (!parsed.ok) {
    throw new Error(`PROJECT_CONFIG ${path} is invalid: ${parsed.errors.map((e) => `${e.dataPath} ${e.message}`).join('; ')}`);
  }
  const problems = liveProjectProblems(parsed.value);
  if (problems.length > 0) throw new Error(`PROJECT_CONFIG ${path} is invalid: ${problems.join('; ')}`);
  // A method setting the file leaves out stays out (its schema's defaults are applied where it is read, settingOf).
  for (const key of METHOD_SETTINGS.keys()) if (!Object.hasOwn(raw as object, key)) delete (parsed.value as Record<string, unknown>)[key];
  return parsed.value;
}

/** Every problem of a live project's lists: redirect URLs, allowed origins, allowed hosts and the methods' own checks (empty when valid). */
export function liveProjectProblems(
  live: Pick<LiveProjectFile, 'redirect_urls' | 'allowed_origins' | 'allowed_hosts' | 'webhooks'> &
    Partial<Pick<LiveProjectFile, 'messages' | 'project_name'>> & { hooks?: HooksConfig | undefined } & MethodSettingValues,
): string[] {
  const out = redirectAllowlistProblems(live.redirect_urls ?? []);
  out.push(...hooksProblems(live.hooks, 'live'));
  live.allowed_origins.forEach((o, i) => {
    const p = allowedOriginProblem(o);
    if (p) out.push(`allowed_origins[${i}] ${JSON.stringify(o)} ${p}`);
  });
  (live.allowed_hosts ?? []).forEach((h, i) => {
    const p = allowedHostProblem(h);
    if (p) out.push(`allowed_hosts[${i}] ${JSON.stringify(h)} ${p}`);
  });
  (live.webhooks ?? []).forEach((w, i) => {
    const r = checkTargetSyntax(w.url, 'live');
    if (!r.ok) out.push(`webhooks[${i}].url ${JSON.stringify(w.url)} ${r.message}`);
  });
  for (const m of METHOD_DATA) if ('settingsProblems' in m) out.push(...m.settingsProblems(live));
  out.push(...messageOverrideProblems(live.messages, live.project_name ?? ''));
  return out;
}

/**
 * The methods' settings a live project file gives, in stored form (each through its schema: a caller
 * passing an object rather than a file gets the same checks and normal form).
 * @throws Error naming the setting and what is wrong with it
 */
export function methodSettingsOf(live: LiveProjectFile): MethodSettingValues {
  const out: Record<string, unknown> = {};
  for (const [key, schema] of METHOD_SETTINGS) {
    const value: unknown = live[key as keyof LiveProjectFile];
    // An empty string is an absent setting, as it always was.
    if (value === undefined || value === '') continue;
    const parsed = parseWith(schema, value);
    if (!parsed.ok) throw new Error(`live project is invalid: ${key}${parsed.errors.map((e) => `${e.dataPath} ${e.message}`).join('; ')}`);
    out[key] = parsed.value;
  }
  return out as MethodSettingValues;
}
