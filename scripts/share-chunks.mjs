#!/usr/bin/env node
// After rollup (scripts/build.mjs): the package's graphs (rollup.config.mjs: the script tag's, the
// package entry's, the client's, the React build's) each write their chunks into a folder of their
// own, and the leaves they have in common (the phone-number library, the locale packs, a few style
// and constant modules) came out byte for byte the same in each: 600 kB of the 2.5 MB unpacked
// (issue 27 item 6). This keeps one copy of each in dist/shared/ and points every import, preload
// list and React-side file list at it, updating the source maps to match. Only leaves (no import of
// their own) are shared: a chunk that imports its graph's files is that graph's. Sharing a leaf
// between graphs on one page shares one module instance; a leaf holds data and pure functions.
// Usage: node scripts/share-chunks.mjs [dist]
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import remapping from '@jridgewell/remapping';
import MagicString from 'magic-string';

/** The chunk folders of the graphs (rollup.config.mjs `output`). */
export const GRAPH_CHUNK_DIRS = ['tag-chunks', 'chunks', 'client-chunks', 'react-chunks'];
/** Where the shared leaves go. */
export const SHARED_DIR = 'shared';

/** Every relative .js specifier a file holds: imports, import() and preload lists (quoted, maybe JSON-escaped). */
const RELATIVE_JS = /(?<=["'])\.\.?\/[^"'\\]+\.js(?=\\?["'])/g;

/** Every .js file under `dir`, as paths relative to it (posix). */
function jsFiles(dir, under = '') {
  const out = [];
  for (const name of readdirSync(join(dir, under))) {
    // dist/types holds declarations only, written by build-types.mjs while this runs (scripts/build.mjs).
    if (!under && name === 'types') continue;
    const rel = under ? `${under}/${name}` : name;
    if (statSync(join(dir, rel)).isDirectory()) out.push(...jsFiles(dir, rel));
    else if (name.endsWith('.js')) out.push(rel);
  }
  return out;
}

/** The specifier a file in `fromDir` uses for `target` (both relative to dist, posix). */
function specifier(fromDir, target) {
  const r = posix.relative(fromDir, target);
  return r.startsWith('.') ? r : `./${r}`;
}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Moves the graphs' identical chunks into dist/shared/ and rewrites their importers; returns the bytes
 * saved. In rounds: first the leaves (no import of their own); then the chunks whose every import is
 * already shared, which the first round's rewriting made identical too (`../shared/react-….js` from
 * either graph's folder), and so on until nothing more is the same.
 */
export function shareChunks(dist = 'dist') {
  let saved = 0;
  for (;;) {
    const round = shareRound(dist);
    if (round === 0) return saved;
    saved += round;
  }
}

/** One round of {@link shareChunks}. */
function shareRound(dist) {
  const groups = new Map();
  for (const dir of GRAPH_CHUNK_DIRS) {
    if (!existsSync(join(dist, dir))) continue;
    for (const name of readdirSync(join(dist, dir)).filter((n) => n.endsWith('.js'))) {
      const file = `${dir}/${name}`;
      const code = readFileSync(join(dist, file));
      // Only a chunk whose every import is shared: its bytes mean the same from any folder.
      const specs = code.toString('utf8').match(RELATIVE_JS) ?? [];
      if (!specs.every((spec) => posix.join(dir, spec).startsWith(`${SHARED_DIR}/`))) continue;
      const key = createHash('sha256').update(code).digest('hex');
      groups.set(key, [...(groups.get(key) ?? []), { file, name, size: code.length }]);
    }
  }
  /** Old path (relative to dist) -> new path. */
  const moved = new Map();
  let saved = 0;
  for (const copies of groups.values()) {
    if (copies.length < 2) continue;
    // One name for the shared file: rollup's content hash makes identical chunks' names equal; if
    // two ever differ, the first one's name serves them all.
    const target = `${SHARED_DIR}/${copies[0].name}`;
    if (existsSync(join(dist, target))) throw new Error(`share-chunks: ${target} exists already`);
    mkdirSync(join(dist, SHARED_DIR), { recursive: true });
    renameSync(join(dist, copies[0].file), join(dist, target));
    if (existsSync(join(dist, `${copies[0].file}.map`))) renameSync(join(dist, `${copies[0].file}.map`), join(dist, `${target}.map`));
    moved.set(copies[0].file, target);
    for (const c of copies.slice(1)) {
      rmSync(join(dist, c.file));
      rmSync(join(dist, `${c.file}.map`), { force: true });
      moved.set(c.file, target);
      saved += c.size;
    }
  }
  if (moved.size === 0) return 0;

  for (const file of jsFiles(dist)) {
    if (file.startsWith(`${SHARED_DIR}/`)) continue;
    const fromDir = posix.dirname(file);
    const code = readFileSync(join(dist, file), 'utf8');
    const s = new MagicString(code);
    let changed = false;
    for (const [from, to] of moved) {
      const old = specifier(fromDir, from);
      // The specifier as a whole string: after a quote (plain, or escaped in the React side's JSON list), before the closing one.
      for (const m of code.matchAll(new RegExp(`(?<=["'])${escapeRe(old)}(?=\\\\?["'])`, 'g'))) {
        s.overwrite(m.index, m.index + old.length, specifier(fromDir, to));
        changed = true;
      }
    }
    if (!changed) continue;
    writeFileSync(join(dist, file), s.toString());
    const mapFile = join(dist, `${file}.map`);
    if (existsSync(mapFile)) {
      const before = JSON.parse(readFileSync(mapFile, 'utf8'));
      const edit = s.generateMap({ hires: true, source: posix.basename(file), includeContent: false });
      // The edit's map (new code -> old code), then rollup's (old code -> sources).
      const composed = remapping([edit, before], () => null);
      writeFileSync(mapFile, JSON.stringify({ ...composed, file: before.file }));
    }
  }
  return saved;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dist = process.argv[2] ?? 'dist';
  const saved = shareChunks(dist);
  console.error(`share-chunks: ${Math.round(saved / 1000)} kB of identical chunks kept once in ${dist}/${SHARED_DIR}/`);
}
