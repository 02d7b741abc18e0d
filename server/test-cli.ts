/**
 * A test helper, not a test: the admin CLI (server/cli.ts) run in process against the database of a
 * running test app (SQLite, and Postgres with TEST_DATABASE_URL), its output captured.
 */
import type { AppOptions } from './app.ts';
import { runCli } from './cli.ts';
import { type TestApp, type TestStore, testApp, testStore } from './test-helpers.ts';

/** One CLI run: its exit code and what it wrote to stdout and stderr. */
export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** A test app and its store, with the CLI pointed at the same database on the app's clock. */
export interface CliHarness {
  t: TestApp;
  store: TestStore;
  /** The environment the CLI runs with: DATABASE_URL, else DATA_DIR. */
  env: Record<string, string>;
  /** Runs `auth-elements-server <argv>` and captures its output. */
  cli(...argv: string[]): Promise<CliRun>;
  /** Closes the app and deletes the store. */
  close(): Promise<void>;
}

/** Starts a test app (with `opts`) on a fresh store and returns the CLI beside it. */
export async function cliHarness(opts: Partial<AppOptions> = {}): Promise<CliHarness> {
  const store = await testStore();
  const t = await testApp(opts, { store });
  const env: Record<string, string> = store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : { DATA_DIR: store.dataDir };
  return {
    t,
    store,
    env,
    async cli(...argv) {
      let out = '';
      let err = '';
      const code = await runCli(argv, { out: (s) => (out += s), err: (s) => (err += s), env, now: () => t.clock.t });
      return { code, out, err };
    },
    async close() {
      await t.close();
      await store.cleanup();
    },
  };
}
