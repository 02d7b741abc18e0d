/** Puts the widget's stylesheets on a shadow root or document (constructable sheets: CSP-safe). */
import { useLayoutEffect, useMemo } from 'react';
import { adoptedSheets, setAdoptedSheets } from '../../sdk-core/dom.ts';
import { rulesSheet, themeSheet } from '../theme.ts';

/**
 * Adopts the shared rules and a theme sheet built from `styles` into `root` while mounted.
 * `hostSelector` names the element carrying the custom properties (`:host` in a shadow root);
 * `scope` prefixes the rules ('' in a shadow root).
 */
export function useWidgetStyles(root: Document | ShadowRoot | null, hostSelector: string, scope: string, styles: unknown): void {
  // Rebuild the theme only when the styles' content changes, not on each new object identity.
  const key = JSON.stringify(styles ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `styles`.
  const theme = useMemo(() => themeSheet(hostSelector, styles), [hostSelector, key]);
  useLayoutEffect(() => {
    if (!root) return;
    const rules = rulesSheet(scope);
    // Layout effect: sheets are in place before the first paint, so the widget never flashes unstyled.
    // The shared rules sheet is added once per root and left there: other widgets in the same
    // document may use it, and it only styles .ae-* classes inside widgets.
    // Through the prototype (sdk-core/dom.ts): in light DOM `root` is the host's document.
    const current = adoptedSheets(root);
    setAdoptedSheets(root, current.includes(rules) ? [...current, theme] : [...current, rules, theme]);
    return () => {
      setAdoptedSheets(
        root,
        adoptedSheets(root).filter((s) => s !== theme),
      );
    };
  }, [root, scope, theme]);
}
