// Bundles the server and the admin CLI into `<outdir>/main.mjs` and `<outdir>/cli.mjs` (server/Dockerfile):
// plain JavaScript, no tsx at run time; npm packages stay external (installed beside it).
// Usage: node server/ops/build.mjs [outdir]   (default server/dist)
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const outdir = process.argv[2] ?? `${root}server/dist`;
await build({
  entryPoints: [`${root}server/main.ts`, `${root}server/cli.ts`],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outdir,
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
  // sdk-core/schemas/zod-config.ts is a side-effect import the kit's package.json does not list under
  // sideEffects: it configures zod for browsers only (a no-op in Node), so dropping it here is right.
  logOverride: { 'ignored-bare-import': 'silent' },
});
