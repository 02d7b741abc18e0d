#!/usr/bin/env node
// The declarations of the package (dist/types/), then the Custom Elements Manifest and the editor
// data (scripts/custom-elements.ts). Run by `npm run build` after rollup.
//
// TypeScript 7's own emitter writes one .d.ts per source file (tsconfig.types.json). Three steps
// make those a package a consumer can compile with `skipLibCheck: false`:
// 1. Relative specifiers end in .js (the sources import './x.ts', which only our tsconfig allows).
// 2. The wire schemas' zod values (sdk-core/schemas: request validators the client and the server
//    share) are dropped from the declarations: no public type uses them, and keeping them would make
//    every consumer install zod (8 MB) for nothing. Only the plain interfaces stay. The package type
//    test compiles consumers against the packed result, so a public type that needed one would fail.
// 3. Declarations no entry reaches are removed (the React screens' internals, tests' helpers).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const OUT = 'dist/types';
/** The declaration files the package's exports point at. */
export const TYPE_ENTRIES = [
  'src/index.d.ts',
  'src/auth-elements.d.ts',
  'src/define.d.ts',
  'src/client.d.ts',
  'src/helpers.d.ts',
  'src/react.d.ts',
  'src/vue.d.ts',
  'src/svelte.d.ts',
  'src/server.d.ts',
];

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: ['inherit', process.stderr, 'inherit'] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function walk(dir) {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

rmSync(OUT, { recursive: true, force: true });
run(join('node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.types.json']);

const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+?)\.tsx?\2/g;
const RELATIVE = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Drops every top-level statement of a declaration file that mentions zod's `z`. */
function dropZod(text) {
  // tsc writes one top-level statement per line group: a new one starts at column 0 with anything
  // but a closing bracket.
  const lines = text.split('\n');
  const statements = [];
  for (const line of lines) {
    if (statements.length === 0 || /^[^\s})\]>]/.test(line)) statements.push([line]);
    else statements[statements.length - 1].push(line);
  }
  const kept = statements.filter((s) => {
    const body = s.join('\n');
    return !/\bfrom ['"]zod(\/[^'"]*)?['"]/.test(body) && !/\bz\./.test(body);
  });
  // A doc comment left without its statement is harmless; drop it too to keep the file tidy.
  const out = kept
    .filter((s, i) => !(s[0].startsWith('/**') && kept[i + 1] === undefined))
    .map((s) => s.join('\n'))
    .join('\n');
  return dropUnusedImports(out);
}

/**
 * Named imports that only the dropped statements used (zod values imported from a sibling schema
 * file, whose own declaration is dropped too) would name exports that no longer exist.
 */
function dropUnusedImports(text) {
  return text.replace(/^import (type )?\{([^}]*)\} from (['"][^'"]+['"]);\n/gm, (whole, typeOnly, names, from) => {
    const rest = text.replace(whole, '');
    const used = names
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n !== '' && new RegExp(`\\b${(n.split(/\s+as\s+/).pop() ?? n).replace(/^type\s+/, '')}\\b`).test(rest));
    return used.length === 0 ? '' : `import ${typeOnly ?? ''}{ ${used.join(', ')} } from ${from};\n`;
  });
}

const files = walk(OUT).filter((f) => f.endsWith('.d.ts'));
for (const file of files) {
  let text = readFileSync(file, 'utf8').replace(SPECIFIER, (_, head, q, path) => `${head}${q}${path}.js${q}`);
  if (/\bfrom ['"]zod(\/[^'"]*)?['"]/.test(text)) text = dropZod(text);
  writeFileSync(file, text);
}

// Keep only what the entries reach.
const reached = new Set();
const visit = (file) => {
  if (reached.has(file) || !existsSync(file)) return;
  reached.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(RELATIVE)) visit(normalize(join(dirname(file), m[1].replace(/\.js$/, '.d.ts'))));
};
for (const e of TYPE_ENTRIES) visit(join(OUT, e));
let removed = 0;
for (const file of files) {
  if (!reached.has(file)) {
    rmSync(file);
    removed++;
  }
}
// Empty folders left behind, deepest first.
const dirs = (dir) => readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? [...dirs(join(dir, n)), join(dir, n)] : []));
for (const dir of dirs(OUT)) if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
const leftovers = [...reached].filter((f) => /\bfrom ['"]zod/.test(readFileSync(f, 'utf8')));
if (leftovers.length > 0) {
  console.error(`build-types: zod still referenced by ${leftovers.map((f) => relative(OUT, f)).join(', ')}`);
  process.exit(1);
}
console.error(`build-types: ${reached.size} declaration files in ${OUT} (${removed} unreachable removed)`);

run(process.execPath, ['--import', 'tsx', 'scripts/custom-elements.ts']);
