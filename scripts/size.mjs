#!/usr/bin/env node
// Prints minified and gzip bytes of each browser entry in dist/ (its initial JS: the entry plus the
// chunks it imports statically; lazy import() chunks are listed apart). With --check, fails when the
// initial JS of <auth-login> exceeds the budget.
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Initial-JS budget for <auth-login> configured for email OTP (gzip bytes). */
export const LOGIN_BUDGET_GZIP = 80 * 1024;

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*${}\s,]+from\s*)?["'](\.[^"']+)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["'](\.[^"']+)["']\s*\)/g;

function closure(entry) {
  const seen = new Set();
  const lazy = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) visit(normalize(join(dirname(file), m[1])));
    for (const m of code.matchAll(DYNAMIC_IMPORT)) lazy.add(normalize(join(dirname(file), m[1])));
  };
  visit(entry);
  for (const f of seen) lazy.delete(f);
  return { initial: [...seen], lazy: [...lazy] };
}

const measure = (files) => {
  const code = Buffer.concat(files.map((f) => readFileSync(f)));
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const entries = [
  ['<auth-login> script (dist/auth-elements.js)', 'dist/auth-elements.js'],
  ['headless client (dist/client.js)', 'dist/client.js'],
];
let loginGzip = 0;
for (const [label, file] of entries) {
  const { initial, lazy } = closure(file);
  const s = measure(initial);
  if (file === 'dist/auth-elements.js') loginGzip = s.gzip;
  console.log(`${label}: initial ${s.min} B min, ${s.gzip} B gzip (${kb(s.gzip)}) in ${initial.length} file(s)`);
  for (const l of lazy) {
    const ls = measure([l]);
    console.log(`  lazy ${l}: ${ls.min} B min, ${ls.gzip} B gzip`);
  }
}
if (process.argv.includes('--check')) {
  const ok = loginGzip <= LOGIN_BUDGET_GZIP;
  console.log(`budget: <auth-login> initial ${kb(loginGzip)} gzip of ${kb(LOGIN_BUDGET_GZIP)}: ${ok ? 'within' : 'OVER'}`);
  process.exit(ok ? 0 : 1);
}
