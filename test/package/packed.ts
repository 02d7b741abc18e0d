/**
 * The packed kit the package tests run against: the tarball `npm pack` made and the empty host
 * project it was installed into (scripts/pack-app.mjs). `npm test` packs once and hands the result
 * over in AE_PACK_INFO; a test file run alone packs for itself.
 */
import { readFileSync } from 'node:fs';
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
