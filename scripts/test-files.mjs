// Which test files run where, decided from the files themselves so a new test file is classified
// without a list to keep: used by scripts/test.mjs and scripts/stress.mjs.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Files under `dir` (skipping node_modules, dist and dot folders) that `keep` accepts, as relative paths. */
export function findTests(dir, keep) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...findTests(p, keep));
    else if (keep(p)) out.push(p);
  }
  return out;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|^import\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The repository modules a file imports by relative path (static, dynamic with a literal, side effect). */
function localImports(file, text) {
  const out = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    const p = resolve(dirname(file), spec);
    const found = [p, p.replace(/\.js$/, '.ts'), `${p}.ts`, join(p, 'index.ts')].find((c) => existsSync(c) && statSync(c).isFile());
    if (found) out.push(found);
  }
  return out;
}

/** Where the shared switch lives; its database helpers are named below rather than followed as a whole. */
const HELPERS = resolve(import.meta.dirname, '..', 'server', 'test-helpers.ts');
/** The helpers of server/test-helpers.ts that open a fresh Postgres database under TEST_DATABASE_URL. */
const DATABASE_HELPERS = /\b(?:testApp|testStore|testDatabase|throwawayPostgres)\b/;

/**
 * Whether `file`, or a module it reaches through relative imports, reads TEST_DATABASE_URL or calls a
 * helper of server/test-helpers.ts that does: what puts a test on Postgres. Such a file runs on both
 * databases; any other file would run the same twice. (server/test-helpers.ts itself is not followed:
 * a file that takes only tempDir or freePort from it never opens a database.)
 */
export function touchesDatabase(file, seen = new Map()) {
  const path = resolve(file);
  if (seen.has(path)) return seen.get(path);
  seen.set(path, false);
  const text = readFileSync(path, 'utf8');
  const hit =
    text.includes('TEST_DATABASE_URL') || DATABASE_HELPERS.test(text) || localImports(path, text).some((m) => m !== HELPERS && touchesDatabase(m, seen));
  seen.set(path, hit);
  return hit;
}

/**
 * Whether a Node test file must run alone (in scripts/test.mjs, a shard of such files that no other
 * such shard runs beside, so one of them at a time): it binds a fixed port (two files at once would collide),
 * starts whole server processes (`startServerProcess`, `server/main.ts`, the container entrypoint:
 * each start compiles the server and waits for it with a deadline, which two such files at once on
 * two cores can miss), or says so with a `// test: serial` line (it shares a path outside its own
 * temp folder). Files that listen on port 0, use freePort() or their own temp folders run two at a time.
 */
export function mustRunAlone(file) {
  const text = readFileSync(file, 'utf8');
  return (
    /^\/\/ test: serial\b/m.test(text) ||
    /\.listen\(\s*[1-9]\d*\b/.test(text) ||
    /\bport:\s*[1-9]\d{2,}\b/.test(text) ||
    /\bstartServerProcess\(|\bserverCommand\(|['"]server\/main\.ts['"]|spawn\(\s*['"]sh['"]/.test(text)
  );
}

/** The folders whose `*.test.ts(x)` files run in Chromium (web-test-runner.config.mjs) unless they are Node tests. */
export const WIDGET_FOLDERS = ['src', 'elements', 'react-internals'];

/** Whether a test file imports node:test: a Node test (pure logic), even in a folder of browser tests. */
export const isNodeTest = (file) => /from ['"]node:test['"]/.test(readFileSync(file, 'utf8'));

/** The pure-logic tests of the widget folders: run by Node, left out of the browser runner. */
export function widgetNodeTests() {
  const isTest = (p) => /\.test\.tsx?$/.test(p) && !p.endsWith('.e2e.test.ts') && !p.endsWith('.browser.test.ts');
  return WIDGET_FOLDERS.flatMap((d) => findTests(d, isTest)).filter(isNodeTest);
}
