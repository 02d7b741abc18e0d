// Browser bundles (package exports in package.json):
// - dist/auth-elements.js (the script tag: defines every tag, exports the elements' side): a graph
//   of its own, so the whole first paint is this one file (no chunk discovered a round trip after
//   it) and React, the client and the forms are its lazy chunks (dist/tag-chunks/), loaded after
//   the first paint;
// - dist/define.js (`auth-elements/define`: defines the tags, exports everything) and dist/index.js
//   (the side-effect-free package entry), with React bundled in (shared chunks in dist/chunks/), so
//   a page without React needs nothing else;
// - dist/client.js (`auth-elements/client`, the headless client) and dist/helpers.js
//   (`auth-elements/helpers`, its synchronous helpers): a graph of their own (chunks in
//   dist/client-chunks/), sharing nothing with the elements' first paint;
// - dist/react.js (`auth-elements/react`): the same API plus the React wrappers, with react and
//   react-dom left as bare imports (peer dependencies) so a React app ships one React (its chunks
//   in dist/react-chunks/);
// - dist/vue.js and dist/svelte.js: empty modules beside the type-only entries.
// A page holding two of these graphs (the script tag beside dist/index.js, say) has two copies of
// what they share; the elements and the client work across copies (sdk-core/errors.ts matches error
// classes by name, the tags are defined once). The leaves the graphs have in common (React where it
// is bundled: BUNDLED_REACT below; the phone-number library, the locale packs) come out the same
// in each and are kept once in dist/shared/ after the build (scripts/share-chunks.mjs).
// esbuild strips types (TS 7 has no JS API for @rollup/plugin-typescript); terser minifies (esbuild where
// no budget or package reader gains from its last bytes: the admin console, the backend verifier). The
// declarations, custom-elements.json and the editor data come from scripts/build-types.mjs.
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { createHash } from 'node:crypto';
import { dirname, posix, resolve as resolvePath } from 'node:path';
import MagicString from 'magic-string';
import esbuild, { minify as esbuildMinify } from 'rollup-plugin-esbuild';

/** The placeholder elements/element.ts holds for the React side's chunk list. */
const REACT_SIDE_PLACEHOLDER = /(["'])__AE_REACT_SIDE__\1/;

/**
 * Issue 16: fills elements/element.ts's placeholder with the files the React side
 * (elements/react-host.tsx) imports statically, so the element fetches them all at once beside it
 * (`<link rel=modulepreload>`) instead of discovering them one level at a time. Runs before terser;
 * rollup turns the hash placeholders in the names into the final hashes.
 */
const reactSideChunks = {
  name: 'react-side-chunks',
  renderChunk(code, chunk, _options, { chunks }) {
    const m = REACT_SIDE_PLACEHOLDER.exec(code);
    if (!m) return null;
    const host = Object.values(chunks).find((c) => c.facadeModuleId?.endsWith('elements/react-host.tsx'));
    if (!host) return null;
    // What the element's own chunk already has (its static imports) need not be fetched again.
    const have = new Set();
    const walk = (name, into) => {
      if (into.has(name)) return;
      into.add(name);
      for (const dep of chunks[name]?.imports ?? []) walk(dep, into);
    };
    walk(chunk.fileName, have);
    const side = new Set();
    walk(host.fileName, side);
    // Chunks only (the React build's react and react-dom are the host's), relative to this chunk.
    const files = [...side]
      .filter((f) => !have.has(f) && f in chunks)
      .map((f) => {
        const rel = posix.relative(dirname(chunk.fileName), f);
        return rel.startsWith('.') ? rel : `./${rel}`;
      });
    // With this chunk's own name: a host's bundler that takes the kit in renames every file, and the
    // element then preloads nothing (its bundler has its own way of loading the React side).
    const s = new MagicString(code);
    s.overwrite(m.index, m.index + m[0].length, JSON.stringify(JSON.stringify({ self: posix.basename(chunk.fileName), files })));
    return { code: s.toString(), map: s.generateMap({ hires: true }) };
  },
};

/**
 * Issue 16: a lazy chunk's static imports are fetched together with it (`<link rel=modulepreload>`
 * when its `import()` runs), not one round trip later once it has arrived and been parsed. An
 * email-passcode form's chunk, for one, imports five more. The chunks the script tag loads before
 * the first paint are left as they are (their one lazy import, the React side, has its list from
 * reactSideChunks), so the first load does not grow. Like that list, the helper checks this chunk's
 * own name: a host's bundler that takes the kit in renames the files and loads them its own way.
 */
const lazyChunkPreload = {
  name: 'lazy-chunk-preload',
  renderChunk(code, chunk, _options, { chunks }) {
    if (chunk.dynamicImports.length === 0) return null;
    const closure = (name, into = new Set()) => {
      if (into.has(name) || !(name in chunks)) return into;
      into.add(name);
      for (const dep of chunks[name].imports) closure(dep, into);
      return into;
    };
    // Not the first load (the chunk holding the element's first paint, and what it imports
    // statically), and not the headless client's own chunks (dist/client.js and its core: its
    // method groups import little, and its size is a budget of its own).
    if (chunk.name === 'client' || chunk.fileName === 'client.js') return null;
    const element = Object.values(chunks).find((c) => c.moduleIds.some((id) => id.endsWith('/elements/element.ts')));
    if (element && closure(element.fileName).has(chunk.fileName)) return null;
    const have = closure(chunk.fileName);
    const dir = dirname(chunk.fileName);
    const rel = (f) => {
      const r = posix.relative(dir, f);
      return r.startsWith('.') ? r : `./${r}`;
    };
    const s = new MagicString(code);
    let changed = false;
    for (const m of code.matchAll(/\bimport\((['"])(\.{1,2}\/[^'"]+)\1\)/g)) {
      const target = posix.join(dir, m[2]);
      if (!(target in chunks)) continue;
      const deps = [...closure(target)].filter((f) => f !== target && !have.has(f)).map(rel);
      if (deps.length === 0) continue;
      s.overwrite(m.index, m.index + m[0].length, `(__aePreload(${JSON.stringify(deps)}),${m[0]})`);
      changed = true;
    }
    if (!changed) return null;
    s.append(
      `\nfunction __aePreload(files){if(typeof document>"u"||!new URL(import.meta.url).pathname.endsWith(${JSON.stringify(`/${posix.basename(chunk.fileName)}`)}))return;for(const f of files){const l=document.createElement("link");l.rel="modulepreload";l.href=new URL(f,import.meta.url).href;document.head.append(l)}}\n`,
    );
    return { code: s.toString(), map: s.generateMap({ hires: true }) };
  },
};

/**
 * The headless client's core modules, in one chunk: left to itself rollup cuts them into a dozen
 * small chunks (each a set of entries that shares them), and every one is a request and a gzip
 * stream of its own. All of them are what createClient runs at once; the method groups stay lazy.
 */
const CLIENT_CORE = new RegExp(
  `/sdk-core/(${[
    'client',
    'dom-cookie',
    'bootstrap',
    'http',
    'storage',
    'session-manager',
    'telemetry-fields',
    'version',
    'method',
    'methods',
    'redirect-url',
    'captcha',
    'lazy-exports',
    'sessions/core',
    'users/sync',
    'users/factors',
    'webauthn/errors',
    // Not the OAuth provider list: the first paint names the providers too.
    'schemas/(bootstrap|stored|rbac|validate)',
  ].join('|')})\\.ts$`,
);

/** The modules `entry` imports statically, at any depth (rollup's module ids), computed once per build. */
const staticClosures = new WeakMap();
function staticallyFrom(entry, getModuleInfo) {
  const cached = staticClosures.get(getModuleInfo);
  if (cached) return cached;
  const seen = new Set();
  const visit = (id) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const dep of getModuleInfo(id)?.importedIds ?? []) visit(dep);
  };
  visit(resolvePath(entry));
  staticClosures.set(getModuleInfo, seen);
  return seen;
}

/**
 * lit-html's build for Node: the browser build's code, but it reads `document` only where there is
 * one, so importing the kit on a server (Next.js, Nuxt, SvelteKit prerendering) evaluates nothing of
 * the DOM, as the rest of the kit does.
 */
const litHtmlEverywhere = {
  name: 'lit-html-everywhere',
  resolveId(id) {
    return id === 'lit-html' ? resolvePath('node_modules/lit-html/node/lit-html.js') : null;
  },
};

/**
 * Terser, once per distinct chunk of the whole build: the graphs share leaves (React, the phone-number
 * library, the locale packs) that come out identical in each, and minifying them again was a quarter of
 * the build's CPU. Same input and options, same output: the minified text is kept by the input's hash.
 */
const minified = new Map();
const terserOnce = (options) => {
  const inner = terser(options);
  return {
    ...inner,
    name: 'terser-once',
    renderChunk(code, chunk, outputOptions, meta) {
      const key = createHash('sha256')
        .update(code)
        .update(JSON.stringify(outputOptions.sourcemap ?? false))
        .digest('hex');
      let result = minified.get(key);
      if (!result) {
        result = inner.renderChunk.call(this, code, chunk, outputOptions, meta);
        minified.set(key, result);
      }
      return result;
    },
  };
};

/**
 * The shared plugin list (`lazyPreload`: the lazy chunks fetch their imports with them; `quickMinify`:
 * esbuild's minifier instead of terser, for a graph outside the package and every size budget, where
 * terser's last percent of bytes cost three times the CPU: the admin console, chart library and all).
 */
const plugins = ({ lazyPreload = false, quickMinify = false } = {}) => [
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  litHtmlEverywhere,
  nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.json', '.ts', '.tsx'] }),
  commonjs(),
  esbuild({ target: 'es2022', jsx: 'automatic', tsconfig: './tsconfig.json' }),
  reactSideChunks,
  // Not in the React build: its chunks are a React app's, and its bundler loads them.
  lazyPreload ? lazyChunkPreload : null,
  process.env.NO_MIN
    ? null
    : quickMinify
      ? esbuildMinify({ target: 'es2022', legalComments: 'none' })
      : terserOnce({ format: { comments: false }, compress: { passes: 2 } }),
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

/** The ES output every graph writes into dist/, its chunks in a folder of its own. */
const output = (chunkDir, manualChunks) => ({
  dir: 'dist',
  format: 'es',
  sourcemap: process.env.AE_SOURCEMAP === 'hidden' ? 'hidden' : true,
  chunkFileNames: `${chunkDir}/[name]-[hash].js`,
  ...(manualChunks ? { manualChunks } : {}),
});

/**
 * React and ReactDOM where the kit bundles them (the script tag's graph and the package entry's), in a
 * chunk of their own: it imports nothing, so it comes out the same in both graphs and
 * scripts/share-chunks.mjs keeps it once.
 */
const BUNDLED_REACT = /\/node_modules\/(react|react-dom|scheduler)\//;

/** The name under which the script tag's entry hands its internals to its own lazy chunks. */
const TAG_INTERNALS = '__authElementsInternals';

/** Visits every node of an ESTree AST, with the number of functions around it (a class static block is not one). */
function visit(node, fn, depth = 0) {
  if (!node || typeof node.type !== 'string') return;
  fn(node, depth);
  const inner = /Function|Method/.test(node.type) || node.type === 'ArrowFunctionExpression' ? depth + 1 : depth;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const v of value) visit(v, fn, inner);
    else if (value && typeof value === 'object') visit(value, fn, inner);
  }
}

/**
 * Issue 27: the script tag's entry (dist/auth-elements.js) exports the public API only. Rollup
 * ('allow-extension') also exported from it, under minified names, every module its lazy chunks share
 * with it (66 of them). Now those travel as one object of one export (TAG_INTERNALS), and each lazy
 * chunk takes its bindings from it as it starts; the first paint stays the one file. A chunk copies
 * the values once, which is the same as a live binding only for a binding that no function reassigns
 * (const, function, class, or a `let` set during the entry's own evaluation, in a class static block
 * say): the build fails if one ever is.
 */
function publicTagExports(entryFile, entryModule) {
  return {
    name: 'public-tag-exports',
    renderChunk(code, chunk) {
      // The entry module's own exports (types aside): what src/auth-elements.ts exports.
      const publicNames = new Set(this.getModuleInfo(resolvePath(entryModule))?.exports ?? []);
      if (publicNames.size === 0) throw new Error(`public-tag-exports: no exports known for ${entryModule}`);
      const ast = this.parse(code);
      const s = new MagicString(code);
      if (chunk.fileName === entryFile) {
        const decl = ast.body.filter((n) => n.type === 'ExportNamedDeclaration' && !n.source && !n.declaration);
        if (decl.length !== 1) throw new Error(`public-tag-exports: expected one export list in ${entryFile}, found ${decl.length}`);
        const [list] = decl;
        const hidden = list.specifiers.filter((sp) => !publicNames.has(sp.exported.name));
        if (hidden.length === 0) return null;
        const locals = new Set(hidden.map((sp) => sp.local.name));
        visit(ast, (n, depth) => {
          const target = n.type === 'AssignmentExpression' ? n.left : n.type === 'UpdateExpression' ? n.argument : null;
          if (depth > 0 && target?.type === 'Identifier' && locals.has(target.name)) {
            throw new Error(`public-tag-exports: ${target.name} is reassigned in a function; the lazy chunks' copy would go stale`);
          }
        });
        const kept = list.specifiers.filter((sp) => publicNames.has(sp.exported.name)).map((sp) => code.slice(sp.start, sp.end));
        const bag = hidden.map((sp) => `${JSON.stringify(sp.exported.name)}:${sp.local.name}`).join(',');
        s.overwrite(list.start, list.end, `const ${TAG_INTERNALS}=Object.freeze({${bag}});export{${[...kept, TAG_INTERNALS].join(',')}};`);
        return { code: s.toString(), map: s.generateMap({ hires: true }) };
      }
      const spec = posix.relative(dirname(chunk.fileName), entryFile);
      const from = spec.startsWith('.') ? spec : `./${spec}`;
      let n = 0;
      for (const node of ast.body) {
        if (node.type !== 'ImportDeclaration' || node.source.value !== from) continue;
        if (node.specifiers.some((sp) => sp.type !== 'ImportSpecifier'))
          throw new Error(`public-tag-exports: ${chunk.fileName} imports ${from} other than by name`);
        const name = (sp) => sp.imported.name ?? sp.imported.value;
        const taken = node.specifiers.filter((sp) => !publicNames.has(name(sp)));
        if (taken.length === 0) continue;
        const kept = node.specifiers.filter((sp) => publicNames.has(name(sp))).map((sp) => code.slice(sp.start, sp.end));
        const local = `__aeInternals${n++ || ''}`;
        const bindings = taken.map((sp) => `${JSON.stringify(name(sp))}:${sp.local.name}`).join(',');
        s.overwrite(
          node.start,
          node.end,
          `import{${[...kept, `${TAG_INTERNALS} as ${local}`].join(',')}}from${JSON.stringify(from)};const{${bindings}}=${local};`,
        );
      }
      if (n === 0) return null;
      return { code: s.toString(), map: s.generateMap({ hires: true }) };
    },
  };
}

/** The script tag's entry module. */
const TAG_ENTRY = 'src/auth-elements.ts';

const defaultConfigs = [
  {
    // Issue 16: the script tag is a graph of its own. Beside define.js and index.js, rollup moved the
    // modules they share into chunks the entry imported, and the browser asked for them only once the
    // entry had arrived: a round trip (40 ms RTT in bench:mount) before the first paint could run.
    // Alone, and with 'allow-extension' (its lazy chunks import what they share with it from the
    // entry itself), the first paint is the entry and nothing else.
    input: { 'auth-elements': TAG_ENTRY },
    preserveEntrySignatures: 'allow-extension',
    // What the entry imports statically stays in it (a manual chunk would otherwise take in the
    // modules it shares with the first paint, and the entry would import that chunk); the client's
    // core is one lazy chunk, as below.
    output: output('tag-chunks', (id, { getModuleInfo }) =>
      staticallyFrom(TAG_ENTRY, getModuleInfo).has(id) ? 'auth-elements' : CLIENT_CORE.test(id) ? 'client' : BUNDLED_REACT.test(id) ? 'react' : undefined,
    ),
    plugins: [...plugins({ lazyPreload: true }), publicTagExports('auth-elements.js', TAG_ENTRY)],
  },
  {
    input: {
      define: 'src/define.ts',
      index: 'src/index.ts',
    },
    // What the first paint shares with the client (ConfigError, the DOM helpers, the OAuth provider
    // names) stays apart: a manual chunk takes in its modules' unassigned dependencies.
    output: output('chunks', (id) =>
      /\/sdk-core\/(errors|dom|schemas\/(oauth-providers|defaults)|oauth\/providers)\.ts$/.test(id)
        ? 'base'
        : CLIENT_CORE.test(id)
          ? 'client'
          : BUNDLED_REACT.test(id)
            ? 'react'
            : undefined,
    ),
    plugins: [...plugins({ lazyPreload: true }), typeOnlyStubs],
  },
  {
    // Issue 16: the headless client (auth-elements/client) is a graph of its own, so it shares no
    // chunk with the elements' first paint and tree-shaking keeps only what the client uses of
    // errors.ts and the defaults (not the DOM helpers or the OAuth provider schema the first paint
    // needs). 'allow-extension' lets the entry itself hold the core (the method groups import it from
    // there) instead of a facade re-exporting a core chunk: one file, one gzip stream up front. Its
    // error classes are a second copy; sdk-core/errors.ts matches classes across copies by name.
    // auth-elements/helpers (src/helpers.ts: the client's synchronous helpers, issue 16) is in the
    // same graph: its passkey error class extends the client's AuthError.
    input: { client: 'src/client.ts', helpers: 'src/helpers.ts' },
    preserveEntrySignatures: 'allow-extension',
    // What the two entries share (the error classes, the lazy loader) stays in dist/client.js
    // rather than a chunk of its own that the client would fetch beside it.
    output: output('client-chunks', (id) => (/\/(src\/client|sdk-core\/(errors|method))\.ts$/.test(id) ? 'client' : undefined)),
    plugins: plugins({ lazyPreload: true }),
  },
  {
    input: { react: 'src/react.ts' },
    external: isReact,
    output: output('react-chunks'),
    plugins: plugins(),
  },
  {
    // auth-elements/server (src/server.ts): an app's backend, not a page (Node, Deno, Bun, edge
    // runtimes); a graph of its own, one file, sharing nothing with the browser entries.
    input: { server: 'src/server.ts' },
    output: output('server-chunks'),
    // A backend's module, in no size budget: esbuild's minifier is enough.
    plugins: plugins({ quickMinify: true }),
  },
];

/** The admin console's page (issue 31): src/admin/index.html, copied beside its entry. */
const adminPage = {
  name: 'admin-page',
  async generateBundle() {
    const { readFile } = await import('node:fs/promises');
    this.emitFile({ type: 'asset', fileName: 'index.html', source: await readFile('src/admin/index.html', 'utf8') });
  },
};

// Issue 31: the admin console (src/admin/), a React app of its own in dist/admin/ that the reference
// server serves at /admin. Not part of the npm package (package.json `files` leaves dist/admin out)
// and not in any size budget: it loads only on the console's page. Its entry has a fixed name
// (index.html references it); chunks and the chart library are hashed.
defaultConfigs.push({
  input: { admin: 'src/admin/main.tsx' },
  output: { dir: 'dist/admin', format: 'es', sourcemap: true, chunkFileNames: 'chunks/[name]-[hash].js' },
  plugins: [...plugins({ quickMinify: true }), adminPage],
});

// AE_BUILD_ONLY=admin: just the console (rebuilding it while working on it).
export default process.env.AE_BUILD_ONLY === 'admin' ? defaultConfigs.slice(-1) : defaultConfigs;
