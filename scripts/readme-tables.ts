#!/usr/bin/env node
// The README's reference tables (design tokens, parts, events), made from the same tables the
// elements use, between `<!-- name:start -->` and `<!-- name:end -->` markers. `--write` updates
// README.md; test/package/manifest.test.ts fails when the README's copy is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { EVENT_TYPE_DOCS } from '../elements/definitions-docs.ts';
import { AuthEventType } from '../react-internals/events.ts';
import { PARTS } from '../react-internals/parts.ts';
import { THEME_TOKEN_DOCS } from '../react-internals/theme-docs.ts';
import { darkTheme, type FieldMap, STYLE_FIELDS, THEME_TOKENS, type ThemeProperty, themeProperties } from '../react-internals/theme.ts';

/** `styles` field paths by the token they set. */
function styleFieldsByToken(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (path: string, fields: FieldMap) => {
    for (const [key, spec] of Object.entries(fields)) {
      if (Array.isArray(spec)) out.set(spec[0] as string, `${path}.${key}`);
      else if (typeof spec === 'object') walk(`${path}.${key}`, spec as FieldMap);
    }
  };
  walk('styles', STYLE_FIELDS);
  return out;
}

const code = (s: string) => `\`${s.replace(/\|/g, '\\|')}\``;

/** Every generated table, by marker name. */
export function readmeTables(): Record<string, string> {
  const byToken = styleFieldsByToken();
  const tokens = [
    '| token | default | `styles` field | what it styles |',
    '|---|---|---|---|',
    ...Object.entries(THEME_TOKENS).map(
      ([name, value]) =>
        `| ${code(name)} | ${code(value)} | ${byToken.has(name) ? code(byToken.get(name)!) : ''} | ${THEME_TOKEN_DOCS[name as ThemeProperty]} |`,
    ),
  ].join('\n');
  const parts = ['| part | what |', '|---|---|', ...Object.entries(PARTS).map(([name, d]) => `| ${code(name)} | ${d} |`)].join('\n');
  const events = ['| `detail.type` | `detail.data` |', '|---|---|', ...Object.values(AuthEventType).map((t) => `| ${code(t)} | ${EVENT_TYPE_DOCS[t]} |`)].join(
    '\n',
  );
  const dark = [
    '```css',
    '@media (prefers-color-scheme: dark) {',
    '  :root {',
    ...Object.entries(themeProperties(darkTheme)).map(([k, v]) => `    ${k}: ${v};`),
    '  }',
    '}',
    '```',
  ].join('\n');
  return { tokens, parts, events, 'dark-tokens': dark };
}

/** `readme` with every marked section replaced by its table. */
export function withTables(readme: string): string {
  let out = readme;
  for (const [name, table] of Object.entries(readmeTables())) {
    const re = new RegExp(`(<!-- ${name}:start -->)[\\s\\S]*?(<!-- ${name}:end -->)`);
    if (!re.test(out)) throw new Error(`README.md has no <!-- ${name}:start --> ... <!-- ${name}:end --> section`);
    out = out.replace(re, (_, a: string, b: string) => `${a}\n${table}\n${b}`);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const readme = readFileSync('README.md', 'utf8');
  const next = withTables(readme);
  if (process.argv.includes('--write')) writeFileSync('README.md', next);
  else process.stdout.write(next === readme ? 'README tables are up to date\n' : 'README tables are stale: run with --write\n');
}
