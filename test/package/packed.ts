/**
 * The packed kit the package tests run against: the tarball `npm pack` made and the empty host
 * project it was installed into (scripts/pack-app.mjs). `npm test` packs once and hands the result
 * over in AE_PACK_INFO; a test file run alone packs for itself.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What scripts/pack-app.mjs reports. */
export interface Packed {
  root: string;
  /** The host project, with the kit in node_modules/auth-elements. */
  app: string;
  tarball: string;
  pack: { size: number; unpackedSize: number; entryCount: number; files: string[] };
  install: { bytes: number; packages: string[] };
}

/** The repository's root folder. */
export const repo = fileURLToPath(new URL('../..', import.meta.url));

let packed: Promise<Packed> | undefined;

/** The packed kit (packing it when no AE_PACK_INFO was given). */
export function packedKit(): Promise<Packed> {
  packed ??= (async () => {
    const info = process.env['AE_PACK_INFO'];
    if (info) return JSON.parse(readFileSync(info, 'utf8')) as Packed;
    // A plain .mjs script without declarations: imported through a variable, typed here.
    const script = '../../scripts/pack-app.mjs';
    const { packApp } = (await import(script)) as { packApp: () => Packed };
    return packApp();
  })();
  return packed;
}

/**
 * A second host project beside the packed one, for a consumer that needs other versions of its
 * tools (React 19): the installed kit copied as npm installed it, and `links` (package
 * name -> folder) linked into its node_modules.
 */
export async function hostProject(name: string, links: Record<string, string>): Promise<string> {
  const { root, app } = await packedKit();
  const dir = join(root, name);
  const modules = join(dir, 'node_modules');
  if (!existsSync(modules)) {
    mkdirSync(modules, { recursive: true });
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: `host-${name}`, private: true, type: 'module' })}\n`);
    cpSync(join(app, 'node_modules', 'auth-elements'), join(modules, 'auth-elements'), { recursive: true });
    for (const [pkg, from] of Object.entries(links)) {
      mkdirSync(dirname(join(modules, pkg)), { recursive: true });
      symlinkSync(from, join(modules, pkg), 'dir');
    }
  }
  return dir;
}
