// First-run setup shared by `npm start` and `npm test`, so each is one command on a fresh clone:
// install npm dependencies when node_modules is missing or older than the lockfile, and (for the
// browser tests) Debian's Chromium headless shell when it is missing and we may use apt.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, statSync } from 'node:fs';
import { FULL_CHROMIUM, HEADLESS_SHELL } from '../test/chromium.mjs';

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

/**
 * Installs Debian's Chromium headless shell (the tests' browser, test/chromium.mjs) when it is missing and
 * we run as root; returns whether a browser for the tests is there (CHROMIUM_PATH, the shell, or the full
 * browser when the shell cannot be had).
 */
export function ensureChromium() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH);
  if (existsSync(HEADLESS_SHELL)) return true;
  if (process.getuid?.() === 0) {
    console.log('Installing the Chromium headless shell from apt…');
    if (run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell']) && existsSync(HEADLESS_SHELL)) return true;
  }
  if (existsSync(FULL_CHROMIUM)) return true;
  console.error(`No Chromium for the browser tests: install it (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.`);
  return false;
}
