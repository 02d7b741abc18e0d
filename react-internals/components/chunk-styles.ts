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

/** Adopts `rules` into the widget's root (once per root; they only style .ae-* classes). */
export function useChunkStyles(ref: RefObject<Element | null>, rules: string): void {
  const given = useContext(StyleRootContext);
  useLayoutEffect(() => {
    const root = given ?? ref.current?.getRootNode();
    if (!(root instanceof ShadowRoot || root instanceof Document)) return;
    let sheet = sheets.get(rules);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(withTokenFallbacks(rules));
      sheets.set(rules, sheet);
    }
    adoptSheet(root, sheet);
  }, [given, ref, rules]);
}
