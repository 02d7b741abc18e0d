#!/usr/bin/env node
// `npm run build`: the browser bundles (rollup.config.mjs), then the declarations, the Custom
// Elements Manifest and the editor data (scripts/build-types.mjs). With --pack (npm's prepack, so
// every `npm pack` / `npm publish` builds first) the source maps are written without the
// sourceMappingURL comments: the package leaves them out (6 MB), and a comment pointing at a
// missing map makes bundlers and devtools warn.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const pack = process.argv.includes('--pack');
const run = (cmd, args, env = {}) => {
  const r = spawnSync(cmd, args, { stdio: ['inherit', process.stderr, 'inherit'], env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
// A clean dist/: rollup never deletes the hashed chunks of earlier builds.
rmSync('dist', { recursive: true, force: true });
run(join('node_modules', '.bin', 'rollup'), ['-c', '--silent'], pack ? { AE_SOURCEMAP: 'hidden' } : {});
// The graphs' identical leaf chunks, once (scripts/share-chunks.mjs).
run(process.execPath, ['scripts/share-chunks.mjs']);
run(process.execPath, ['scripts/build-types.mjs']);
