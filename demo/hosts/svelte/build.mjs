// Builds the Svelte app: an esbuild plugin compiles App.svelte with svelte/compiler (client code,
// development mode, TypeScript in the script block stripped by the compiler), then esbuild bundles.
import { readFileSync } from 'node:fs';
import { compile } from 'svelte/compiler';
import { bundle } from '../bundle.mjs';

const app = import.meta.dirname;

/** esbuild plugin: compiles Svelte components. */
const svelteComponents = {
  name: 'svelte',
  setup(b) {
    b.onLoad({ filter: /\.svelte$/ }, ({ path }) => {
      const { js, warnings } = compile(readFileSync(path, 'utf8'), { filename: path, generate: 'client', dev: true });
      // A warning (accessibility, unused state, ...) fails the build: the demo compiles clean.
      if (warnings.length > 0) return { errors: warnings.map((w) => ({ text: `${w.code}: ${w.message}` })) };
      return { contents: js.code, loader: 'js' };
    });
  },
};

/** Bundles the app into `outdir`. */
export async function build({ outdir, env }) {
  // `development`: Svelte's dev runtime (esm-env), matching the dev-mode compile.
  await bundle({ app, outdir, entryPoints: { main: 'src/main.ts' }, pages: ['index.html'], env, plugins: [svelteComponents], conditions: ['development'] });
}
