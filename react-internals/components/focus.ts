/**
 * Moves focus to an element the widget has just shown. While the element's first paint shows, the
 * React tree renders detached (issue 16) and a focus() there does nothing: the move is kept and
 * made once the tree is in the page (the handover), unless the user has put focus somewhere since.
 */

/** How long a kept focus move waits for its element to be in the page. */
const WAIT_MS = 10_000;

/** Focuses `el` now if it is in the page, else once it is (bounded). */
export function focusWhenShown(el: HTMLElement | null | undefined): void {
  if (!el) return;
  if (el.isConnected) {
    el.focus();
    return;
  }
  const until = Date.now() + WAIT_MS;
  const later = (): void => {
    if (el.isConnected) {
      // Not over the user's own focus (restored at the handover, or moved since).
      const root = el.getRootNode();
      const inWidget = root instanceof ShadowRoot ? root.activeElement : null;
      const active = document.activeElement;
      const elsewhere = active && active !== document.body && !(root instanceof ShadowRoot && active === root.host);
      if (!inWidget && !elsewhere) el.focus();
      return;
    }
    if (Date.now() < until) requestAnimationFrame(later);
  };
  requestAnimationFrame(later);
}
