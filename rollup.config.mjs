// Browser bundles: the element script (defines the tags), the package entry, and the headless client.
// esbuild strips types (TS 7 has no JS API for @rollup/plugin-typescript); terser minifies.
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';

export default {
  input: {
    'auth-elements': 'src/auth-elements.ts',
    index: 'src/index.ts',
    client: 'src/client.ts',
  },
  output: {
    dir: 'dist',
    format: 'es',
    sourcemap: true,
    chunkFileNames: 'chunks/[name]-[hash].js',
  },
  plugins: [
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.json', '.ts', '.tsx'] }),
    commonjs(),
    esbuild({ target: 'es2022', jsx: 'automatic', tsconfig: './tsconfig.json' }),
    process.env.NO_MIN ? null : terser({ format: { comments: false }, compress: { passes: 2 } }),
  ],
};
