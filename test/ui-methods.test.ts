/**
 * The react-internals method registry's import rules (ARCHITECTURE: one folder per method, listed in
 * react-internals/methods.ts, each by its `entry.ts`), checked on the sources: a method reaches another
 * only through that method's index.ts and only when its entry declares it in `uses`; a core module
 * reaches a method folder only through methods.ts (and method-tables.ts, the list of the methods'
 * texts and events for the full public tables, and method-parts.ts, the list of their part names); and no
 * run-time import cycle exists in react-internals (static and dynamic imports; `import type` is erased and
 * does not count). Then what stays the methods' own: each declares the parts it renders, the parts tables
 * stay out of the kit's run-time graph, the config checks take each method's option objects from its
 * entry, and no core file names a method's folder, name, screens, option objects or parts.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { AUTH_ELEMENT_DEFINITIONS } from '../elements/definitions.ts';
import { CONFIG_SHAPES, checkLoginConfig, LOGIN_CONFIG_SHAPE } from '../react-internals/config-check.ts';
import { METHOD_PARTS } from '../react-internals/method-parts.ts';
import { UI_METHODS } from '../react-internals/methods.ts';
import { PARTS } from '../react-internals/parts.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const UI = join(ROOT, 'react-internals');

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
// The list of the methods' part names (parts.ts's reference table: documentation only).
const partsList = join(UI, 'method-parts.ts');
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
    assert.deepEqual([...names].sort(), ['crypto-wallets', 'idp', 'magic-links', 'mfa', 'oauth', 'otps', 'passwords', 'profile', 'webauthn']);
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

  it('core modules reach a method folder only through methods.ts (its texts and events through method-tables.ts, its parts through method-parts.ts)', () => {
    const listed = (file: string, target: string) =>
      (file === stringsList && /\/(strings|events)\.ts$/.test(target)) || (file === partsList && target.endsWith('/parts.ts'));
    const bad = [...graph].flatMap(([file, targets]) =>
      dirOf(file) || file === registry ? [] : targets.filter((t) => dirOf(t) && !listed(file, t)).map((t) => `${rel(file)} -> ${rel(t)}`),
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

/** `code` without its comments (a comment may name anything: it explains). */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\'"`])\/\/.*$/gm, '$1');
/** `code`'s import and export lines that only name types (erased: the public type surface, never run). */
const withoutTypeImports = (code: string) => code.replace(/^\s*(import|export)\s+type\s[^;'"]*\sfrom\s*['"][^'"]+['"];/gm, '');
/** The string literals of `code` (quotes, double quotes, template texts). */
const literals = (code: string) => [...code.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
/** The part tokens `code` renders: `part="a b"`, part={`a b-${x}`}, part={cond ? 'a' : 'b'}, and a default `part = 'a'`; a template token is its prefix. */
function renderedParts(code: string): string[] {
  const texts: string[] = [];
  for (const m of code.matchAll(/\bpart = '([^']*)'/g)) texts.push(m[1]!);
  for (const m of code.matchAll(/\bpart=(?:"([^"]*)"|\{`([^`]*)`\}|\{([^}`]*)\})/g)) {
    if (m[1] !== undefined) texts.push(m[1]);
    else if (m[2] !== undefined) texts.push(m[2]);
    else texts.push(...[...m[3]!.matchAll(/'([^']*)'/g)].map((t) => t[1]!));
  }
  return texts.flatMap((t) => t.split(/\s+/).filter(Boolean)).map((t) => (t.includes('${') ? t.slice(0, t.indexOf('${')) : t));
}

describe("react-internals: each method's parts and config checks are its own", () => {
  const methodParts = new Set(METHOD_PARTS.flatMap((table) => Object.keys(table)));
  const shellParts = Object.keys(PARTS).filter((p) => !methodParts.has(p));
  // Each folder's own table, read from its parts.ts (its one export).
  const partsOf = new Map<string, object>();
  before(async () => {
    for (const dir of methodDirs) {
      if (!statSync(join(dir, 'parts.ts'), { throwIfNoEntry: false })) continue;
      const exports = Object.values((await import(join(dir, 'parts.ts'))) as Record<string, object>);
      assert.equal(exports.length, 1, `${rel(dir)}/parts.ts exports its table only`);
      partsOf.set(dir, exports[0]!);
    }
  });

  it('method-parts.ts lists the parts.ts of each method folder that has one, and parts.ts holds the shell and those, each once', () => {
    const withParts = methodDirs.filter((d) => statSync(join(d, 'parts.ts'), { throwIfNoEntry: false }));
    assert.deepEqual(runtimeImports(partsList).sort(), withParts.map((d) => join(d, 'parts.ts')).sort());
    assert.equal(Object.keys(PARTS).length, shellParts.length + METHOD_PARTS.reduce((n, t) => n + Object.keys(t).length, 0));
    assert.deepEqual(new Set(METHOD_PARTS), new Set(partsOf.values()));
  });

  it("a part a method renders is the shell's or declared in the method's parts.ts, and each part a method declares is rendered by it", () => {
    const bad: string[] = [];
    for (const dir of methodDirs) {
      const declared = Object.keys(partsOf.get(dir) ?? {});
      const rendered = files.filter((f) => dirOf(f) === dir && f.endsWith('.tsx')).flatMap((f) => renderedParts(readFileSync(f, 'utf8')));
      for (const token of new Set(rendered)) {
        const known = (p: string) => (token.endsWith('-') ? p.startsWith(token) : p === token);
        if (!shellParts.some(known) && !declared.some(known)) bad.push(`${rel(dir)} renders part "${token}" without declaring it in ${rel(dir)}/parts.ts`);
      }
      for (const part of declared) {
        if (!rendered.some((t) => (t.endsWith('-') ? part.startsWith(t) : t === part)))
          bad.push(`${rel(dir)}/parts.ts declares "${part}", which it never renders`);
      }
    }
    assert.deepEqual(bad, []);
  });

  it('the parts tables stay out of the browser bundle: no module of the kit imports parts.ts or method-parts.ts at run time', () => {
    const kit = [...sources(UI), ...sources(join(ROOT, 'elements')), ...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'sdk-core'))];
    const docs = new Set([join(UI, 'parts.ts'), partsList, ...runtimeImports(partsList)]);
    const bad = kit.filter((f) => !docs.has(f) && runtimeImports(f).some((t) => docs.has(t))).map((f) => relative(ROOT, f));
    assert.deepEqual(bad, []);
  });

  it("the config checks take every method's option objects from its entry; the other shape reads none, and the elements name only the generic shapes", () => {
    const options = UI_METHODS.flatMap((m) => Object.keys(m.options));
    for (const key of options) {
      const owner = UI_METHODS.find((m) => Object.hasOwn(m.options, key))!;
      assert.equal(LOGIN_CONFIG_SHAPE[key], (owner.options as Readonly<Record<string, unknown>>)[key], key);
      assert.ok(!Object.hasOwn(CONFIG_SHAPES.client, key), key);
    }
    assert.deepEqual(Object.keys(CONFIG_SHAPES).sort(), ['client', 'login']);
    for (const def of AUTH_ELEMENT_DEFINITIONS) assert.equal(def.configShape, def.readsProducts ? 'login' : 'client', def.tag);
    const report = checkLoginConfig({ products: ['otp'], otpOptions: {} }, CONFIG_SHAPES.client, false);
    assert.deepEqual(report.warnings.map((w) => w.field).sort(), ['config.otpOptions', 'config.products']);
  });

  it("core files name no method's folder, name, screens, option objects or parts (outside the registry lists)", () => {
    // The lists whose job is to name the methods: the registry and the two documentation tables.
    const ALLOWED = new Set([registry, stringsList, partsList]);
    const words = new Map<string, string>();
    const keys = new Map<string, string>();
    for (const m of UI_METHODS) {
      words.set(m.name, `${m.name}'s name`);
      for (const s of m.screenNames) words.set(s, `${m.name}'s screen`);
      for (const k of Object.keys(m.options)) keys.set(k, `${m.name}'s option object`);
    }
    for (const p of methodParts) words.set(p, 'a method part');
    const folders = methodDirs.map((d) => relative(UI, d));
    const bad: string[] = [];
    for (const file of files) {
      if (dirOf(file) || ALLOWED.has(file)) continue;
      const code = withoutTypeImports(withoutComments(readFileSync(file, 'utf8')));
      const found = new Set<string>();
      for (const text of literals(code)) {
        if (words.has(text)) found.add(`"${text}" (${words.get(text)})`);
        for (const folder of folders) if (new RegExp(`(^|/)${folder}/`).test(text)) found.add(`"${text}" (the ${folder}/ folder)`);
      }
      for (const token of renderedParts(code)) if (methodParts.has(token)) found.add(`part "${token}" (a method part)`);
      for (const [key, what] of keys) if (new RegExp(`\\b${key}\\b`).test(code)) found.add(`${key} (${what})`);
      bad.push(...[...found].map((f) => `${rel(file)}: ${f}`));
    }
    assert.deepEqual(bad, []);
  });
});
