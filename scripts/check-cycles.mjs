#!/usr/bin/env node
// No import cycle at run time, in the kit or in the server. Each entry (the kit's src/*.ts entries; the
// server's main.ts, cli.ts and index.ts) is bundled with esbuild into memory only for its metafile: the
// module graph as it runs. esbuild drops type-only imports (`import type`, and imports whose names are
// used only as types), so a cycle of types alone is not reported; a cycle of values is. A dynamic
// `import()` is not an edge: it runs after both modules have been evaluated, so it cannot read a binding
// before its module has run (the lazy method chunks load that way). Exits 1 listing
// each cycle as a chain of files.
import { readdirSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), '..'));
const KIT_ENTRIES = readdirSync(join(ROOT, 'src'))
  .filter((n) => /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n))
  .map((n) => `src/${n}`);
const SERVER_ENTRIES = ['server/main.ts', 'server/cli.ts', 'server/index.ts'];

/** The run-time import graph (file -> files it imports) of `entries`, from esbuild's metafile. */
async function graphOf(entries, platform) {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: entries,
    bundle: true,
    write: false,
    metafile: true,
    splitting: platform === 'browser',
    format: 'esm',
    platform,
    outdir: join(ROOT, '.check-cycles-out'),
    // npm packages are not ours to check: only the repository's own files are walked.
    packages: 'external',
    logLevel: 'silent',
    loader: { '.css': 'text', '.svg': 'text' },
    jsx: 'automatic',
  });
  const graph = new Map();
  for (const [file, input] of Object.entries(result.metafile.inputs)) {
    graph.set(
      file,
      input.imports.filter((i) => !i.external && i.kind !== 'dynamic-import' && i.path in result.metafile.inputs).map((i) => i.path),
    );
  }
  return graph;
}

/** Every strongly connected set of more than one file (or a file importing itself): Tarjan's algorithm. */
function cyclesOf(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const set = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        set.push(w);
      } while (w !== v);
      if (set.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(set);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** One concrete loop through a strongly connected set, for the message. */
function loopIn(graph, set) {
  const members = new Set(set);
  const start = [...set].sort()[0];
  const path = [start];
  const seen = new Set([start]);
  const step = (v) => {
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) return true;
      if (seen.has(w)) continue;
      seen.add(w);
      path.push(w);
      if (step(w)) return true;
      path.pop();
    }
    return false;
  };
  step(start);
  return [...path, start].join(' -> ');
}

/** One line per run-time cycle of the kit's and the server's entries (empty when there is none). */
export async function runtimeCycles() {
  const problems = [];
  for (const [name, entries, platform] of [
    ['kit', KIT_ENTRIES, 'browser'],
    ['server', SERVER_ENTRIES, 'node'],
  ]) {
    const graph = await graphOf(entries, platform);
    for (const set of cyclesOf(graph)) problems.push(`${name}: ${set.length} files in a cycle: ${loopIn(graph, set)}`);
  }
  return problems;
}

/** What was walked, for the success line. */
export const CYCLE_CHECK_SCOPE = `kit: ${KIT_ENTRIES.length} entries, server: ${SERVER_ENTRIES.length} entries`;

// Run alone (node scripts/check-cycles.mjs) or as part of scripts/check-layers.mjs.
if (process.argv[1] && normalize(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = await runtimeCycles();
  if (problems.length > 0) {
    console.error(`run-time import cycles: ${problems.length}\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`run-time import cycles: none (${CYCLE_CHECK_SCOPE}, esbuild metafile)`);
}
