/**
 * The demo: the reference server on embedded SQLite, serving the demo pages and the built bundles
 * beside the API, so the pages call the API same-origin. Run through `npm start`. Environment: PORT,
 * HOST, DATA_DIR, DATABASE_URL, and LOG_LEVEL (`warn` or `error` turn the request log off, as for
 * server/main.ts).
 */
import { fileURLToPath } from 'node:url';
import { requestLogFromEnv } from '../server/settings.ts';
import { startServer } from '../server/start.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT ?? 8787);

const server = await startServer({
  port,
  host: process.env.HOST ?? '127.0.0.1',
  dataDir: process.env.DATA_DIR ?? `${root}data`,
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  staticDirs: [
    { urlPrefix: '/dist/', dir: `${root}dist` },
    // The local stand-in for Google's One Tap script (the 'one-tap' preset; test projects only).
    { urlPrefix: '/fixtures/', dir: `${root}test/fixtures` },
    { urlPrefix: '/', dir: `${root}demo/public` },
  ],
  log: requestLogFromEnv(process.env),
});

const base = `http://localhost:${server.port}`;
console.log(`\nAuth Elements demo:  ${base}/`);
console.log(`Dev inbox:           ${base}/dev/inbox`);
console.log(`Public token:        ${server.publicToken}\n`);

const stop = () => {
  server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
