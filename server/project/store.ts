/**
 * The active project in the database: the default test project created on first start, or a live project
 * inserted or updated from the project file. The server serves exactly one project.
 */
import { randomUUID } from 'node:crypto';
import type { BootstrapData } from '../../sdk-core/schemas/index.ts';
import { parseWith, RBACPolicySchema } from '../../sdk-core/schemas/index.ts';
import type { Db } from '../db/index.ts';
import { NEW_PROJECT_BOOTSTRAP, type Project, type ProjectConfig, TEST_PROJECT_DEFAULTS } from './config.ts';
import { type LiveProjectFile, liveProjectProblems, methodSettingsOf } from './file.ts';

/** A stored `projects` row as the app uses it (the config over the test defaults). */
export function rowToProject(row: { project_id: string; public_token: string; mode: string; project_name: string; config: string }): Project {
  return {
    project_id: row.project_id,
    public_token: row.public_token,
    mode: row.mode === 'live' ? 'live' : 'test',
    project_name: row.project_name,
    config: { ...TEST_PROJECT_DEFAULTS, ...(JSON.parse(row.config) as Partial<ProjectConfig>) },
  };
}

/**
 * Returns the active project: the live one from `live` (inserted or updated by public token), else the
 * oldest test project in the database, created on first start.
 */
export async function ensureProject(db: Db, now: number, live?: LiveProjectFile): Promise<Project> {
  const k = db.kysely;
  if (live) {
    // Programmatic callers (createApp's liveProject) skip readLiveProjectFile: check the allowlist here too.
    const problems = liveProjectProblems(live);
    if (problems.length > 0) throw new Error(`live project is invalid: ${problems.join('; ')}`);
    const existing = await k.selectFrom('projects').selectAll().where('public_token', '=', live.public_token).executeTakeFirst();
    const fileBootstrap = (live.bootstrap as Partial<BootstrapData> | undefined) ?? {};
    // A key the file does not set: a new project gets the new default, a stored one keeps its value.
    const storedBootstrap = existing ? ((JSON.parse(existing.config) as Partial<ProjectConfig>).bootstrap ?? {}) : NEW_PROJECT_BOOTSTRAP;
    const inherited: Partial<BootstrapData> = {};
    for (const key of Object.keys(NEW_PROJECT_BOOTSTRAP) as (keyof typeof NEW_PROJECT_BOOTSTRAP)[]) {
      if (!(key in fileBootstrap) && storedBootstrap[key] !== undefined) Object.assign(inherited, { [key]: storedBootstrap[key] });
    }
    const config: ProjectConfig = {
      allowed_origins: live.allowed_origins,
      redirect_urls: live.redirect_urls ?? [],
      products: live.products ?? ['otp'],
      display_watermark: live.display_watermark ?? true,
      bootstrap: { ...inherited, ...fileBootstrap },
      ...(live.trusted_auth_token_profiles ? { trusted_auth_token_profiles: live.trusted_auth_token_profiles } : {}),
      ...(live.password_strength_policy ? { password_strength_policy: live.password_strength_policy } : {}),
      ...(live.enumeration_protection !== undefined ? { enumeration_protection: live.enumeration_protection } : {}),
      ...(live.audit_retention_days !== undefined ? { audit_retention_days: live.audit_retention_days } : {}),
      ...(live.allowed_hosts ? { allowed_hosts: live.allowed_hosts } : {}),
      ...(live.sms_allowed_countries ? { sms_allowed_countries: live.sms_allowed_countries } : {}),
      ...(live.messages ? { messages: live.messages } : {}),
      ...(live.mfa ? { mfa: live.mfa } : {}),
      ...methodSettingsOf(live),
    };
    // A policy the checks cannot read would silently grant nothing: refuse to start instead.
    if (fileBootstrap.rbac_policy != null) {
      const parsed = parseWith(RBACPolicySchema, fileBootstrap.rbac_policy);
      if (!parsed.ok) throw new Error(`live project is invalid: bootstrap.rbac_policy ${parsed.errors.map((e) => `${e.dataPath} ${e.message}`).join('; ')}`);
    }
    if (existing) {
      await k
        .updateTable('projects')
        .set({ project_name: live.project_name, config: JSON.stringify(config), mode: 'live' })
        .where('project_id', '=', existing.project_id)
        .execute();
    } else {
      await k
        .insertInto('projects')
        .values({
          project_id: live.project_id ?? `project-live-${randomUUID()}`,
          public_token: live.public_token,
          mode: 'live',
          project_name: live.project_name,
          config: JSON.stringify(config),
          created_at: now,
        })
        .execute();
    }
    const row = await k.selectFrom('projects').selectAll().where('public_token', '=', live.public_token).executeTakeFirstOrThrow();
    return rowToProject(row);
  }
  const existing = await k.selectFrom('projects').selectAll().where('mode', '=', 'test').orderBy('created_at').executeTakeFirst();
  if (existing) return rowToProject(existing);
  const projectId = `project-test-${randomUUID()}`;
  await k
    .insertInto('projects')
    .values({
      project_id: projectId,
      public_token: `public-token-test-${randomUUID()}`,
      mode: 'test',
      project_name: 'Auth Elements Demo',
      config: JSON.stringify(TEST_PROJECT_DEFAULTS),
      created_at: now,
    })
    // Two processes starting on one fresh database: the loser's insert is harmless, both read the oldest.
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await k.selectFrom('projects').selectAll().where('mode', '=', 'test').orderBy('created_at').executeTakeFirstOrThrow();
  return rowToProject(row);
}
