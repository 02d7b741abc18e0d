#!/usr/bin/env node
// The layer rules (docs/reference/house-style.md#layers, ARCHITECTURE.md), checked over every import of the source (static,
// re-export and dynamic): sdk-core <- react-internals <- elements <- src, no import running back up;
// browser code never imports the server; the server imports only sdk-core's shared schemas; a method
// folder reaches another method only through that method's index.ts. Test files and test helpers
// may reach across (they assemble whole systems); everything else may not. Exits 1 listing each
// broken rule with the file and the import. Then no run-time import cycle (scripts/check-cycles.mjs).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CYCLE_CHECK_SCOPE, runtimeCycles } from './check-cycles.mjs';

const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), '..'));
const LAYERS = ['sdk-core', 'react-internals', 'elements', 'src', 'server'];
/** What each layer may import from the repository (by top folder); anything npm is checked apart. */
const MAY_IMPORT = {
  'sdk-core': ['sdk-core'],
  'react-internals': ['sdk-core', 'react-internals'],
  elements: ['sdk-core', 'react-internals', 'elements'],
  src: ['sdk-core', 'react-internals', 'elements', 'src'],
  server: ['server', 'sdk-core/schemas'],
};
/** Packages a layer must not import: UI in the headless client, the server's in browser code. */
const FORBIDDEN_PACKAGES = {
  'sdk-core': [/^react(-dom)?(\/|$)/, /^lit-html/],
  'react-internals': [],
  server: [/^react(-dom)?(\/|$)/, /^lit-html/, /^@simplewebauthn\/browser/],
};
const SERVER_ONLY_PACKAGES = [/^hono/, /^@hono\//, /^kysely/, /^better-sqlite3/, /^pg$/, /^nodemailer/, /^@simplewebauthn\/server/, /^jose/, /^node:/];
/** The method folders of each layer (the registries' entries); a folder of another method is a sibling. */
const METHOD_FOLDERS = {
  'sdk-core': ['otps', 'magic-links', 'passwords', 'webauthn', 'crypto-wallets', 'oauth', 'totps', 'impersonation', 'idp', 'b2b', 'rbac'],
  'react-internals': ['otps', 'magic-links', 'passwords', 'passkeys', 'oauth', 'crypto-wallets', 'totps', 'idp'],
  // The server's are found, not listed: each folder whose index.ts exports a `ServerMethod` (a new method is checked at once).
  server: readdirSync(join(ROOT, 'server')).filter((name) => {
    try {
      return /satisfies ServerMethod\b/.test(readFileSync(join(ROOT, 'server', name, 'index.ts'), 'utf8'));
    } catch {
      return false;
    }
  }),
};

const isTestFile = (rel) =>
  /\.(test|browser\.test|e2e\.test)\.tsx?$/.test(rel) || /(^|\/)(test-helpers|test-support|test-utils|test-soft-authenticator)\.tsx?$/.test(rel);

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (/\.(ts|tsx|mjs|js)$/.test(name)) out.push(p);
  }
  return out;
}

const IMPORT = /(?:^|[^.\w])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[^.\w])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** The specifiers a file imports, with comments removed first (JSDoc examples are not imports). */
function importsOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return [...code.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]);
}

const problems = [];
for (const layer of LAYERS) {
  for (const file of walk(join(ROOT, layer))) {
    const rel = relative(ROOT, file).split(sep).join('/');
    if (isTestFile(rel)) continue;
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      const say = (why) => problems.push(`${rel}: imports '${spec}': ${why}`);
      if (!spec.startsWith('.')) {
        for (const re of FORBIDDEN_PACKAGES[layer] ?? []) if (re.test(spec)) say(`${layer} must not use this package`);
        if (layer !== 'server' && SERVER_ONLY_PACKAGES.some((re) => re.test(spec)) && !/^node:/.test(spec)) say('server-only package in browser code');
        continue;
      }
      const target = relative(ROOT, normalize(join(dirname(file), spec)))
        .split(sep)
        .join('/');
      const allowed = MAY_IMPORT[layer];
      if (!allowed.some((prefix) => target === prefix || target.startsWith(`${prefix}/`))) {
        say(`${layer} may import only ${allowed.join(', ')}`);
        continue;
      }
      // Sibling methods: only through the other method's index.ts.
      const methods = METHOD_FOLDERS[layer] ?? [];
      const ownMethod = methods.find((m) => rel.startsWith(`${layer}/${m}/`));
      const targetMethod = methods.find((m) => target.startsWith(`${layer}/${m}/`) || target === `${layer}/${m}`);
      if (ownMethod && targetMethod && ownMethod !== targetMethod && !/\/index(\.tsx?)?$/.test(target)) {
        say(`method '${ownMethod}' may reach method '${targetMethod}' only through its index.ts`);
      }
    }
  }
}

for (const cycle of await runtimeCycles()) problems.push(`run-time import cycle: ${cycle}`);

if (problems.length > 0) {
  console.error(`layer rules: ${problems.length} broken\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `layer rules: sdk-core <- react-internals <- elements <- src; server -> sdk-core/schemas only; methods meet only through index.ts; no run-time import cycle (${CYCLE_CHECK_SCOPE}): all kept`,
);
