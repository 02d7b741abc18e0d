/**
 * What a host gets from `npm install auth-elements`: the kit alone (no dependency: every bundle is
 * self-contained, and React is an optional peer of the React build only), and a tarball holding
 * dist/ (bundles, declarations, custom-elements.json, editor data), package.json, README and LICENSE.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { packedKit, repo } from './packed.ts';

const BARE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"'./][^"']*)["']/g;

describe('the packed kit', () => {
  it('installs as one package with no dependencies', async () => {
    const { install, app } = await packedKit();
    assert.deepEqual(install.packages, ['auth-elements']);
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules/auth-elements/package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(manifest['dependencies'], undefined);
    assert.equal(manifest['private'], undefined);
    assert.deepEqual(manifest['peerDependenciesMeta'], { react: { optional: true }, 'react-dom': { optional: true } });
    // A guard against a server dependency creeping back, or a build's shared chunks a copy again:
    // 2.3 MB today (README, "installs alone"): 1.8 MB before issue 30's fifth element and the translated
    // password feedback, which each build (script tag, package, React) carries in its own chunks.
    assert.ok(install.bytes < 2_500_000, `installed size ${install.bytes} B`);
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

/** The repository's web address, from the published package.json's `repository` (`git+https://….git`). */
function repositoryBase(manifest: { repository?: { url?: string } }): string {
  return (manifest.repository?.url ?? '').replace(/^git\+/, '').replace(/\.git$/, '');
}

/** Every link target of a Markdown text outside fenced code: `[text](target)`, `![alt](target)`, `[ref]: target`, HTML src/href. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [
    ...[...prose.matchAll(/!?\[[^\]\n]*\]\(([^)\s]+)[^)]*\)/g)].map((m) => m[1]!),
    ...[...prose.matchAll(/^\s*\[[^\]\n]+\]:\s*(\S+)/gm)].map((m) => m[1]!),
    ...[...prose.matchAll(/<(?:img|a|source)\s[^>]*?(?:src|href)="([^"]+)"/g)].map((m) => m[1]!),
  ];
}

describe('one copy of what the builds share', () => {
  it('no two JavaScript files of the tarball are the same bytes (shared chunks are in dist/shared/, once)', async () => {
    const { pack, app } = await packedKit();
    const dir = join(app, 'node_modules/auth-elements');
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const f of pack.files.filter((p) => p.endsWith('.js'))) {
      const key = createHash('sha256')
        .update(readFileSync(join(dir, f)))
        .digest('hex');
      const first = seen.get(key);
      if (first !== undefined && readFileSync(join(dir, f)).length > 100) twice.push(`${first} = ${f}`);
      else seen.set(key, f);
    }
    assert.deepEqual(twice, []);
    // React (bundled by the script tag's and the package entry's builds) is one of them.
    assert.ok(
      pack.files.some((f) => /^dist\/shared\/react-[^/]+\.js$/.test(f)),
      'dist/shared/react-*.js',
    );
  });
});

/** The script tag's public API (src/auth-elements.ts): the elements' side of the package entry. */
const SCRIPT_TAG_API = [
  'AUTH_ELEMENTS',
  'AUTH_ELEMENT_DEFINITIONS',
  'AUTH_ERROR',
  'AUTH_EVENT',
  'AuthElement',
  'AuthIDPConsentElement',
  'AuthLoginElement',
  'AuthPasskeyRegistrationElement',
  'AuthResetPasswordElement',
  'AuthUserProfileElement',
  'IDP_CONSENT_TAG',
  'LOGIN_TAG',
  'MISSING_CLIENT_REPORT_MS',
  'PASSKEY_REGISTRATION_TAG',
  'RESET_PASSWORD_TAG',
  'THEME_TOKENS',
  'USER_PROFILE_TAG',
  'createAuthElement',
  'darkTheme',
  'defineAuthElements',
  'defineIdentityProvider',
  'defineLogin',
  'definePasskeyRegistration',
  'defineResetPassword',
  'defineUserProfile',
  'mountIdentityProvider',
  'mountLogin',
  'mountPasskeyRegistration',
  'mountResetPassword',
  'mountUserProfile',
];

describe('the script tag (dist/auth-elements.js)', () => {
  it('exports its public API, and its lazy chunks one frozen object of internals, no minified names', async () => {
    const { app } = await packedKit();
    // In a Node process of the host project (defining is a no-op without a DOM), as a server would import it.
    const r = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "const m = await import('auth-elements/auth-elements.js'); console.log(JSON.stringify(Object.keys(m)));"],
      {
        cwd: app,
        encoding: 'utf8',
      },
    );
    assert.equal(r.status, 0, r.stderr);
    const names = JSON.parse(r.stdout) as string[];
    assert.deepEqual(names.filter((n) => n !== '__authElementsInternals').sort(), [...SCRIPT_TAG_API].sort());
    assert.ok(names.includes('__authElementsInternals'), 'the handoff to the lazy chunks');
  });
});

describe("the package's registry page", () => {
  it('package.json names the repository, its home page and where bugs go', async () => {
    const { app } = await packedKit();
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules/auth-elements/package.json'), 'utf8')) as {
      repository?: { type?: string; url?: string };
      homepage?: string;
      bugs?: { url?: string };
    };
    assert.equal(manifest.repository?.type, 'git');
    const base = repositoryBase(manifest);
    assert.match(base, /^https:\/\/[^/]+\/[^/]+\/[^/]+$/);
    assert.equal(manifest.homepage, `${base}#readme`);
    assert.equal(manifest.bugs?.url, `${base}/issues`);
  });

  it('the published README has no relative link: each is absolute, and each into the repository names a file that exists', async () => {
    const { app } = await packedKit();
    const dir = join(app, 'node_modules/auth-elements');
    const base = repositoryBase(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { repository?: { url?: string } });
    const targets = linkTargets(readFileSync(join(dir, 'README.md'), 'utf8'));
    assert.ok(targets.length > 20, `${targets.length} links`);
    const relative = targets.filter((t) => !/^(https?:|mailto:|#)/.test(t));
    assert.deepEqual(relative, [], 'relative links do not resolve on the registry page');
    for (const t of targets.filter((t) => t.startsWith(`${base}/`))) {
      const m = /^\/(?:blob|raw|tree)\/main\/([^#?]*)/.exec(t.slice(base.length));
      assert.ok(m, `${t}: a file or folder of the main branch`);
      assert.ok(existsSync(join(repo, m[1]!)), `${t}: ${m[1]} is not in the repository`);
    }
  });
});
