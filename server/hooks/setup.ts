/**
 * The hooks of the app being built (createApp): the project file's `hooks` or the createApp option,
 * validated at start (schema, URL shape, and on live projects https and an address that is not loopback,
 * private, link-local or metadata), then held on the in-memory project config.
 */
import { parseWith } from '../../sdk-core/schemas/index.ts';
import type { Project } from '../project/config.ts';
import { HOOK_NAMES, HooksConfig, hooksProblems } from './config.ts';
import { hookTargetProblem } from './transport.ts';

/**
 * `project` with `hooks` applied after the checks.
 * @throws Error naming each bad key (`hooks.<name>.<key>`) and what is wrong with it
 */
export async function withHooks(project: Project, hooks: HooksConfig | undefined): Promise<Project> {
  if (!hooks) return project;
  const where = project.mode === 'live' ? 'live project (PROJECT_CONFIG)' : 'createApp option';
  const parsed = parseWith(HooksConfig, hooks);
  if (!parsed.ok) throw new Error(`${where} is invalid: ${parsed.errors.map((e) => `hooks${e.dataPath} ${e.message}`).join('; ')}`);
  const problems = await hookProblems(parsed.value, project.mode);
  if (problems.length > 0) throw new Error(`${where} is invalid: ${problems.join('; ')}`);
  return { ...project, config: { ...project.config, hooks: parsed.value } };
}

/** Every problem of valid-shaped `hooks` for a project of `mode`, the resolved addresses included (empty when none). */
export async function hookProblems(hooks: HooksConfig | undefined, mode: 'test' | 'live'): Promise<string[]> {
  const problems = hooksProblems(hooks, mode);
  for (const name of HOOK_NAMES) {
    const h = hooks?.[name];
    if (!h || problems.some((p) => p.startsWith(`hooks.${name}.`))) continue;
    const p = await hookTargetProblem(h.url, mode);
    if (p) problems.push(`hooks.${name}.url ${JSON.stringify(h.url)} ${p}`);
  }
  return problems;
}
