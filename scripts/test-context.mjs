// node:test for scripts/node-shard.mjs, with the test runner's per-promise bookkeeping made cheaper.
// It must load node:test itself (node-shard.mjs takes describe and after from here), after the patch.
//
// Node 20's test runner (internal/test_runner/harness) maps every async resource to the test that
// created it, through an async hook with an init and a destroy callback. The map is how a describe(),
// it() or hook call made after an `await` finds its suite (node-shard.mjs imports each file inside a
// suite of its own), and how an uncaught error names its test. The destroy callback only deletes a
// finished resource's entry; but any destroy callback makes V8 give every promise a weak callback,
// and that cost more than the map itself. Measured on 30 server test files in one process: 24.0 s of
// CPU with it, 20.4 s without (15 % less), and less memory (the weak callbacks: 419 MB against 352 MB
// at most). On the route fuzzer, whose answers make millions of promises: 7 % less CPU, 60 MB more
// memory for the entries kept. The map stays whole, so tests find their parents, and errors their
// tests, exactly as before; a shard is one process that ends with its files.
import asyncHooks from 'node:async_hooks';
import { createRequire } from 'node:module';

const realCreateHook = asyncHooks.createHook;
let patched = false;
asyncHooks.createHook = function createHook(callbacks) {
  // The runner's hook (harness.js setup()): a null-prototype object of init and destroy.
  if (!patched && Object.getPrototypeOf(callbacks) === null && typeof callbacks.init === 'function' && typeof callbacks.destroy === 'function') {
    patched = true;
    asyncHooks.createHook = realCreateHook;
    return realCreateHook.call(this, { __proto__: null, init: callbacks.init });
  }
  return realCreateHook.call(this, callbacks);
};

const nodeTest = createRequire(import.meta.url)('node:test');

/** node:test's describe and after; the runner sets its hook up when the first is called. */
export const { describe, after } = nodeTest;
