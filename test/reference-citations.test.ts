/**
 * Comments cite the contract the repository holds (docs/reference/), never a section of a document it
 * does not hold (the former SPEC.md and DESIGN.md). Fails on any `SPEC §2` / `DESIGN 3` / `SPEC.md`
 * citation left in a source file (scripts/cite-reference.mjs rewrites them), on a cited
 * `docs/reference/...` page or `#anchor` that does not exist, and on a broken link inside the
 * reference pages themselves. Scans every tracked or new source file, so other branches' files count too.
 * `node scripts/cite-reference.mjs` fixes most failures (it also repairs a citation of a missing page or heading).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { anchorsOf as anchorsOfText, rewrite, sourceFiles } from '../scripts/cite-reference.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const REF = 'docs/reference';
const files = sourceFiles(ROOT);
/** GitHub's anchors of a Markdown file's headings (the script's rule, one definition). */
const anchorsOf = (path: string): Set<string> => anchorsOfText(readFileSync(path, 'utf8'));

const anchorCache = new Map<string, Set<string>>();
/** Why `path#anchor` (repository-relative) does not resolve, or null when it does. */
function brokenTarget(path: string, anchor: string | undefined): string | null {
  const full = join(ROOT, path);
  if (!existsSync(full)) return `no file ${path}`;
  if (!anchor || !path.endsWith('.md')) return null;
  let anchors = anchorCache.get(path);
  if (!anchors) {
    anchors = anchorsOf(full);
    anchorCache.set(path, anchors);
  }
  return anchors.has(anchor) ? null : `no heading #${anchor} in ${path}`;
}

/** Lines of `text` matching `re`, as `file:line: match`. */
function hits(file: string, text: string, re: RegExp): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(re)) out.push(`${file}:${i + 1}: ${m[0]}`);
  });
  return out;
}

describe('reference citations', () => {
  it('finds the source files to check', () => {
    assert.ok(files.length > 100, `only ${files.length} source files found`);
    for (const layer of ['sdk-core/', 'react-internals/', 'elements/', 'server/'])
      assert.ok(
        files.some((f) => f.startsWith(layer)),
        `no file under ${layer}`,
      );
  });

  it('the rewrite picks the page by section, folder and topic, and is idempotent', () => {
    const cases: [string, string, string][] = [
      ['server/otps/routes.ts', '// wrong code (SPEC §8).', '// wrong code (docs/reference/methods/otps.md#errors).'],
      ['react-internals/passkeys/screens.tsx', '/** Start (SPEC §2). */', '/** Start (docs/reference/methods/webauthn.md#screens). */'],
      ['elements/mount.ts', '// SPEC §2 "Main screen" tabs', '// docs/reference/elements/auth-login.md#main-screen "Main screen" tabs'],
      ['sdk-core/schemas/defaults.ts', '/** SPEC §9: toast durations. */', '/** docs/reference/constants.md#widget: toast durations. */'],
      ['server/app.ts', '// DNS rebinding (DESIGN 3).', '// DNS rebinding (docs/reference/security.md#host-and-transport).'],
      ['sdk-core/http.ts', '// (DESIGN §2 error body)', '// (docs/reference/wire-protocol.md#error-bodies error body)'],
      ['react-internals/idp/flow.ts', '// (SPEC §3 / §9)', '// (docs/reference/methods/idp.md#data, docs/reference/constants.md#identity-provider)'],
      ['react-internals/strings.ts', '// Quoted SPEC texts are verbatim.', '// Quoted reference texts are verbatim.'],
      ['server/x.ts', '// see docs/reference/methods/otp.md#nope', '// see docs/reference/methods/otps.md'],
      ['server/x.ts', '// RFC 7636 §4.3 stays', '// RFC 7636 §4.3 stays'],
    ];
    for (const [file, before, after] of cases) {
      const once = rewrite(before, file).text;
      assert.equal(once, after, `${file}: ${before}`);
      assert.equal(rewrite(once, file).text, once, `idempotent: ${after}`);
    }
  });

  it('no file cites a section of a document the repository does not hold (SPEC / DESIGN)', () => {
    // `SPEC §2`, `SPEC 8`, `DESIGN.md section 2`, `SPEC.md`, and the bare words ("the SPEC texts").
    const forbidden = /\b(?:SPEC|DESIGN)\b(?!_)(?:\.md)?(?:\s?§\s?\d+|\s+section\s+\d+|\s+\d+)?/g;
    const found = files.flatMap((f) => hits(f, readFileSync(join(ROOT, f), 'utf8'), forbidden));
    assert.deepEqual(found, [], `run node scripts/cite-reference.mjs:\n${found.join('\n')}`);
  });

  it('every cited docs/reference page and anchor exists', () => {
    const cite = /\bdocs\/reference\/([\w./-]*\.md)(?:#([\w-]+))?/g;
    const broken: string[] = [];
    let count = 0;
    for (const f of files) {
      const text = readFileSync(join(ROOT, f), 'utf8');
      text.split('\n').forEach((line, i) => {
        for (const m of line.matchAll(cite)) {
          count++;
          const why = brokenTarget(`${REF}/${m[1]}`, m[2]);
          if (why) broken.push(`${f}:${i + 1}: ${m[0]} (${why})`);
        }
      });
    }
    assert.deepEqual(broken, []);
    assert.ok(count > 0, 'no citation of docs/reference found');
  });

  it('every link inside docs/reference resolves to a file and heading of the repository', () => {
    const pages = [
      'README.md',
      'wire-protocol.md',
      'errors.md',
      'constants.md',
      'security.md',
      'config.md',
      'sdk.md',
      'house-style.md',
      ...['otps', 'magic-links', 'passwords', 'webauthn', 'oauth', 'crypto-wallets', 'totps', 'impersonation', 'idp', 'b2b', 'rbac', 'users', 'sessions'].map(
        (m) => `methods/${m}.md`,
      ),
      ...['auth-login', 'auth-reset-password', 'auth-passkey-registration', 'auth-idp-consent', 'user-profile'].map((e) => `elements/${e}.md`),
    ].map((p) => `${REF}/${p}`);
    const broken: string[] = [];
    for (const page of pages) {
      assert.ok(existsSync(join(ROOT, page)), `missing page ${page}`);
      const text = readFileSync(join(ROOT, page), 'utf8');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const link = m[1] ?? '';
        if (/^[a-z]+:/.test(link)) continue;
        const [path = '', anchor] = link.split('#');
        const target = path
          ? normalize(join(dirname(page), path))
              .split('\\')
              .join('/')
          : page;
        const why = brokenTarget(target, anchor);
        if (why) broken.push(`${page}: ${link} (${why})`);
      }
    }
    assert.deepEqual(broken, []);
  });
});
