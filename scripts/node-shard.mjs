// One Node process runs several test files, each as a suite of its own (its top-level hooks attach to
// that suite), so the server's module graph is loaded once per shard instead of once per file: loading
// it costs about 4 s of CPU, which across a hundred files was most of the Node stages' time. Files that
// need a process of their own (scripts/test-files.mjs mustRunAlone) are not given to a shard.
// Usage: node --import tsx --test-reporter=spec scripts/node-shard.mjs FILE...
// node:test through test-context.mjs, which loads it with the runner's async hook made cheaper.
import { after, describe } from './test-context.mjs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

// The end-to-end harness (test/e2e-harness.ts) keeps its Chromium open between the files of a shard.
globalThis.aeTestShard = true;

// A suite's function runs as soon as the suite is declared, so every file's import would start at once
// and the first suite's time would hold the whole shard's loading (server/admin/access.test.ts: 78 s
// measured for a 5 s file). Each file is imported once the suite before it has ended: a suite's time is
// its own, and scripts/test.mjs balances the shards by those times. The import stays inside the suite's
// function, where the file's describe() and it() calls find their parent.
let previousEnded = Promise.resolve();
for (const file of process.argv.slice(2)) {
  const turn = previousEnded;
  let ended;
  previousEnded = new Promise((r) => {
    ended = r;
  });
  describe(file, async () => {
    after(() => ended());
    try {
      // A promise made here, not `turn` itself: node:test finds a test's parent through the promise
      // chain it was called from, and `turn` was made outside this suite.
      await new Promise((r) => turn.then(r));
      await import(pathToFileURL(resolve(file)).href);
    } catch (err) {
      // A file that fails to load still lets the next one run.
      ended();
      throw err;
    }
  });
}
