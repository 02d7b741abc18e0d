/**
 * A method's setting as its code reads it: the stored value through the method's schema (server/<method>/settings.ts),
 * so its defaults are written once, in that schema, and never again as a `??` at a use site. Read once per
 * project config and key (the config is fixed for the app's life).
 */
import type { z } from 'zod/mini';
import { parseWith } from '../../sdk-core/schemas/index.ts';
import { METHOD_DATA } from '../method-data.ts';
import type { MethodSettingSchemas, ProjectConfig } from './config.ts';

const SCHEMAS: ReadonlyMap<string, z.ZodMiniType> = new Map(METHOD_DATA.flatMap((m) => Object.entries('settings' in m ? m.settings : {})));
/** What {@link settingOf} gives for a schema: its output; or undefined too when it has no default (the input cannot be left out). */
type SettingRead<S extends z.ZodMiniType> = undefined extends z.input<S> ? z.output<S> : z.output<S> | undefined;

const read = new WeakMap<ProjectConfig, Map<string, unknown>>();

/**
 * The setting `key` of a method, defaults applied (absent from the project: its schema's defaults, or undefined when it has none).
 * @throws Error when the stored value does not match the schema (the project file was checked on load: a bug, not an input)
 */
export function settingOf<K extends keyof MethodSettingSchemas & string>(
  project: { readonly config: ProjectConfig },
  key: K,
): SettingRead<MethodSettingSchemas[K]> {
  let values = read.get(project.config);
  if (!values) {
    values = new Map();
    read.set(project.config, values);
  }
  if (!values.has(key)) {
    const schema = SCHEMAS.get(key);
    const stored = project.config[key];
    let value: unknown = stored;
    if (schema) {
      const parsed = parseWith(schema, stored);
      // No default and nothing stored: the setting is absent.
      if (parsed.ok) value = parsed.value;
      else if (stored !== undefined)
        throw new Error(`project setting ${key} does not match its schema: ${parsed.errors.map((e) => `${e.dataPath} ${e.message}`).join('; ')}`);
    }
    values.set(key, value);
  }
  return values.get(key) as SettingRead<MethodSettingSchemas[K]>;
}
