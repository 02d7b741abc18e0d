/**
 * lit-html's `html` without the source's line breaks between tags: React renders no whitespace
 * text nodes, and one between inline boxes (a field and its hint) would add a line box and move
 * what follows. A line break inside a tag becomes one space. Each template's strings are processed
 * once and kept, so lit's template cache (keyed by the strings array) still works.
 */
import { html as litHtml, type TemplateResult } from 'lit-html';

const processed = new WeakMap<TemplateStringsArray, TemplateStringsArray>();

const squeeze = (s: string) =>
  s
    .replace(/>\s*\n\s*/g, '>')
    .replace(/\s*\n\s*</g, '<')
    .replace(/\s*\n\s*/g, ' ');

/** The `html` tag of these templates (lit-html's, whitespace between tags removed). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): TemplateResult {
  let done = processed.get(strings);
  if (!done) {
    const cooked = strings.map(squeeze);
    // lit accepts only arrays with `raw`, like a template literal's (its guard against forged templates).
    done = Object.assign(cooked, { raw: strings.raw.map(squeeze) }) as unknown as TemplateStringsArray;
    processed.set(strings, done);
  }
  return litHtml(done, ...values);
}
