/**
 * The react-internals method registry's import rules (ARCHITECTURE: one folder per method, listed in
 * react-internals/methods.ts, each by its `entry.ts`), checked on the sources: a method reaches another
 * only through that method's index.ts and only when its entry declares it in `uses`; a core module
 * reaches a method folder only through methods.ts (and method-tables.ts, the list of the methods'
 * texts and events for the full public tables); and no run-time import cycle exists in react-internals (static
 * and dynamic imports; `import type` is erased and does not count).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const UI = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'react-internals');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(n) && !n.includes('.test.') && n !== 'test-utils.ts' ? [p] : [];
  });
}

/** The relative modules `file` imports at run time (static and dynamic), resolved. */
function runtimeImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const out: string[] = [];
  // import x from '...'; import { a, type B } from '...'; export { x } from '...'; import '...'
  for (const m of code.matchAll(/^\s*(import|export)\s+(type\s+)?([^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]/gm)) {
    if (m[2]) continue; // `import type` / `export type`: erased
    if (m[3] && /^\s*\{[^}]*\}\s+from\s+$/.test(m[3]) && [...m[3].matchAll(/[\w$]+(?:\s+as\s+[\w$]+)?/g)].every((n) => n[0].startsWith('type '))) continue;
    out.push(resolve(dirname(file), m[4]!));
  }
  for (const m of code.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)) out.push(resolve(dirname(file), m[1]!));
  return out;
}

const files = sources(UI);
const graph = new Map(files.map((f) => [f, runtimeImports(f)]));
const registry = join(UI, 'methods.ts');
// The list of the methods' texts (strings.ts's full table) is the other file that names method folders.
const stringsList = join(UI, 'method-tables.ts');
const methodDirs = runtimeImports(registry)
  .filter((f) => f.endsWith('/entry.ts'))
  .map((f) => dirname(f));
const nameOf = (dir: string) => /\bname:\s*'([^']+)'/.exec(readFileSync(join(dir, 'entry.ts'), 'utf8'))?.[1];
const usesOf = (dir: string) =>
  [...(/\buses:\s*\[([^\]]*)\]/.exec(readFileSync(join(dir, 'entry.ts'), 'utf8'))?.[1]?.matchAll(/'([^']+)'/g) ?? [])].map((m) => m[1]);
const dirOf = (file: string) => methodDirs.find((d) => file.startsWith(`${d}/`));
const rel = (f: string) => relative(UI, f);

describe('react-internals method registry imports', () => {
  it('lists the method folders, each with a unique name', () => {
    const names = methodDirs.map(nameOf);
    assert.deepEqual([...names].sort(), ['crypto-wallets', 'idp', 'magic-links', 'oauth', 'otps', 'passwords', 'webauthn']);
    assert.equal(new Set(names).size, names.length);
  });

  it("a method imports another only through that method's index.ts, and only when it declares it in `uses`", () => {
    const names = new Set(methodDirs.map(nameOf));
    for (const dir of methodDirs) {
      for (const used of usesOf(dir)) assert.ok(names.has(used), `${rel(dir)} uses "${used}", which is not a registered method`);
    }
    const bad: string[] = [];
    for (const [file, targets] of graph) {
      const from = dirOf(file);
      if (!from) continue;
      for (const target of targets) {
        const to = dirOf(target);
        if (!to || to === from) continue;
        const declared = usesOf(from).includes(nameOf(to));
        if (target !== join(to, 'index.ts') || !declared) bad.push(`${rel(file)} -> ${rel(target)}${declared ? '' : ' (not in uses)'}`);
      }
    }
    assert.deepEqual(bad, []);
  });

  it('core modules reach a method folder only through methods.ts (and its texts and events through method-tables.ts)', () => {
    const bad = [...graph].flatMap(([file, targets]) =>
      dirOf(file) || file === registry
        ? []
        : targets.filter((t) => dirOf(t) && !(file === stringsList && /\/(strings|events)\.ts$/.test(t))).map((t) => `${rel(file)} -> ${rel(t)}`),
    );
    assert.deepEqual(bad, []);
  });

  it("each method's entry loads its index.ts, and method-tables.ts lists every method's strings.ts and events.ts", () => {
    for (const dir of methodDirs) assert.ok(runtimeImports(join(dir, 'entry.ts')).includes(join(dir, 'index.ts')), `${rel(dir)}/entry.ts`);
    const listed = runtimeImports(stringsList);
    for (const table of ['strings.ts', 'events.ts']) {
      const dirs = listed.filter((f) => f.endsWith(`/${table}`)).map((f) => dirname(f));
      assert.deepEqual(dirs.sort(), [...methodDirs].sort(), table);
    }
  });

  it('no run-time import cycle in react-internals (static and dynamic imports)', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (f: string) => {
      state.set(f, 'open');
      path.push(f);
      for (const t of graph.get(f) ?? []) {
        if (!graph.has(t)) continue;
        if (state.get(t) === 'open') cycles.push([...path.slice(path.indexOf(t)), t].map(rel).join(' > '));
        else if (!state.has(t)) visit(t);
      }
      path.pop();
      state.set(f, 'done');
    };
    for (const f of files) if (!state.has(f)) visit(f);
    assert.deepEqual(cycles, []);
  });
});
