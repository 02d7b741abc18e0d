/**
 * Rules only the passkey screens use (the Existing Passkeys list). They ship in the passkey chunk and
 * are adopted as a constructable sheet (CSP-safe, DESIGN §3) into the widget's root: its shadow root,
 * or the document in light-DOM mode.
 */
import { type RefObject, useLayoutEffect } from 'react';
import { adoptSheet } from '../../sdk-core/dom.ts';
import { withTokenFallbacks } from '../theme.ts';

const RULES = `
.ae-pk-list{margin:0;padding:0;list-style:none;display:flex;flex-direction:column;gap:8px}
.ae-pk-item{display:flex;flex-direction:column;gap:8px;padding:12px;border:1px solid var(--auth-container-border);border-radius:var(--auth-input-radius)}
.ae-pk-item[data-pending-delete]{border-color:var(--auth-color-error)}
.ae-pk-name{font-size:16px;font-weight:600;overflow-wrap:anywhere}
.ae-pk-actions{display:flex;gap:16px;align-items:center;flex-wrap:wrap}
.ae-pk-rename{display:flex;flex-direction:column;gap:8px}
`;

let sheet: CSSStyleSheet | null = null;

/** Adopts the passkey rules into the root node of `ref`'s element (once per root; inert elsewhere). */
export function usePasskeyStyles(ref: RefObject<Element | null>): void {
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (!(root instanceof ShadowRoot || root instanceof Document)) return;
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(withTokenFallbacks(RULES));
    }
    adoptSheet(root, sheet);
  }, [ref]);
}
