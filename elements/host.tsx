/**
 * The React side every Auth Elements element shares: the client it may own, and the render root
 * (shadow DOM by default, or a light-DOM wrapper with scoped styles).
 */
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { createElement } from '../sdk-core/dom.ts';
import { type AuthClient, createClient } from '../sdk-core/index.ts';
import { StyleRootContext, StyleScopeContext } from '../react-internals/components/chunk-styles.ts';
import { useWidgetStyles } from '../react-internals/components/styles.ts';
import { LIGHT_SCOPE } from '../react-internals/theme.ts';

/**
 * The client to use: the host's `client` property, else one created from config.publicToken
 * (and config.apiBaseUrl), owned by the element and destroyed when it unmounts.
 * `pending` is true while the owned client is being created (render nothing rather than flash).
 */
export function useClient(given: AuthClient | undefined, config: unknown, onFailure: (e: unknown) => void): { client: AuthClient | null; pending: boolean } {
  const c = typeof config === 'object' && config !== null ? (config as Record<string, unknown>) : {};
  const token = !given && typeof c['publicToken'] === 'string' ? c['publicToken'] : undefined;
  const base = typeof c['apiBaseUrl'] === 'string' ? c['apiBaseUrl'] : undefined;
  const [owned, setOwned] = useState<{ token: string; base: string | undefined; client: AuthClient } | null>(null);
  useEffect(() => {
    if (!token) return;
    let client: AuthClient;
    try {
      client = createClient(token, base ? { apiBaseUrl: base } : {});
    } catch (e) {
      onFailure(e);
      return;
    }
    setOwned({ token, base, client });
    return () => {
      client.destroy();
      setOwned((cur) => (cur?.client === client ? null : cur));
    };
    // onFailure must be stable (useCallback), or the client would be re-created each render.
  }, [token, base, onFailure]);
  if (given) return { client: given, pending: false };
  if (!token) return { client: null, pending: false };
  const match = owned && owned.token === token && owned.base === base ? owned.client : null;
  return { client: match, pending: match === null };
}

let nextInstanceId = 0;

const lightRoots = new WeakMap<HTMLElement, HTMLElement>();
/** The light-DOM wrapper `host`'s widget renders into when enableShadowDOM is false (one per element). */
export function lightRootOf(host: HTMLElement): HTMLElement {
  let div = lightRoots.get(host);
  if (!div) {
    div = createElement('div');
    div.setAttribute('data-ae-light', '');
    lightRoots.set(host, div);
  }
  return div;
}

/** Dispatched by react-host.tsx on React's container when it enters the shadow root (after a first paint). */
export const ATTACHED_EVENT = 'ae-attached';

/**
 * Renders `children` in the element's shadow root (default) or, with `shadow` false, in a light-DOM
 * wrapper inside the element (slotted through the shadow root) with scoped styles on the document.
 */
export function RenderRoot(props: { host: HTMLElement; shadowRoot: ShadowRoot | null; shadow: boolean; styles: unknown; children: ReactNode }) {
  const { host, shadowRoot, shadow } = props;
  const [id] = useState(() => String(++nextInstanceId));
  const [lightRoot] = useState(() => lightRootOf(host));
  const slotRef = useRef<HTMLSlotElement>(null);
  const [docRoot, setDocRoot] = useState<Document | ShadowRoot | null>(null);
  useLayoutEffect(() => {
    if (shadow) return;
    const enter = (): void => {
      host.setAttribute('data-ae-id', id);
      host.appendChild(lightRoot);
      const root = host.getRootNode() as Document | ShadowRoot;
      // At the handover (an event, outside React's commit): the sheets are adopted before the page draws it unstyled.
      if (detached) flushSync(() => setDocRoot(root));
      else setDocRoot(root);
    };
    // While the first paint shows (in the shadow root), React renders detached: the light-DOM widget
    // enters the page with it at the handover, so the page never holds two widgets.
    const container = slotRef.current?.parentNode;
    const detached = slotRef.current !== null && !slotRef.current.isConnected;
    if (detached) container?.addEventListener(ATTACHED_EVENT, enter, { once: true });
    else enter();
    return () => {
      container?.removeEventListener(ATTACHED_EVENT, enter);
      lightRoot.remove();
      host.removeAttribute('data-ae-id');
    };
  }, [shadow, host, id, lightRoot]);
  // Exactly one of these two adopts anything, depending on the mode.
  useWidgetStyles(shadow ? shadowRoot : null, ':host', '', props.styles);
  useWidgetStyles(shadow ? null : docRoot, `:where([data-ae-id="${id}"])`, LIGHT_SCOPE, props.styles);
  if (shadow) return <StyleRootContext.Provider value={shadowRoot}>{props.children}</StyleRootContext.Provider>;
  return (
    <>
      <slot ref={slotRef} />
      {createPortal(
        <StyleRootContext.Provider value={docRoot}>
          <StyleScopeContext.Provider value={LIGHT_SCOPE}>{props.children}</StyleScopeContext.Provider>
        </StyleRootContext.Provider>,
        lightRoot,
      )}
    </>
  );
}
