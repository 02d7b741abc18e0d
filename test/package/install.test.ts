/**
 * What a host gets from `npm install auth-elements`: the kit alone (no dependency: every bundle is
 * self-contained, and React is an optional peer of the React build only), and a tarball holding
 * dist/ (bundles, declarations, custom-elements.json, editor data), package.json, README and LICENSE.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { packedKit } from './packed.ts';

const BARE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"'./][^"']*)["']/g;

describe('the packed kit', () => {
  it('installs as one package with no dependencies', async () => {
    const { install, app } = await packedKit();
    assert.deepEqual(install.packages, ['auth-elements']);
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules/auth-elements/package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(manifest['dependencies'], undefined);
    assert.equal(manifest['private'], undefined);
    assert.deepEqual(manifest['peerDependenciesMeta'], { react: { optional: true }, 'react-dom': { optional: true } });
    // A guard against a server dependency creeping back: about 1 MB today.
    assert.ok(install.bytes < 3_000_000, `installed size ${install.bytes} B`);
  });

  it('ships dist/ (bundles, declarations, manifest, editor data), package.json, README and LICENSE, nothing else', async () => {
    const { pack } = await packedKit();
    const outside = pack.files.filter((f) => !f.startsWith('dist/') && !['package.json', 'README.md', 'LICENSE'].includes(f));
    assert.deepEqual(outside, []);
    for (const f of ['LICENSE', 'README.md', 'dist/custom-elements.json', 'dist/vscode.html-custom-data.json', 'dist/vscode.css-custom-data.json']) {
      assert.ok(pack.files.includes(f), f);
    }
    assert.deepEqual(
      pack.files.filter((f) => f.endsWith('.map') || (f.endsWith('.ts') && !f.endsWith('.d.ts'))),
      [],
      'no source maps, no sources',
    );
  });

  it('has a file for every export and a declaration for every JS export', async () => {
    const { pack, app } = await packedKit();
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules/auth-elements/package.json'), 'utf8')) as {
      exports: Record<string, string | { types: string; default: string }>;
    };
    for (const [path, target] of Object.entries(manifest.exports)) {
      const files = typeof target === 'string' ? [target] : [target.types, target.default];
      if (typeof target !== 'string') assert.ok(target.types.endsWith('.d.ts'), `${path} has types`);
      for (const f of files) {
        const rel = f.replace(/^\.\//, '');
        assert.ok(rel === 'package.json' || pack.files.includes(rel), `${path} -> ${f} is in the tarball`);
      }
    }
  });

  it('imports nothing bare but React, and React only from the React build', async () => {
    const { pack, app } = await packedKit();
    const dir = join(app, 'node_modules/auth-elements');
    for (const f of pack.files.filter((p) => p.endsWith('.js'))) {
      const code = readFileSync(join(dir, f), 'utf8');
      assert.ok(!code.includes('sourceMappingURL'), `${f}: no link to an unshipped source map`);
      const bare = [...code.matchAll(BARE_IMPORT)].map((m) => m[1]!);
      if (f === 'dist/react.js' || f.startsWith('dist/react-chunks/')) {
        for (const b of bare) assert.match(b, /^(react|react-dom)(\/(client|jsx-runtime))?$/, `${f} imports ${b}`);
      } else {
        assert.deepEqual(bare, [], `${f} imports ${bare.join(', ')}`);
      }
    }
  });
});
