#!/usr/bin/env node
// `npm start`: build the browser bundles, then run the demo (reference server on SQLite + demo
// pages + dev inbox). PORT picks the port (default 8787).
import { spawnSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies } from './ensure.mjs';

if (!ensureDependencies()) process.exit(1);

const build = spawnSync(join('node_modules', '.bin', 'rollup'), ['-c', '--silent'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const child = spawn(process.execPath, ['--import', 'tsx', 'demo/serve.ts'], { stdio: 'inherit' });
const forward = (sig) => () => child.kill(sig);
process.on('SIGINT', forward('SIGINT'));
process.on('SIGTERM', forward('SIGTERM'));
child.on('exit', (code) => process.exit(code ?? 0));
