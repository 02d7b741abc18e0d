// Builds the Vue app: an esbuild plugin compiles App.vue with @vue/compiler-sfc (script setup with
// the template inlined, TypeScript stripped by esbuild), telling the template compiler that auth-*
// tags are custom elements (compilerOptions.isCustomElement, as vite.config's vue() option does).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { compileScript, parse } from 'vue/compiler-sfc';
import { bundle } from '../bundle.mjs';

const app = import.meta.dirname;

/** The template compiler's option: which tags are custom elements rather than Vue components. */
export const isCustomElement = (tag) => tag.startsWith('auth-');

/** esbuild plugin: compiles single-file components. */
const vueSfc = {
  name: 'vue-sfc',
  setup(b) {
    b.onLoad({ filter: /\.vue$/ }, ({ path }) => {
      // The template is parsed here, and whether a tag is an element or a component is settled
      // while parsing: the parser needs isCustomElement too, not only the template compiler.
      const { descriptor, errors } = parse(readFileSync(path, 'utf8'), { filename: path, templateParseOptions: { isCustomElement } });
      if (errors.length > 0) return { errors: errors.map((e) => ({ text: String(e.message ?? e) })) };
      const id = createHash('sha256').update(path).digest('hex').slice(0, 8);
      const script = compileScript(descriptor, {
        id,
        inlineTemplate: true,
        templateOptions: { compilerOptions: { isCustomElement } },
      });
      return { contents: script.content, loader: script.lang === 'ts' ? 'ts' : 'js', resolveDir: dirname(path) };
    });
  },
};

/** Bundles the app into `outdir`. */
export async function build({ outdir, env }) {
  await bundle({
    app,
    outdir,
    entryPoints: { main: 'src/main.ts' },
    pages: ['index.html'],
    env,
    plugins: [vueSfc],
    // The esm-bundler build's feature flags (unset, Vue warns in the console).
    define: { __VUE_OPTIONS_API__: 'true', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' },
  });
}
