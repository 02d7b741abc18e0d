/**
 * Project settings through `GET /v1/project` and `PATCH /v1/project` (issue 31,
 * docs/reference/admin.md#project-settings): allowed origins, redirect URLs, enabled products, the MFA
 * policy, rate limits, the longest session, enumeration protection and the watermark. A PATCH is checked
 * with the project file's own rules (server/project/file.ts: origins, the redirect allowlist, the `mfa`
 * block's schema), each error naming its field path, and stored in `project_overrides`, which wins over the
 * project file (PROJECT_CONFIG), the stored project and the environment (e.g. LIMIT_* variables): it is
 * applied at every start and, on a running instance, within {@link OVERRIDES_REFRESH_MS} of the change
 * (the instance that served the PATCH at once). Every PATCH writes an audit row with the changed fields'
 * before and after.
 */
import { z } from 'zod/mini';
import { parseWith } from '../../sdk-core/schemas/index.ts';
import { recordAudit } from '../audit/record.ts';
import { backendOk } from '../backend/auth.ts';
import { readJson } from '../body.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { MfaConfigSchema, mfaSettings } from '../mfa/config.ts';
import { PASSWORD_STRENGTH_SETTINGS } from '../project/config.ts';
import { allowedOriginProblem } from '../project/origins.ts';
import type { Limit, RateLimits } from '../rate-limit.ts';
import { redirectAllowlistProblems } from '../redirect-allowlist.ts';
import type { BackendRoute } from '../routes/types.ts';
import type { Ctx, Services } from '../services.ts';
import { callerAdminId } from './access.ts';

/** How often a running instance looks for settings another instance changed. */
export const OVERRIDES_REFRESH_MS = 5_000;
/** The longest `session_max_minutes` (a year). */
export const MAX_SESSION_MINUTES = 525_600;

const list = z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(200));

/** The settings a PATCH may change, each optional; an unknown key is refused (a typo must not be ignored). */
const SettingsPatch = z.strictObject({
  allowed_origins: z.optional(list),
  redirect_urls: z.optional(list),
  products: z.optional(z.array(z.string().check(z.regex(/^[A-Za-z0-9_]{1,64}$/))).check(z.maxLength(50))),
  mfa: z.optional(MfaConfigSchema),
  session_max_minutes: z.optional(z.nullable(z.int().check(z.gte(5), z.lte(MAX_SESSION_MINUTES)))),
  enumeration_protection: z.optional(z.boolean()),
  display_watermark: z.optional(z.boolean()),
  password_strength_policy: z.optional(z.enum(PASSWORD_STRENGTH_SETTINGS)),
  rate_limits: z.optional(z.record(z.string().check(z.regex(/^[A-Za-z0-9_]{1,64}$/)), z.strictObject({ max: z.int().check(z.gte(0), z.lte(1_000_000_000)) }))),
});
/** A parsed PATCH body. */
type SettingsPatch = z.output<typeof SettingsPatch>;
/** What `project_overrides.settings` holds: the keys an admin set. */
type StoredOverrides = Partial<SettingsPatch>;

/** Every problem of a patch beyond its schema, each starting with its field path (empty when valid). */
function patchProblems(patch: SettingsPatch, limits: RateLimits): string[] {
  const out = redirectAllowlistProblems(patch.redirect_urls ?? []);
  (patch.allowed_origins ?? []).forEach((o, i) => {
    const p = allowedOriginProblem(o);
    if (p) out.push(`allowed_origins[${i}] ${JSON.stringify(o)} ${p}`);
  });
  for (const name of Object.keys(patch.rate_limits ?? {})) {
    if (!Object.hasOwn(limits, name)) out.push(`rate_limits.${name} is not a rate limit of this server (${Object.keys(limits).join(', ')})`);
  }
  return out;
}

/** The settings as the console shows them (defaults applied). */
export function projectSettings(svc: Pick<Services, 'project' | 'limits'>): Record<string, unknown> {
  const c = svc.project.config;
  return {
    allowed_origins: c.allowed_origins,
    redirect_urls: c.redirect_urls,
    products: c.products,
    mfa: mfaSettings(svc.project),
    session_max_minutes: c.session_max_minutes ?? null,
    enumeration_protection: c.enumeration_protection ?? false,
    display_watermark: c.display_watermark,
    password_strength_policy: c.password_strength_policy ?? 'auto',
    rate_limits: Object.fromEntries(
      Object.entries(svc.limits as Record<string, Limit>).map(([name, l]) => [name, { max: l.max, window_seconds: l.windowMs / 1000 }]),
    ),
  };
}

async function readOverrides(db: Db, projectId: string): Promise<{ settings: StoredOverrides; updated_at: number } | null> {
  const row = await db.kysely.selectFrom('project_overrides').select(['settings', 'updated_at']).where('project_id', '=', projectId).executeTakeFirst();
  if (!row) return null;
  return { settings: JSON.parse(row.settings) as StoredOverrides, updated_at: Number(row.updated_at) };
}

/** Applies stored overrides to a project's config and limits in place (the objects the running app reads). */
function applyOverrides(svc: Pick<Services, 'project' | 'limits'>, o: StoredOverrides, base: { limits: RateLimits }): void {
  const { rate_limits, session_max_minutes, ...config } = o;
  Object.assign(svc.project.config, config);
  if (session_max_minutes !== undefined) {
    if (session_max_minutes === null) delete svc.project.config.session_max_minutes;
    else svc.project.config.session_max_minutes = session_max_minutes;
  }
  const limits = svc.limits as Record<string, Limit>;
  for (const [name, l] of Object.entries(base.limits as Record<string, Limit>))
    limits[name] = { ...l, ...(rate_limits?.[name] ? { max: rate_limits[name].max } : {}) };
}

/**
 * The project's stored overrides over `svc` (at start, in createApp), then a timer applying another
 * instance's changes every {@link OVERRIDES_REFRESH_MS}; returns its stop function.
 */
export async function startProjectOverrides(svc: Services): Promise<() => void> {
  const base = { limits: { ...svc.limits } };
  let seen = 0;
  const refresh = async () => {
    const o = await readOverrides(svc.db, svc.project.project_id);
    if (!o || o.updated_at === seen) return;
    seen = o.updated_at;
    applyOverrides(svc, o.settings, base);
  };
  await refresh();
  const timer = setInterval(() => {
    refresh().catch(() => undefined);
  }, OVERRIDES_REFRESH_MS);
  timer.unref();
  overrideBases.set(svc, { base, mark: (t) => (seen = t) });
  return () => clearInterval(timer);
}

/** Per running app: the limits before any override, and how the PATCH tells the refresh it applied a version. */
const overrideBases = new WeakMap<Services, { base: { limits: RateLimits }; mark(updatedAt: number): void }>();

/** The value of each patched key before and after, for the answer and the audit row. */
function diffOf(before: Record<string, unknown>, after: Record<string, unknown>, keys: string[]): Record<string, { before: unknown; after: unknown }> {
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const k of keys) if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) out[k] = { before: before[k], after: after[k] };
  return out;
}

/** Registers `GET /v1/project` and `PATCH /v1/project`. */
export function projectSettingsRoutes(route: BackendRoute, svc: Services): void {
  const answer = (c: Ctx, extra: object = {}) =>
    backendOk(c, {
      project: { project_id: svc.project.project_id, project_name: svc.project.project_name, mode: svc.project.mode, public_token: svc.project.public_token },
      settings: projectSettings(svc),
      ...extra,
    });
  route('GET', '/v1/project', async (c) => {
    const o = await readOverrides(svc.db, svc.project.project_id);
    return answer(c, { overridden: Object.keys(o?.settings ?? {}) });
  });
  route('PATCH', '/v1/project', async (c) => {
    const raw = await readJson(c, z.record(z.string(), z.unknown()), svc.maxBodyBytes);
    // Parsed here rather than by readJson, so the message names the field path (`mfa.policy: ...`).
    const parsed = parseWith(SettingsPatch, raw);
    if (!parsed.ok) {
      const field = (e: { dataPath: string }) => e.dataPath.replace(/^\./, '') || 'body';
      throw new ApiError('invalid_request_body', {
        message: parsed.errors.map((e) => `${field(e)}: ${e.message}`).join('; '),
        details: { field: field(parsed.errors[0]!) },
      });
    }
    const patch = parsed.value;
    const problems = patchProblems(patch, svc.limits);
    if (problems.length > 0) {
      const field = problems[0]!.split(/[ [.]/)[0];
      throw new ApiError('invalid_request_body', { message: problems.join('; '), details: { field } });
    }
    const keys = Object.keys(patch);
    if (keys.length === 0) throw new ApiError('invalid_request_body', { message: 'Give at least one setting to change.' });
    const before = projectSettings(svc);
    const stored = (await readOverrides(svc.db, svc.project.project_id))?.settings ?? {};
    const next: StoredOverrides = { ...stored, ...patch, ...(patch.rate_limits ? { rate_limits: { ...stored.rate_limits, ...patch.rate_limits } } : {}) };
    // A stored MFA block must still parse as the project file's (the schema's cross-field rules included).
    if (next.mfa && !parseWith(MfaConfigSchema, next.mfa).ok)
      throw new ApiError('invalid_request_body', { message: 'mfa is invalid.', details: { field: 'mfa' } });
    const now = svc.now();
    // A strictly increasing version, so every instance's refresh sees each change.
    const updatedAt = Math.max(now, ((await readOverrides(svc.db, svc.project.project_id))?.updated_at ?? 0) + 1);
    await svc.db.kysely
      .insertInto('project_overrides')
      .values({ project_id: svc.project.project_id, settings: JSON.stringify(next), updated_at: updatedAt })
      .onConflict((oc) => oc.column('project_id').doUpdateSet({ settings: JSON.stringify(next), updated_at: updatedAt }))
      .execute();
    const bases = overrideBases.get(svc);
    applyOverrides(svc, next, bases?.base ?? { limits: { ...svc.limits } });
    bases?.mark(updatedAt);
    const after = projectSettings(svc);
    const changes = diffOf(before, after, keys);
    const admin = callerAdminId(c);
    await recordAudit(svc, {
      action: 'project.settings_change',
      actor: admin ? { kind: 'admin', id: admin } : { kind: 'backend_secret', id: c.get('backendSecretId') ?? null },
      target: { kind: 'project', id: svc.project.project_id },
      details: {
        fields: Object.keys(changes),
        before: JSON.stringify(Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.before]))),
        after: JSON.stringify(Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.after]))),
      },
    });
    return answer(c, { changes, overridden: Object.keys(next) });
  });
}
