#!/usr/bin/env node
// Packs the kit (`npm pack`, which builds through prepack) and installs the tarball alone into an
// empty project, as a host would (`npm install --omit=dev`); prints a JSON line with the paths and
// the measures (packed size, file count, installed size and package count). The package tests
// (test/package/) run against that project: the types, SSR imports and what got installed.
// With --reuse-dist (`npm test`, right after its own build) the kit is not built a second time: the
// files `npm pack` would take are copied from dist/ into a staging folder, minus the
// sourceMappingURL comments that prepack's build leaves out (scripts/build.mjs --pack), and packed
// there with --ignore-scripts. A user's `npm pack` still builds through prepack.
// Dev tools the type tests compile with (React 18 types, Vue, Svelte, Angular) are linked in from
// this repository after the measure, since they are the host's, not the kit's.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..');

/** Bytes of every file under `dir` (apparent size). */
function bytesUnder(dir) {
  let n = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    n += st.isDirectory() ? bytesUnder(p) : st.size;
  }
  return n;
}

/** A built file's trailing `//# sourceMappingURL=` line, as rollup writes it unless the map is hidden. */
const MAP_COMMENT = /\n\/\/# sourceMappingURL=[^\n]*\n?$/;

/**
 * A folder holding exactly the files `npm pack` takes from the repository (its own dry-run list),
 * with dist/'s JavaScript as `scripts/build.mjs --pack` writes it (no sourceMappingURL comment).
 */
function stageBuiltFiles(root, npmEnv) {
  if (!existsSync(join(repo, 'dist'))) throw new Error('--reuse-dist: no dist/ (run scripts/build.mjs first)');
  const dry = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repo, env: npmEnv, stdio: ['ignore', 'pipe', 'inherit'] });
  const stage = join(root, 'stage');
  for (const { path } of JSON.parse(dry.toString())[0].files) {
    const to = join(stage, path);
    mkdirSync(dirname(to), { recursive: true });
    if (path.startsWith('dist/') && path.endsWith('.js')) writeFileSync(to, readFileSync(join(repo, path), 'utf8').replace(MAP_COMMENT, '\n'));
    else copyFileSync(join(repo, path), to);
  }
  return stage;
}

/**
 * Packs and installs; returns { root, app, tarball, pack: {size, unpackedSize, entryCount, files}, install: {bytes, packages} }.
 * `reuseDist` packs the current dist/ instead of building again (see the top of this file).
 */
export function packApp({ reuseDist = false } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'auth-elements-pack-'));
  const npmEnv = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
  const packArgs = ['pack', '--json', '--pack-destination', root, ...(reuseDist ? ['--ignore-scripts'] : [])];
  const cwd = reuseDist ? stageBuiltFiles(root, npmEnv) : repo;
  const out = execFileSync('npm', packArgs, { cwd, env: npmEnv, stdio: ['ignore', 'pipe', 'inherit'] });
  const info = JSON.parse(out.toString())[0];
  const tarball = join(root, info.filename);
  const app = join(root, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'host-app', private: true, type: 'module' }, null, 2)}\n`);
  execFileSync('npm', ['install', '--omit=dev', '--no-package-lock', tarball], { cwd: app, env: npmEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  const modules = join(app, 'node_modules');
  const packages = readdirSync(modules).flatMap((n) =>
    n.startsWith('.') ? [] : n.startsWith('@') ? readdirSync(join(modules, n)).map((m) => `${n}/${m}`) : [n],
  );
  const install = { bytes: bytesUnder(modules), packages };
  for (const dep of [
    'react',
    'react-dom',
    'scheduler',
    'loose-envify',
    'js-tokens',
    '@types/react',
    '@types/react-dom',
    '@types/prop-types',
    'csstype',
    'vue',
    'svelte',
    '@angular/core',
    '@angular/common',
    '@angular/compiler',
    '@angular/platform-browser',
    'rxjs',
    'tslib',
  ]) {
    const from = join(repo, 'node_modules', dep);
    const to = join(modules, dep);
    if (!existsSync(from) || existsSync(to)) continue;
    mkdirSync(join(to, '..'), { recursive: true });
    symlinkSync(from, to, 'dir');
  }
  return {
    root,
    app,
    tarball,
    pack: { size: info.size, unpackedSize: info.unpackedSize, entryCount: info.entryCount, files: info.files.map((f) => f.path) },
    install,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(packApp({ reuseDist: process.argv.includes('--reuse-dist') })));
}
