// React and ReactDOM ship CommonJS only; the browser needs ESM with named exports. This plugin
// bundles them once with esbuild (shared chunks, so there is a single React instance) and serves
// the result in place of the bare specifiers.
import { createRequire } from 'node:module';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);
const SPECIFIERS = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/client'];
const PREFIX = '/__react_esm/';

/** WTR plugin serving React as ESM. */
export function reactEsmPlugin({ nodeEnv = 'development' } = {}) {
  // Export names are read at config-load time, before WTR wraps the console React touches.
  const sources = {};
  for (const s of SPECIFIERS) {
    const names = Object.keys(require(s)).filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n));
    sources[s] = `import m from '${s}';\nexport default m;\nexport const { ${names.join(', ')} } = m;\n`;
  }
  let bundled;
  const bundle = async () => {
    const out = await build({
      entryPoints: Object.fromEntries(SPECIFIERS.map((s) => [s, `virtual:${s}`])),
      bundle: true,
      splitting: true,
      format: 'esm',
      write: false,
      outdir: 'react-esm',
      define: { 'process.env.NODE_ENV': JSON.stringify(nodeEnv) },
      logLevel: 'silent',
      plugins: [
        {
          name: 'virtual',
          setup(b) {
            b.onResolve({ filter: /^virtual:/ }, (a) => ({ path: a.path.slice(8), namespace: 'virtual' }));
            b.onLoad({ filter: /.*/, namespace: 'virtual' }, (a) => ({
              contents: sources[a.path],
              resolveDir: process.cwd(),
              loader: 'js',
            }));
          },
        },
      ],
    });
    const outDir = `${process.cwd()}/react-esm/`;
    return new Map(out.outputFiles.map((f) => [PREFIX + f.path.slice(outDir.length), f.text]));
  };
  return {
    name: 'react-esm',
    resolveImport({ source }) {
      if (SPECIFIERS.includes(source)) return `${PREFIX}${source}.js`;
    },
    async serve(context) {
      if (!context.path.startsWith(PREFIX)) return;
      bundled ??= bundle();
      const body = (await bundled).get(context.path);
      if (body !== undefined) return { body, type: 'js' };
    },
  };
}
