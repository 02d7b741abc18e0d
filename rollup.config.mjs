// Browser bundles (package exports in package.json):
// - dist/auth-elements.js (the script tag: defines every tag, exports the elements' side; React
//   and the client are lazy chunks it loads after the first paint), dist/define.js
//   (`auth-elements/define`: defines the tags, exports everything), dist/index.js (the
//   side-effect-free package entry) and dist/client.js (headless client), with React bundled in
//   (shared chunks in dist/chunks/), so a page without React needs nothing else;
// - dist/react.js (`auth-elements/react`): the same API plus the React wrappers, with react and
//   react-dom left as bare imports (peer dependencies) so a React app ships one React (its chunks
//   in dist/react-chunks/);
// - dist/vue.js and dist/svelte.js: empty modules beside the type-only entries.
// esbuild strips types (TS 7 has no JS API for @rollup/plugin-typescript); terser minifies. The
// declarations, custom-elements.json and the editor data come from scripts/build-types.mjs.
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';

/** The shared plugin list. */
const plugins = () => [
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.json', '.ts', '.tsx'] }),
  commonjs(),
  esbuild({ target: 'es2022', jsx: 'automatic', tsconfig: './tsconfig.json' }),
  process.env.NO_MIN ? null : terser({ format: { comments: false }, compress: { passes: 2 } }),
];

/** React's packages, left to the host in the React build (their subpaths too: react/jsx-runtime, react-dom/client). */
const isReact = (id) => /^(react|react-dom)(\/.*)?$/.test(id);

/** Writes the empty JS modules of the type-only entries. */
const typeOnlyStubs = {
  name: 'type-only-stubs',
  generateBundle() {
    for (const name of ['vue', 'svelte']) {
      this.emitFile({ type: 'asset', fileName: `${name}.js`, source: `// Types only: see ${name}.d.ts (dist/types/src/${name}.d.ts).\nexport {};\n` });
    }
  },
};

export default [
  {
    input: {
      'auth-elements': 'src/auth-elements.ts',
      define: 'src/define.ts',
      index: 'src/index.ts',
      client: 'src/client.ts',
    },
    output: {
      dir: 'dist',
      format: 'es',
      sourcemap: process.env.AE_SOURCEMAP === 'hidden' ? 'hidden' : true,
      chunkFileNames: 'chunks/[name]-[hash].js',
    },
    plugins: [...plugins(), typeOnlyStubs],
  },
  {
    input: { react: 'src/react.ts' },
    external: isReact,
    output: {
      dir: 'dist',
      format: 'es',
      sourcemap: process.env.AE_SOURCEMAP === 'hidden' ? 'hidden' : true,
      chunkFileNames: 'react-chunks/[name]-[hash].js',
    },
    plugins: plugins(),
  },
];
