#!/usr/bin/env node
// Packs the kit (`npm pack`, which builds through prepack) and installs the tarball alone into an
// empty project, as a host would (`npm install --omit=dev`); prints a JSON line with the paths and
// the measures (packed size, file count, installed size and package count). The package tests
// (test/package/) run against that project: the types, SSR imports and what got installed.
// Dev tools the type tests compile with (React 18 types, Vue, Svelte, Angular) are linked in from
// this repository after the measure, since they are the host's, not the kit's.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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

/** Packs and installs; returns { root, app, tarball, pack: {size, unpackedSize, entryCount, files}, install: {bytes, packages} }. */
export function packApp() {
  const root = mkdtempSync(join(tmpdir(), 'auth-elements-pack-'));
  const npmEnv = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', root], { cwd: repo, env: npmEnv, stdio: ['ignore', 'pipe', 'inherit'] });
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
  console.log(JSON.stringify(packApp()));
}
