// The bundling the host apps share (demo/hosts/build.mjs): esbuild for the browser, in development
// mode (so the frameworks' own warnings show in the console, where the e2e test looks for them),
// with the app's public token and API address inlined as build-time constants.
import { execFile } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles `entryPoints` (relative to `app`) into `outdir` and copies the app's HTML `pages` there.
 * @param {{ app: string, outdir: string, entryPoints: Record<string, string>, pages: string[],
 *   env: { publicToken: string, apiBaseUrl: string }, plugins?: import('esbuild').Plugin[],
 *   define?: Record<string, string>, conditions?: string[] }} opts
 */
export async function bundle({ app, outdir, entryPoints, pages, env, plugins = [], define = {}, conditions = [] }) {
  await build({
    absWorkingDir: app,
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    chunkNames: 'chunks/[name]-[hash]',
    conditions,
    define: {
      'process.env.NODE_ENV': '"development"',
      AUTH_PUBLIC_TOKEN: JSON.stringify(env.publicToken),
      AUTH_API_BASE_URL: JSON.stringify(env.apiBaseUrl),
      ...define,
    },
    plugins,
    logLevel: 'error',
  });
  for (const page of pages) copyFileSync(join(app, page), join(outdir, page));
}

/** Type-checks an app with its tsconfig (the repository's TypeScript); rejects with the errors. */
export function typecheck(app) {
  const tsc = join(dirname(createRequire(join(app, 'package.json')).resolve('typescript/package.json')), 'bin', 'tsc');
  return new Promise((resolve, reject) => {
    execFile(tsc, ['-p', app], (error, stdout, stderr) => (error ? reject(new Error(`tsc -p ${app}:\n${stdout}${stderr}`)) : resolve()));
  });
}
