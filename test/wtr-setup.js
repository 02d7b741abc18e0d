// Loaded before every browser test file (web-test-runner.config.mjs, testRunnerHtml).
// WTR reports a test file's results with structuredClone(result). A failing
// `expect(el).to.equal(other)` puts DOM nodes in the error's expected/actual, which cannot be
// cloned: the report threw, and the run hung until the finish limit instead of showing the
// failure. Here a value that cannot be cloned is cloned as plain data, a node as its markup.
const clone = globalThis.structuredClone.bind(globalThis);

function plain(value, seen = new WeakMap()) {
  if (typeof Node !== 'undefined' && value instanceof Node) {
    return value instanceof Element ? value.outerHTML.slice(0, 500) : value.nodeName;
  }
  if (typeof value === 'function') return `[Function ${value.name || 'anonymous'}]`;
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return seen.get(value);
  const out = Array.isArray(value) ? [] : {};
  seen.set(value, out);
  for (const key of Object.keys(value)) out[key] = plain(value[key], seen);
  return out;
}

globalThis.structuredClone = (value, options) => {
  try {
    return clone(value, options);
  } catch (err) {
    if (!(err instanceof DOMException && err.name === 'DataCloneError')) throw err;
    return clone(plain(value), options);
  }
};
