// Builds the Angular app ahead of time: ngc (@angular/compiler-cli) type-checks the templates with
// strictTemplates and compiles them to Ivy instructions; esbuild bundles the result, running the
// Angular linker (a Babel plugin of @angular/compiler-cli) over the framework's own packages, which
// npm ships partially compiled. No JIT compiler reaches the browser.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { transformAsync } from '@babel/core';
import linkerPlugin from '@angular/compiler-cli/linker/babel';
import { needsLinking } from '@angular/compiler-cli/linker';
import { bundle } from '../bundle.mjs';

const app = import.meta.dirname;
const ngc = join(dirname(createRequire(import.meta.url).resolve('@angular/compiler-cli/package.json')), 'bundles/src/bin/ngc.js');

/** Runs ngc on a tsconfig; rejects with its diagnostics. */
export function runNgc(tsconfig) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ngc, '-p', tsconfig], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`ngc failed:\n${output}`))));
  });
}

/** esbuild plugin: links the partially compiled Angular packages (ɵɵngDeclare* calls) into full Ivy code. */
const angularLinker = {
  name: 'angular-linker',
  setup(b) {
    b.onLoad({ filter: /[\\/]@angular[\\/].*\.m?js$/ }, async ({ path }) => {
      const source = readFileSync(path, 'utf8');
      if (!needsLinking(path, source)) return { contents: source, loader: 'js' };
      const result = await transformAsync(source, {
        filename: path,
        plugins: [linkerPlugin],
        babelrc: false,
        configFile: false,
        compact: false,
        sourceMaps: false,
      });
      return { contents: result?.code ?? '', loader: 'js' };
    });
  },
};

/** esbuild plugin: bare imports of ngc's output (written outside the app) resolve from the app, as its sources' do. */
function fromApp(emitted) {
  return {
    name: 'resolve-from-app',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async ({ path, importer, kind }) => {
        if (!importer.startsWith(emitted)) return undefined;
        const r = await b.resolve(path, { resolveDir: app, kind });
        return r.errors.length > 0 ? { errors: r.errors } : r;
      });
    },
  };
}

/** Compiles and bundles the app into `outdir` (ngc's output goes to `tmp`). */
export async function build({ outdir, tmp, env }) {
  mkdirSync(tmp, { recursive: true });
  const tsconfig = join(tmp, 'tsconfig.json');
  const emitted = join(tmp, 'ngc');
  writeFileSync(tsconfig, JSON.stringify({ extends: join(app, 'tsconfig.json'), compilerOptions: { outDir: emitted, noEmit: false } }));
  await runNgc(tsconfig);
  await bundle({
    app,
    outdir,
    entryPoints: { main: join(emitted, 'main.js') },
    pages: ['index.html'],
    env,
    plugins: [fromApp(emitted), angularLinker],
  });
}
