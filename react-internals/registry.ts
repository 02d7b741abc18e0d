/**
 * The method chunks the widget has loaded (issue 16: all the JS of an email-passcode sign-in). Every
 * method's entry (methods.ts) is read at once; the rest of a method (its screens, reducer steps,
 * texts, Main's forms and groups: `UiMethod`) loads when the config's products or the start screen
 * use it, with the methods it declares in `uses`. The shell reads only loaded methods, so a widget
 * never shows a form, text or screen of a method it has not loaded.
 */
import { isRecord, listOf } from './config-parse.ts';
import type { LoadedUiMethod, UiMethodEntry } from './method.ts';
import { UI_METHODS } from './methods.ts';

const REGISTERED: readonly UiMethodEntry[] = UI_METHODS;
const PRODUCTS: readonly string[] = REGISTERED.flatMap((m) => m.products);
const loaded = new Map<string, LoadedUiMethod>();
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;
let list: readonly LoadedUiMethod[] = [];

/** The loaded methods, in the registry's (docs/reference/config.md#products) order. */
export function loadedUiMethods(): readonly LoadedUiMethod[] {
  return list;
}

/** Changes each time a method loads (memo keys of what is assembled from the loaded methods). */
export function registryVersion(): number {
  return version;
}

/** Calls `onChange` when a method loads; returns how to stop. */
export function subscribeRegistry(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The method that owns `screen` (its entry's `screenNames`), if any. */
export function ownerOfScreen(screen: string): UiMethodEntry | undefined {
  return REGISTERED.find((m) => (m.screenNames as readonly string[]).includes(screen));
}

/**
 * The methods a widget needs for this config (anything, as the host gives it) and start screen: those
 * serving its products (default `['otp']`, as config.ts reads them), the start screen's owner, and what
 * each declares in `uses`.
 */
export function uiMethodsFor(config: unknown, screen = 'Main'): UiMethodEntry[] {
  const c = isRecord(config) ? config : {};
  const products: readonly string[] = listOf(c['products'], PRODUCTS) ?? ['otp'];
  const names = new Set<string>();
  const add = (m: UiMethodEntry | undefined): void => {
    if (!m || names.has(m.name)) return;
    names.add(m.name);
    for (const used of m.uses ?? []) add(REGISTERED.find((r) => r.name === used));
  };
  for (const m of REGISTERED) if (m.products.some((p) => products.includes(p))) add(m);
  add(ownerOfScreen(screen));
  return REGISTERED.filter((m) => names.has(m.name));
}

/** True when every one of `methods` is loaded. */
export function uiMethodsLoaded(methods: readonly UiMethodEntry[]): boolean {
  return methods.every((m) => loaded.has(m.name));
}

/**
 * Loads `methods`' chunks (each once; concurrent calls share the load). Rejects when a chunk cannot
 * be fetched; the next call tries again.
 */
export function loadUiMethods(methods: readonly UiMethodEntry[]): Promise<void> {
  return Promise.all(
    methods.map((m) => {
      if (loaded.has(m.name)) return undefined;
      let p = loading.get(m.name);
      if (!p) {
        p = m.load().then(
          (rest) => {
            loading.delete(m.name);
            loaded.set(m.name, { ...m, ...rest });
            list = REGISTERED.flatMap((r) => loaded.get(r.name) ?? []);
            version++;
            for (const l of [...listeners]) l();
          },
          (error: unknown) => {
            loading.delete(m.name);
            throw error;
          },
        );
        loading.set(m.name, p);
      }
      return p;
    }),
  ).then(() => undefined);
}

/** Loads every registered method (tests, and tools that walk the whole widget). */
export function loadAllUiMethods(): Promise<void> {
  return loadUiMethods(REGISTERED);
}
