#!/usr/bin/env node
// `npm run build`: the browser bundles (rollup.config.mjs) and, at the same time, the declarations,
// the Custom Elements Manifest and the editor data (scripts/build-types.mjs). With --pack (npm's prepack, so
// every `npm pack` / `npm publish` builds first) the source maps are written without the
// sourceMappingURL comments: the package leaves them out (6 MB), and a comment pointing at a
// missing map makes bundlers and devtools warn.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const pack = process.argv.includes('--pack');
/** Runs a step; the first that fails ends the build with its status. */
const run = (cmd, args, env = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['inherit', process.stderr, 'inherit'], env: { ...process.env, ...env } });
    child.on('close', (code) => {
      if (code !== 0) process.exit(code ?? 1);
      resolve();
    });
  });
// A clean dist/: rollup never deletes the hashed chunks of earlier builds.
rmSync('dist', { recursive: true, force: true });
// The bundles and the declarations at the same time: the declarations come from the sources alone
// (dist/types/), and rollup is mostly one thread.
await Promise.all([
  (async () => {
    await run(join('node_modules', '.bin', 'rollup'), ['-c', '--silent'], pack ? { AE_SOURCEMAP: 'hidden' } : {});
    // The graphs' identical leaf chunks, once (scripts/share-chunks.mjs).
    await run(process.execPath, ['scripts/share-chunks.mjs']);
  })(),
  run(process.execPath, ['scripts/build-types.mjs']),
]);
