/**
 * The React side of every element (docs/reference/house-style.md#layers), loaded right after the element's first paint
 * (issue 16): it renders the widget into a container of its own in the shadow root, hidden while the
 * first paint shows, and takes over when its screen is there: the first paint's typed values, focus,
 * caret, tab and an early Continue move into React's DOM in one task, so the user sees nothing move
 * and loses nothing typed.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { errorDetail } from '../react-internals/errors.ts';
import type { AuthErrorDetail, AuthEvent } from '../react-internals/events.ts';
import { hostLang } from '../react-internals/i18n/locales.ts';
import { LoginWidget } from '../react-internals/login/LoginWidget.tsx';
import { initialWidgetState, type Screen } from '../react-internals/login/state.ts';
import { preloadFirstScreen } from '../react-internals/preload.ts';
import { resolveStrings } from '../react-internals/widget-strings.ts';
import { forwardError, forwardEvent } from './bridge.ts';
import { type AuthElement, definitionOfElement, internalState, type ReactMount, unpaintElement } from './element.ts';
import { ATTACHED_EVENT, lightRootOf, RenderRoot, useClient } from './host.tsx';

/**
 * The longest the first paint waits for React's screen to match it before React shows anyway
 * (a screen that never matches, e.g. the host changed the products meanwhile, must not stay frozen).
 */
export const HANDOVER_TIMEOUT_MS = 5000;

/** The performance mark set when React's screen has replaced the first paint (`npm run bench:mount`). */
export const REACT_MOUNTED_MARK = 'auth-elements:react-mounted';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The widget's message in place of the form when the config cannot be used. */
function ConfigProblem({ message }: { message: string }) {
  return (
    <div className="ae-root" part="container" data-config-error="">
      <p className="ae-error" part="error" role="alert">
        {message}
      </p>
    </div>
  );
}

/** Calls `onChange` when any `lang` attribute of the document changes (the observer filters on it). */
function watchLang(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
  return () => observer.disconnect();
}

/** The React side of an element: reads its values, owns the client it may create, renders the widget. */
function ElementHost({ element }: { element: AuthElement }) {
  const s = internalState(element);
  useSyncExternalStore(
    useCallback((l: () => void) => element.subscribe(l), [element]),
    () => s.version,
  );
  const def = definitionOfElement(element);
  // The page's language at the element, followed live: a host switching <html lang> (or a wrapper's
  // lang) switches the widget without re-creating it (README "Languages").
  const documentLang = useSyncExternalStore(watchLang, () => hostLang(element));
  const config = s.values.get('config');
  const styles = s.values.get('styles');
  const strings = s.values.get('strings');
  const problem = s.problems.get('config');
  const onEvent = useCallback((e: AuthEvent) => forwardEvent(element, element.callbacks, e), [element]);
  const onError = useCallback((e: AuthErrorDetail) => forwardError(element, element.callbacks, e), [element]);
  const onClientFailure = useCallback((e: unknown) => forwardError(element, element.callbacks, errorDetail(e, resolveStrings(element.strings))), [element]);
  const onScreenChange = useCallback((screen: Screen) => element.setAttribute('data-screen', screen), [element]);
  const { client, pending } = useClient(s.client, problem ? undefined : config, onClientFailure);
  const start = def.start(Object.fromEntries(s.values));
  const shadow = !(isRecord(config) && config['enableShadowDOM'] === false);
  return (
    <RenderRoot host={element} shadowRoot={element.shadowRoot} shadow={shadow} styles={styles}>
      {problem ? (
        <ConfigProblem message={problem.message} />
      ) : pending ? null : (
        <LoginWidget
          key={start.key}
          client={client}
          config={config}
          styles={styles}
          strings={strings}
          documentLang={documentLang}
          onEvent={onEvent}
          onError={onError}
          onScreenChange={onScreenChange}
          initialState={start.screen || start.state ? { ...initialWidgetState(start.screen), ...start.state } : undefined}
          elementOptions={start.options}
        />
      )}
    </RenderRoot>
  );
}

/** The named fields of a tree (inputs, selects, text areas), by name. */
function fieldsByName(root: ParentNode): Map<string, HTMLInputElement> {
  const out = new Map<string, HTMLInputElement>();
  for (const f of root.querySelectorAll<HTMLInputElement>('input[name], select[name], textarea[name]')) if (!out.has(f.name)) out.set(f.name, f);
  return out;
}

/** The `part` names a tree shows, skeletons left out (they stand for what React draws once loaded). */
function partsOf(nodes: readonly Element[]): Set<string> {
  const out = new Set<string>();
  for (const n of nodes) {
    for (const el of [n, ...n.querySelectorAll('[part]')]) {
      // Skeletons stand for what React draws once loaded; a hidden marker (the busy state's) is not drawn at all.
      if (el.closest('[data-skeleton], [hidden]')) continue;
      for (const p of (el.getAttribute('part') ?? '').split(/\s+/)) if (p) out.add(p);
    }
  }
  return out;
}

/** Everything focusable in a tree, in document order, skeletons left out. */
function focusables(nodes: readonly Element[]): HTMLElement[] {
  const selector = 'input, button, select, textarea, a[href], [tabindex]';
  return nodes
    .flatMap((n) => [...(n.matches(selector) ? [n] : []), ...n.querySelectorAll(selector)])
    .filter((e): e is HTMLElement => e instanceof HTMLElement && !e.closest('[data-skeleton]'));
}

/**
 * React's counterpart of a first-paint control: the one at the same place among the focusables that
 * has the same tag and `part` (the two DOMs draw the same controls in the same order), else null.
 */
function counterpart(first: readonly Element[], widget: Element, control: HTMLElement): HTMLElement | null {
  const i = focusables(first).indexOf(control);
  const target = i >= 0 ? focusables([widget])[i] : undefined;
  return target && target.tagName === control.tagName && target.getAttribute('part') === control.getAttribute('part') ? target : null;
}

/** Sets a React-controlled field's value the way typing does, so React's state follows. */
function typeInto(field: HTMLInputElement, value: string): void {
  const proto = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  flushSync(() => {
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/**
 * Mounts the widget's React tree for `el` and, when the element painted a first screen, takes over
 * from it once React's screen shows the same fields and parts. Returns how to unmount.
 */
export function mountReact(el: AuthElement): ReactMount {
  const shadowRoot = el.shadowRoot;
  const s = internalState(el);
  const container = document.createElement('div');
  container.setAttribute('data-ae-react', '');
  // Layout-neutral: the widget's root lays out as if it were the shadow root's child.
  container.style.display = 'contents';
  // While a first paint shows, React renders detached (one widget in the page, for people, screen
  // readers and scripts alike) and enters the shadow root at the handover. Before the first paint's
  // nodes: lit-html's part runs from its marker to the end of the root.
  const attach = (): void => {
    if (container.isConnected) return;
    (shadowRoot ?? el).prepend(container);
    // A light-DOM widget (host.tsx RenderRoot) enters the page now, beside its slot.
    container.dispatchEvent(new Event(ATTACHED_EVENT));
  };
  // In light DOM (enableShadowDOM false) React's widget is in the element's light-DOM wrapper, not in the container.
  const config = s.values.get('config');
  const light = isRecord(config) && config['enableShadowDOM'] === false ? lightRootOf(el) : null;
  const widgetOf = (): Element | null => (light ?? container).querySelector('.ae-root');
  if (!s.paint) attach();
  // The first screen's chunks (its form, the next step, the language pack) load beside React's first render.
  const start = definitionOfElement(el).start(Object.fromEntries(s.values));
  void preloadFirstScreen(s.values.get('config'), {
    ...(start.screen ? { screen: start.screen } : {}),
    ...(hostLang(el) ? { documentLang: hostLang(el) } : {}),
    ...(s.client ? { client: s.client } : {}),
    ...(s.paint?.tab ? { tab: s.paint.tab } : {}),
  });
  const root = createRoot(container);
  root.render(<ElementHost element={el} />);
  let done = false;
  let observer: MutationObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const show = (): void => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    attach();
    performance.mark?.(REACT_MOUNTED_MARK);
  };

  /** The first paint's nodes (what the shadow root holds before React enters it). */
  const painted = (): Element[] => (shadowRoot ? [...shadowRoot.children].filter((c) => c !== container) : []);

  const ready = (): boolean => {
    const widget = widgetOf();
    if (!widget) return false;
    // A message instead of the screen (the config cannot be used, no client): show it at once.
    if (widget.hasAttribute('data-config-error') || widget.querySelector(':scope > .ae-error[role="alert"]')) return true;
    // The screen is final once the project's settings are in (the watermark, the products' options).
    // (The consent screen shows no watermark and moves on by itself: it takes over without waiting.)
    if (widget.querySelector('.ae-loading')) return false;
    if (!widget.hasAttribute('data-bootstrapped') && widget.getAttribute('data-screen') !== 'IDPConsent') return false;
    const first = painted();
    const litRoot = first.find((n) => n.matches('.ae-root')) ?? first[0];
    if (litRoot?.getAttribute('data-screen') && widget.getAttribute('data-screen') !== litRoot.getAttribute('data-screen')) return false;
    // The tab picked in the first paint: React opens it before taking over.
    const litTab = first
      .map((n) => n.querySelector('[role="tab"][aria-selected="true"]'))
      .find(Boolean)
      ?.getAttribute('data-method');
    const reactTab = widget.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (litTab && reactTab && reactTab.getAttribute('data-method') !== litTab) {
      const target = widget.querySelector<HTMLElement>(`[role="tab"][data-method="${CSS.escape(litTab)}"]`);
      if (target) flushSync(() => target.click());
      return false;
    }
    const reactFields = fieldsByName(widget);
    for (const f of first) for (const name of fieldsByName(f).keys()) if (!reactFields.has(name)) return false;
    // A button pressed before React is pressed again on React's own: wait until that one is drawn (a
    // screen's lazy part may still be loading while the frame around it, the watermark, is there).
    const clicked = s.paint?.clicked;
    if (clicked && !counterpart(first, widget, clicked)) return false;
    // Main's lazily loaded rows (OAuth, wallets, the passkey button) are there when their parts are;
    // other screens move on by themselves (a consent screen's error), so only their fields must match.
    if (widget.getAttribute('data-screen') === 'Main') {
      const reactParts = partsOf([widget]);
      for (const p of partsOf(first)) if (!reactParts.has(p)) return false;
    }
    return true;
  };

  const handover = (): void => {
    if (done) return;
    const paint = s.paint;
    const first = painted();
    const litFields = new Map<string, HTMLInputElement>();
    for (const f of first) for (const [k, v] of fieldsByName(f)) litFields.set(k, v);
    const active = shadowRoot?.activeElement ?? null;
    const focusedField = active && [...litFields.values()].includes(active as HTMLInputElement) ? (active as HTMLInputElement) : null;
    let selection: [number, number, 'forward' | 'backward' | 'none'] | null = null;
    // Selection APIs do not apply to type=email (HTML: its caret cannot be read or set by script); there the caret stays at the end.
    if (focusedField && focusedField.selectionStart !== null && focusedField.selectionEnd !== null) {
      selection = [focusedField.selectionStart, focusedField.selectionEnd, focusedField.selectionDirection ?? 'none'];
    }
    const submittedField = paint?.submitted ? [...litFields.values()].find((f) => f.form === paint.submitted) : undefined;
    // Anything else focused (Continue, a tab, a provider button): its place among the focusables, the same in both DOMs.
    const activeIndex = active && !focusedField ? focusables(first).indexOf(active as HTMLElement) : -1;
    const clicked = paint?.clicked;
    const values = [...litFields].map(([name, f]) => [name, f.value] as const);

    unpaintElement(el);
    show();
    const widget = widgetOf();
    if (!widget) return;
    const reactFields = fieldsByName(widget);
    for (const [name, value] of values) {
      const target = reactFields.get(name);
      if (target && target.value !== value) typeInto(target, value);
    }
    if (focusedField) {
      const target = reactFields.get(focusedField.name);
      target?.focus({ preventScroll: true });
      if (target && selection) {
        try {
          target.setSelectionRange(...selection);
        } catch {
          // a field type without selection
        }
      }
    } else if (activeIndex >= 0) {
      focusables([widget])[activeIndex]?.focus({ preventScroll: true });
    }
    if (submittedField) reactFields.get(submittedField.name)?.form?.requestSubmit();
    // Only on the same button (its part): after the time-out React's screen may differ, and a press
    // must never land on another control (the watermark's link, say).
    else if (clicked) counterpart(first, widget, clicked)?.click();
  };

  if (!s.paint) {
    show();
  } else {
    const check = (): void => {
      if (done || !s.paint) {
        if (!done) show();
        return;
      }
      if (ready()) handover();
    };
    observer = new MutationObserver(check);
    observer.observe(container, { childList: true, subtree: true, attributes: true });
    if (light) observer.observe(light, { childList: true, subtree: true, attributes: true });
    timer = setTimeout(() => {
      if (!done) handover();
    }, HANDOVER_TIMEOUT_MS);
  }

  return {
    unmount() {
      observer?.disconnect();
      clearTimeout(timer);
      root.unmount();
      container.remove();
    },
  };
}
