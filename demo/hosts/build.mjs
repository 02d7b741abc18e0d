// Builds the host apps (demo/hosts/<app>/, one per framework) against an installed copy of the kit,
// as a host installs it: `kit` is the package folder that `npm install <tarball>` made
// (scripts/pack-app.mjs packs the kit and installs the tarball into an empty project), copied into
// each app's node_modules/auth-elements, so the app resolves `auth-elements` exactly as from the
// registry, and the kit's bare `react` imports (auth-elements/react) resolve to the app's own React.
// Each app's build.mjs says how it is compiled; the apps build in parallel. `npm run demo:hosts`
// (serve.ts) and the end-to-end test (hosts.e2e.test.ts) call buildHosts().
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The host apps, each a folder beside this file. */
export const HOSTS = ['react19', 'react18', 'vue', 'angular', 'svelte'];

/** The page of each app (and its variants) under the output folder. */
export const HOST_PAGES = {
  react19: { label: 'React 19: the tag before the kit loads (import in useEffect)', path: 'react19/' },
  'react19-wrapper': { label: 'React 19: the auth-elements/react wrapper', path: 'react19/wrapper.html' },
  react18: { label: 'React 18: the auth-elements/react wrapper, prerendered and hydrated', path: 'react18/' },
  vue: { label: 'Vue 3: :config.prop', path: 'vue/' },
  'vue-plain': { label: 'Vue 3: plain :config', path: 'vue/?binding=plain' },
  angular: { label: 'Angular: [config] and (auth-event), AOT with strictTemplates', path: 'angular/' },
  svelte: { label: 'Svelte 5: config={...} and onauth-event', path: 'svelte/' },
};

/**
 * Installs `kit` into every app and builds each into `out/<app>/`, with an index page listing them.
 * Resolves to the build time of each app in ms; rejects with the first app's failure.
 * @param {{ kit: string, out: string, env: { publicToken: string, apiBaseUrl: string }, hosts?: string[] }} opts
 */
export async function buildHosts({ kit, out, env, hosts = HOSTS }) {
  const tmp = mkdtempSync(join(tmpdir(), 'auth-elements-hosts-'));
  try {
    const times = {};
    await Promise.all(
      hosts.map(async (host) => {
        const started = performance.now();
        const app = join(import.meta.dirname, host);
        const installed = join(app, 'node_modules', 'auth-elements');
        rmSync(installed, { recursive: true, force: true });
        cpSync(kit, installed, { recursive: true });
        const outdir = join(out, host);
        rmSync(outdir, { recursive: true, force: true });
        mkdirSync(outdir, { recursive: true });
        const { build } = await import(join(app, 'build.mjs'));
        try {
          await build({ outdir, tmp: join(tmp, host), env });
        } catch (e) {
          throw new Error(`building demo/hosts/${host}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
        }
        times[host] = Math.round(performance.now() - started);
      }),
    );
    const links = Object.values(HOST_PAGES)
      .map(({ label, path }) => `    <li><a href="./${path}">${label}</a></li>`)
      .join('\n');
    writeFileSync(
      join(out, 'index.html'),
      `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Auth Elements host apps</title></head>\n<body>\n  <h1>Auth Elements in each framework</h1>\n  <p>Sign in by email passcode; the code lands in the <a href="/dev/inbox">dev inbox</a>.</p>\n  <ul>\n${links}\n  </ul>\n</body>\n</html>\n`,
    );
    return times;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
