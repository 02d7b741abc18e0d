/**
 * Two server processes started at the same moment on one empty database (SQLite file here; the
 * Postgres variant is in multi-instance.test.ts) agree on the project and on the signing keys: a
 * session JWT minted by one verifies against the other's JWKS.
 */
import { after, describe, it } from 'node:test';
import { assertOneIssuer, tempDir } from './test-helpers.ts';

describe('two server processes started together on one SQLite file', () => {
  const dirs: { cleanup(): void }[] = [];
  after(() => {
    for (const d of dirs) d.cleanup();
  });
  it('agree on the project and signing keys', async () => {
    const dir = tempDir();
    dirs.push(dir);
    await assertOneIssuer({ dataDir: dir.dir });
  });
});
