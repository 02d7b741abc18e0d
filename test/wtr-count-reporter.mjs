// WTR's own counts sit inside its progress display, and a file that fails to load is not counted
// as a failure. This reporter prints one plain closing line that CI and scripts/test.mjs read, and
// before it a `wtr failed:` line per failed test, so that the tail of a CI log names what failed.
export function countReporter() {
  const count = (suite, path, acc) => {
    for (const t of suite?.tests ?? []) {
      const outcome = t.skipped ? 'skipped' : t.passed ? 'passed' : 'failed';
      acc[outcome]++;
      if (outcome === 'failed') {
        const why = (t.error?.message ?? '').split('\n')[0].slice(0, 200);
        acc.names.push(`${[...path, t.name].join(' › ')}${why ? `: ${why}` : ''}`);
      }
    }
    for (const s of suite?.suites ?? []) count(s, [...path, s.name], acc);
    return acc;
  };
  return {
    onTestRunFinished({ sessions }) {
      const acc = { passed: 0, failed: 0, skipped: 0, names: [] };
      for (const s of sessions) {
        const file = s.testFile.replace(process.cwd(), '').replace(/^\//, '');
        count(s.testResults, [file], acc);
        // a file that failed to import, or threw outside a test, counts as one failure
        if (!s.passed && (s.errors?.length ?? 0) > 0) {
          acc.failed++;
          acc.names.push(`${file}: ${(s.errors[0]?.message ?? 'error outside a test').split('\n')[0].slice(0, 200)}`);
        }
      }
      process.on('exit', () => {
        for (const n of acc.names) console.log(`wtr failed: ${n}`);
        console.log(`wtr: ${acc.passed} passed, ${acc.failed} failed, ${acc.skipped} skipped`);
      });
    },
  };
}
