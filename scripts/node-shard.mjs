// One Node process runs several test files, each as a suite of its own (its top-level hooks attach to
// that suite), so the server's module graph is loaded once per shard instead of once per file: loading
// it costs about 4 s of CPU, which across a hundred files was most of the Node stages' time. Files that
// need a process of their own (scripts/test-files.mjs mustRunAlone) are not given to a shard.
// Usage: node --import tsx --test-reporter=spec scripts/node-shard.mjs FILE...
import { describe } from 'node:test';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

// The end-to-end harness (test/e2e-harness.ts) keeps its Chromium open between the files of a shard.
globalThis.aeTestShard = true;

for (const file of process.argv.slice(2)) {
  describe(file, async () => {
    await import(pathToFileURL(resolve(file)).href);
  });
}
