// A local Postgres for the server suite's second run and the multi-instance test, on a machine of
// this kind (Debian, root): installs `postgresql` from apt when missing, starts the first cluster,
// and makes the role and database the tests use. Importable (`ensurePostgres()`) or runnable.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const ROLE = 'ae';
const DB = 'ae_test';

const sh = (cmd, args, opts = {}) => spawnSync(cmd, args, { encoding: 'utf8', ...opts });
const asPostgres = (sql) => sh('su', ['postgres', '-c', `psql -v ON_ERROR_STOP=1 -tAc "${sql}"`], { cwd: '/' });

/** First cluster from pg_lsclusters: { version, name, port, status }. */
function firstCluster() {
  const out = sh('pg_lsclusters', ['--no-header']);
  const line = (out.stdout ?? '').split('\n').find((l) => l.trim());
  if (!line) return null;
  const [version, name, port, status] = line.trim().split(/\s+/);
  return { version, name, port: Number(port), status };
}

/**
 * Ensures a running local Postgres with role `ae` (CREATEDB) and database `ae_test`.
 * @returns the admin URL for TEST_DATABASE_URL, or null (with the reason printed) when not possible
 */
export async function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  if (!existsSync('/usr/bin/pg_lsclusters') || !firstCluster()) {
    if (process.getuid?.() !== 0) {
      console.error('Postgres is not installed and we are not root: skipping the Postgres run.');
      return null;
    }
    console.log('Installing PostgreSQL from apt…');
    if (sh('apt-get', ['update', '-qq'], { stdio: 'inherit' }).status !== 0) return null;
    if (sh('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit' }).status !== 0) return null;
  }
  let cluster = firstCluster();
  if (!cluster) {
    console.error('No Postgres cluster found after install.');
    return null;
  }
  if (cluster.status !== 'online') {
    const r = sh('pg_ctlcluster', [cluster.version, cluster.name, 'start'], { stdio: 'inherit' });
    if (r.status !== 0) return null;
    cluster = firstCluster();
  }
  if (!asPostgres(`SELECT 1 FROM pg_roles WHERE rolname='${ROLE}'`).stdout?.includes('1')) {
    const r = asPostgres(`CREATE ROLE ${ROLE} LOGIN PASSWORD '${ROLE}' CREATEDB`);
    if (r.status !== 0) {
      console.error(r.stderr);
      return null;
    }
  }
  // The test role commits without waiting for the WAL flush: measured here, 7.5 ms per commit with the
  // flush, 1.5 ms without, over the thousands of commits of the Postgres run. Only this role's sessions
  // change (other users of the cluster keep their durability); a crash of Postgres itself could lose the
  // last commits of a test database, which nothing keeps.
  asPostgres(`ALTER ROLE ${ROLE} SET synchronous_commit = off`);
  if (!asPostgres(`SELECT 1 FROM pg_database WHERE datname='${DB}'`).stdout?.includes('1')) {
    const r = asPostgres(`CREATE DATABASE ${DB} OWNER ${ROLE}`);
    if (r.status !== 0) {
      console.error(r.stderr);
      return null;
    }
  }
  return `postgres://${ROLE}:${ROLE}@127.0.0.1:${cluster?.port ?? 5432}/${DB}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = await ensurePostgres();
  if (!url) process.exit(1);
  console.log(url);
}
