/**
 * Rules only a lazily loaded chunk uses (the password screens' toggle and strength bar, the passkey
 * list): they ship in that chunk and are adopted as a constructable sheet (CSP-safe, docs/reference/security.md#widget) into
 * the widget's root: its shadow root, or the document in light-DOM mode.
 */
import { createContext, type RefObject, useContext, useLayoutEffect } from 'react';
import { adoptSheet } from '../../sdk-core/dom.ts';
import { withTokenFallbacks } from '../theme.ts';

// One sheet per rule text, shared by every widget on the page (a sheet may be adopted by many roots).
const sheets = new Map<string, CSSStyleSheet>();

/**
 * The root the widget's sheets go to (the element's shadow root, or the document in light-DOM mode),
 * given by the element: while a first paint shows, the widget renders detached (issue 16), where an
 * element's own root node is not yet that root.
 */
export const StyleRootContext = createContext<Document | ShadowRoot | null>(null);

/**
 * The selector the widget's rules are scoped under: '' in a shadow root; theme.ts LIGHT_SCOPE in light
 * DOM (elements/host.tsx), where the chunks' rules need the same scope to keep their order against the
 * shared rules.
 */
export const StyleScopeContext = createContext('');

/** Adopts `rules` into the widget's root (once per root; they only style .ae-* classes). */
export function useChunkStyles(ref: RefObject<Element | null>, rules: string): void {
  const given = useContext(StyleRootContext);
  const scope = useContext(StyleScopeContext);
  useLayoutEffect(() => {
    const root = given ?? ref.current?.getRootNode();
    if (!(root instanceof ShadowRoot || root instanceof Document)) return;
    const key = `${scope}\n${rules}`;
    let sheet = sheets.get(key);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      // In light DOM the rules nest under the scope (CSS nesting: each selector gains the scope's specificity).
      sheet.replaceSync(scope ? `${scope}{${withTokenFallbacks(rules)}}` : withTokenFallbacks(rules));
      sheets.set(key, sheet);
    }
    adoptSheet(root, sheet);
  }, [given, scope, ref, rules]);
}
