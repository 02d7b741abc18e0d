#!/usr/bin/env node
// `auth-elements-server <command>`: the admin CLI (server/cli.ts). In the container image the CLI is a
// bundled dist/cli.mjs (server/Dockerfile); from the repository it runs the TypeScript through tsx.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const bundled = join(here, '..', 'dist', 'cli.mjs');
if (existsSync(bundled)) {
  const { runCli } = await import(pathToFileURL(bundled).href);
  process.exitCode = await runCli(process.argv.slice(2), {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    env: process.env,
    now: Date.now,
  });
} else {
  const { tsImport } = await import('tsx/esm/api');
  const { runCli } = await tsImport(pathToFileURL(join(here, '..', 'cli.ts')).href, import.meta.url);
  process.exitCode = await runCli(process.argv.slice(2), {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    env: process.env,
    now: Date.now,
  });
}
