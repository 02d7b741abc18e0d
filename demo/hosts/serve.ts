/**
 * `npm run demo:hosts`: the host apps (demo/hosts/, one per framework) on the reference server, each
 * built against the packed kit exactly as their end-to-end test builds them (demo/hosts/build.mjs):
 * the kit is packed and installed as a host installs it, the apps are built with this server's
 * public token and address, and served at /react19/, /react18/, /vue/, /angular/ and /svelte/
 * beside the API and the dev inbox. PORT picks the port (default 8788, beside `npm start`'s 8787);
 * LOG_LEVEL `warn` or `error` turns the request log off (as for server/main.ts).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requestLogFromEnv } from '../../server/settings.ts';
import { startServer } from '../../server/start.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = join(root, 'demo/hosts/dist');
const port = Number(process.env.PORT ?? 8788);

// Plain .mjs scripts without declarations: imported through variables, typed here.
const packScript = '../../scripts/pack-app.mjs';
const buildScript = './build.mjs';
const { packApp } = (await import(packScript)) as { packApp: () => { root: string; app: string } };
const { buildHosts, HOST_PAGES } = (await import(buildScript)) as {
  buildHosts: (o: { kit: string; out: string; env: { publicToken: string; apiBaseUrl: string } }) => Promise<Record<string, number>>;
  HOST_PAGES: Record<string, { label: string; path: string }>;
};

mkdirSync(out, { recursive: true });
const server = await startServer({
  port,
  host: process.env.HOST ?? '127.0.0.1',
  dataDir: process.env.DATA_DIR ?? join(root, 'data/hosts'),
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  staticDirs: [{ urlPrefix: '/', dir: out }],
  log: requestLogFromEnv(process.env),
});

console.log('Packing the kit and building the host apps…');
const packed = packApp();
try {
  const times = await buildHosts({
    kit: join(packed.app, 'node_modules', 'auth-elements'),
    out,
    env: { publicToken: server.publicToken, apiBaseUrl: server.url },
  });
  console.log(
    `built: ${Object.entries(times)
      .map(([host, ms]) => `${host} ${ms} ms`)
      .join(', ')}`,
  );
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  await server.close();
  process.exit(1);
} finally {
  rmSync(packed.root, { recursive: true, force: true });
}

console.log(`\nAuth Elements host apps:  ${server.url}/`);
for (const { label, path } of Object.values(HOST_PAGES)) console.log(`  ${label}: ${server.url}/${path}`);
console.log(`Dev inbox:                ${server.url}/dev/inbox\n`);

const stop = () => {
  server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
