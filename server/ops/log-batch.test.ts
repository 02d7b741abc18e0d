/**
 * The default log sink (ops/log.ts stderrLog, lines batched per event-loop turn): every line reaches
 * stderr, in order, whole, also when the process exits in the same turn.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';

const script = `
import { stderrLog, logLine } from './server/ops/log.ts';
const log = stderrLog();
for (let i = 0; i < 200; i++) log(logLine('info', { msg: 'line', i, pad: 'x'.repeat(50) }));
log(logLine('error', { msg: 'bad' }));
log(logLine('info', { msg: 'last' }));
process.exit(0);
`;

describe('stderrLog', () => {
  it('writes every line whole and in order, also when the process exits in the same turn', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, NODE_DEBUG: '' },
    });
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stderr
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; i?: number });
    assert.equal(lines.length, 202);
    assert.deepEqual(
      lines.slice(0, 200).map((l) => l.i),
      Array.from({ length: 200 }, (_, i) => i),
    );
    assert.deepEqual(
      lines.slice(200).map((l) => l.msg),
      ['bad', 'last'],
    );
  });
});
