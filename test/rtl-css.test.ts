/**
 * The right-to-left lint (issue 19): the widget mirrors in Arabic through logical CSS properties only
 * (margin-inline-start, inset-inline-end, text-align:start...). A rule or inline style naming a physical
 * side anywhere in the widget's source would stay on the wrong side in a right-to-left locale, so this
 * scans every source file of react-internals/ and elements/ (new files of other branches included).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

/**
 * Physical properties in CSS text, and their camelCase forms in React style objects. The widget's CSS is
 * written minified (`{left:0` / `;right:8px`), which tells a CSS `left` from a TypeScript field named
 * `left` (formatted `left: number`).
 */
export const PHYSICAL =
  /(?:margin|padding|border|inset|scroll-margin|scroll-padding)-(?:left|right)\b|[{;](?:left|right):|(?:text-align|float|clear|transform-origin)\s*:\s*[^;}'"`]*?\b(?:left|right)\b|\b(?:margin|padding|border)(?:Left|Right)\b|\btextAlign\s*:\s*['"](?:left|right)['"]/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|tsx|css)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('widget CSS is direction-neutral (logical properties only)', () => {
  it('the check finds physical properties and passes logical ones', () => {
    for (const bad of ['.a{margin-left:4px}', '.a{right:0}', '.a{text-align:left}', '.a{padding-right:2px}', '{ marginLeft: 4 }', "{ textAlign: 'right' }"]) {
      assert.ok(bad.match(PHYSICAL), bad);
    }
    for (const good of [
      '.a{margin-inline-start:4px;inset-inline-end:0;text-align:start}',
      '.b{transform-origin:0 50%}',
      'const x = { leftover: 1 }',
      'interface T {\n  left: number;\n}',
    ]) {
      assert.equal(good.match(PHYSICAL), null, good);
    }
  });

  it('no file of react-internals/ or elements/ names a left or right side', () => {
    const found = [...sources('react-internals'), ...sources('elements')].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          line.trimStart().startsWith('//') || line.trimStart().startsWith('*') ? [] : (line.match(PHYSICAL) ?? []).map((m) => `${file}:${i + 1}: ${m}`),
        ),
    );
    assert.deepEqual(found, []);
  });
});
