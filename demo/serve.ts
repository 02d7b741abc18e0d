/**
 * The demo: the reference server on embedded SQLite, serving the demo pages and the built bundles
 * beside the API, so the pages call the API same-origin; and a second application on its own origin,
 * the relying party (demo/rp.ts), which signs in with the demo project as an OpenID provider through
 * the demo's consent page (idp-consent.html). Run through `npm start`. Environment: PORT, HOST,
 * DATA_DIR, DATABASE_URL, RP_PORT (default PORT + 1; `off` starts no relying party), and LOG_LEVEL
 * (`warn` or `error` turn the request log off, as for server/main.ts).
 */
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { requestLogFromEnv } from '../server/settings.ts';
import { startServer } from '../server/start.ts';
import { ensureDemoProvider } from './provider.ts';
import { type RelyingParty, startRelyingParty } from './rp.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = process.env.DATA_DIR ?? `${root}data`;
const databaseUrl = process.env.DATABASE_URL;

const start = (listenPort: number) =>
  startServer({
    port: listenPort,
    host,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    staticDirs: [
      { urlPrefix: '/dist/', dir: `${root}dist` },
      // The local stand-in for Google's One Tap script (the 'one-tap' preset; test projects only).
      { urlPrefix: '/fixtures/', dir: `${root}test/fixtures` },
      { urlPrefix: '/', dir: `${root}demo/public` },
    ],
    log: requestLogFromEnv(process.env),
  });

/** A port nothing listens on now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, host, () => {
      const address = s.address();
      const free = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(free));
    });
  });

let server = await start(port);
const base = `http://localhost:${server.port}`;

let rp: RelyingParty | null = null;
if (process.env.RP_PORT !== 'off') {
  // PORT=0 (tests) or RP_PORT=0: a free port, known before the client is registered for it.
  const rpPort = process.env.RP_PORT === '0' || (port === 0 && !process.env.RP_PORT) ? await freePort() : Number(process.env.RP_PORT ?? server.port + 1);
  mkdirSync(dataDir, { recursive: true });
  const data = { dataDir, ...(databaseUrl ? { databaseUrl } : {}) };
  const { client, restart } = await ensureDemoProvider(data, `${base}/idp-consent.html`, `http://localhost:${rpPort}`);
  // The consent page's address is project config, read when the server starts.
  if (restart) {
    await server.close();
    server = await start(server.port);
  }
  rp = await startRelyingParty({
    port: rpPort,
    host,
    issuer: `${base}/v1/public/${client.project_id}`,
    client_id: client.client_id,
    client_secret: client.client_secret,
  });
}

console.log(`\nAuth Elements demo:  ${base}/`);
console.log(`Dev inbox:           ${base}/dev/inbox`);
console.log(`Admin console:       ${base}/admin  (first admin: npm run admin -- admin grant you@example.com)`);
if (rp) console.log(`Relying party:       ${rp.url}/  (signs in with the demo project through ${base}/idp-consent.html)`);
console.log(`Public token:        ${server.publicToken}\n`);

const stop = () => {
  Promise.all([server.close(), rp?.close()]).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
