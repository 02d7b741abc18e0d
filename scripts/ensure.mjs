// First-run setup shared by `npm start` and `npm test`, so each is one command on a fresh clone:
// install npm dependencies when node_modules is missing or older than the lockfile, and (for the
// browser tests) Debian's Chromium when /usr/bin/chromium is missing and we may use apt.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, statSync } from 'node:fs';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit' }).status === 0;

/** Runs `npm ci` unless node_modules is present and at least as new as package-lock.json. */
export function ensureDependencies() {
  // A node_modules that is a link belongs to another checkout (a git worktree sharing one install):
  // `npm ci` would empty the target under that checkout's feet.
  if (existsSync('node_modules') && lstatSync('node_modules').isSymbolicLink()) return true;
  const marker = 'node_modules/.package-lock.json';
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync('package-lock.json').mtimeMs) return true;
  console.log('Installing dependencies (npm ci)…');
  return run('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Path of the Chromium the browser tests drive. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Installs Debian's Chromium when it is missing and we run as root; returns whether it is there. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
    return false;
  }
  console.log('Installing Chromium from apt…');
  return run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', 'chromium']) && existsSync(CHROMIUM);
}
