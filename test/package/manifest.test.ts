/**
 * The documentation cannot drift from the code: the Custom Elements Manifest in the packed tarball
 * is the one the element table makes; the parts table lists exactly the `part` names the components
 * render; the texts cover exactly the table's properties; the README's reference tables are current.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { AUTH_ELEMENT_DEFINITIONS, COMMON_PROPERTIES } from '../../elements/definitions.ts';
import { ELEMENT_DOCS } from '../../elements/definitions-docs.ts';
import { PARTS } from '../../react-internals/parts.ts';
import { THEME_TOKENS } from '../../react-internals/theme.ts';
import { buildManifest, cssCustomData, htmlCustomData } from '../../scripts/custom-elements.ts';
import { withTables } from '../../scripts/readme-tables.ts';
import { packedKit, repo } from './packed.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith('.tsx') && !p.includes('.test.') ? [p] : [];
  });
}

/** Every part token the components write: literal names, and `prefix-` for template parts (`toast-${kind}`). */
function renderedParts(): { names: Set<string>; prefixes: Set<string> } {
  const names = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of [...sources(join(repo, 'react-internals')), ...sources(join(repo, 'elements'))]) {
    const code = readFileSync(file, 'utf8');
    // A shared component's default part (`{ part = 'heading' }` in Heading.tsx) is rendered too.
    for (const m of code.matchAll(/\bpart = '([^']*)'/g)) for (const token of m[1]!.split(/\s+/).filter(Boolean)) names.add(token);
    // part="a b", part={`a b-${x}`}, part={cond ? 'a' : 'b'}
    for (const m of code.matchAll(/\bpart=(?:"([^"]*)"|\{`([^`]*)`\}|\{([^}`]*)\})/g)) {
      const texts = m[1] !== undefined ? [m[1]] : m[2] !== undefined ? [m[2]] : [...m[3]!.matchAll(/'([^']*)'/g)].map((t) => t[1]!);
      for (const text of texts) {
        for (const token of text.split(/\s+/).filter(Boolean)) {
          if (token.includes('${')) prefixes.add(token.slice(0, token.indexOf('${')));
          else names.add(token);
        }
      }
    }
  }
  return { names, prefixes };
}

describe('documentation from the code', () => {
  it('the parts table lists exactly the part names the components render', () => {
    const { names, prefixes } = renderedParts();
    const table = Object.keys(PARTS);
    for (const name of names) assert.ok(table.includes(name), `part "${name}" is rendered but not in react-internals/parts.ts`);
    for (const name of table) {
      const rendered = names.has(name) || [...prefixes].some((p) => p !== '' && name.startsWith(p));
      assert.ok(rendered, `part "${name}" is in react-internals/parts.ts but never rendered`);
    }
    for (const p of prefixes)
      assert.ok(
        table.some((name) => name.startsWith(p)),
        `template part "${p}…" has no entry`,
      );
  });

  it('the element texts cover exactly the properties of the table', () => {
    for (const def of AUTH_ELEMENT_DEFINITIONS) {
      const doc = ELEMENT_DOCS[def.tag];
      assert.ok(doc, def.tag);
      assert.deepEqual(Object.keys(doc.properties).sort(), [...COMMON_PROPERTIES, ...def.properties].map((p) => p.name).sort(), def.tag);
    }
  });

  it('the packed custom-elements.json and editor data are the ones the tables make', async () => {
    const { app } = await packedKit();
    const dir = join(app, 'node_modules/auth-elements');
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { customElements: string };
    const shipped = JSON.parse(readFileSync(join(dir, pkg.customElements), 'utf8'));
    const manifest = buildManifest();
    assert.deepEqual(shipped, JSON.parse(JSON.stringify(manifest)));
    assert.deepEqual(JSON.parse(readFileSync(join(dir, 'dist/vscode.html-custom-data.json'), 'utf8')), JSON.parse(JSON.stringify(htmlCustomData(manifest))));
    assert.deepEqual(JSON.parse(readFileSync(join(dir, 'dist/vscode.css-custom-data.json'), 'utf8')), JSON.parse(JSON.stringify(cssCustomData())));
    const login = manifest.modules[0]!.declarations.find((d) => d.tagName === 'auth-login')!;
    assert.deepEqual(
      login.members.map((m) => m.name),
      ['config', 'styles', 'strings', 'callbacks', 'client'],
    );
    assert.deepEqual(
      login.attributes.map((a) => a.name),
      ['config', 'styles', 'strings', 'data-screen'],
    );
    assert.deepEqual(
      login.events.map((e) => e.name),
      ['auth-event', 'auth-error'],
    );
    assert.equal(login.cssParts.length, Object.keys(PARTS).length);
    assert.deepEqual(
      login.cssProperties.map((p) => p.name),
      Object.keys(THEME_TOKENS),
    );
    const reset = manifest.modules[0]!.declarations.find((d) => d.tagName === 'auth-reset-password')!;
    assert.ok(reset.attributes.some((a) => a.name === 'password-reset-token' && 'fieldName' in a && a.fieldName === 'passwordResetToken'));
    assert.deepEqual(
      manifest.modules[1]!.exports.map((e) => e.name),
      ['auth-login', 'auth-reset-password', 'auth-passkey-registration', 'auth-idp-consent', 'auth-user-profile'],
    );
  });

  it("the README's token, part, dark-theme and event tables are current (node --import tsx scripts/readme-tables.ts --write)", () => {
    const readme = readFileSync(join(repo, 'README.md'), 'utf8');
    assert.equal(withTables(readme), readme);
  });
});
