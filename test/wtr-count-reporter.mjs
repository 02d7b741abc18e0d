// WTR's own counts sit inside its progress display, and a file that fails to load is not counted
// as a failure. This reporter prints one plain closing line that CI and scripts/test.mjs read.
export function countReporter() {
  const count = (suite, acc) => {
    for (const t of suite?.tests ?? []) acc[t.skipped ? 'skipped' : t.passed ? 'passed' : 'failed']++;
    for (const s of suite?.suites ?? []) count(s, acc);
    return acc;
  };
  return {
    onTestRunFinished({ sessions }) {
      const acc = { passed: 0, failed: 0, skipped: 0 };
      for (const s of sessions) {
        count(s.testResults, acc);
        // a file that failed to import, or threw outside a test, counts as one failure
        if (!s.passed && (s.errors?.length ?? 0) > 0) acc.failed++;
      }
      process.on('exit', () => console.log(`wtr: ${acc.passed} passed, ${acc.failed} failed, ${acc.skipped} skipped`));
    },
  };
}
