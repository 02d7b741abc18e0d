// Builds the React 18 app: esbuild bundles main.tsx for the browser, and prerender.tsx for Node,
// whose HTML (renderToString, react-dom/server) goes into index.html, as static generation does;
// tsc checks the app first (React 18's types, the wrapper's props).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build as esbuild } from 'esbuild';
import { bundle, typecheck } from '../bundle.mjs';

const app = import.meta.dirname;

/** Type-checks the app, bundles it into `outdir` with the prerendered page (the server build goes to `tmp`). */
export async function build({ outdir, tmp, env }) {
  await typecheck(app);
  const server = join(tmp, 'prerender.cjs');
  // CommonJS for Node: react-dom/server requires Node's built-ins, which an ESM bundle cannot.
  await esbuild({
    absWorkingDir: app,
    entryPoints: ['src/prerender.tsx'],
    outfile: server,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    jsx: 'automatic',
    define: {
      'process.env.NODE_ENV': '"development"',
      AUTH_PUBLIC_TOKEN: JSON.stringify(env.publicToken),
      AUTH_API_BASE_URL: JSON.stringify(env.apiBaseUrl),
    },
    logLevel: 'error',
  });
  const { render } = createRequire(import.meta.url)(server);
  await bundle({ app, outdir, entryPoints: { main: 'src/main.tsx' }, pages: [], env });
  const page = readFileSync(join(app, 'index.html'), 'utf8').replace('<!--app-->', render());
  writeFileSync(join(outdir, 'index.html'), page);
}
