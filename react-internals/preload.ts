/**
 * What a widget's first screen needs before React mounts (issue 16 "Interactive at first paint"):
 * the element paints its first screen without React, then mounts the widget in one synchronous
 * commit that replaces that paint. Every piece of the first screen is a lazily loaded chunk of its
 * method (lazy.tsx: Main's forms and groups, the non-Main start screens) and the language pack is
 * one too; a chunk not yet in would render its fallback (nothing, or a loading line) and blank the
 * widget. `preloadFirstScreen` fetches exactly the chunks the configured products put on the first
 * screen, and those of its next step (the screen the first Continue leads to), so that once it
 * resolves, the first commit holds the real screen. Before them it loads the chunks of the methods
 * the config uses (registry.ts), which say what the first screen is.
 */
import type { AuthClient } from '../sdk-core/index.ts';
import { configProblem, isRecord, type ResolvedLoginConfig, resolveLoginConfig } from './config.ts';
import { choose, hostLang, loadedPack, loadPack } from './i18n/locales.ts';
import { formFor, mainGroups, mainMethods } from './login/methods.ts';
import { initialWidgetState, type Screen } from './login/state.ts';
import type { MainTab, View } from './method.ts';
import { loadedUiMethods, loadUiMethods, uiMethodsFor } from './registry.ts';

/** Options of {@link preloadFirstScreen}. */
export interface PreloadFirstScreenOptions {
  /** The screen the widget starts on (its element's `start`); default Main. */
  screen?: Screen;
  /** The host document's language at the element, as the widget is given it (picks the pack when the config names no `locale`). */
  documentLang?: string;
  /** The widget's client: groups ask it what decides their first render (the passkey button's side). */
  client?: AuthClient;
  /**
   * The tab Main opens on (its state's `mainTab`, e.g. the one picked on the first paint before
   * React took over); default the starting state's (Email), else the first offered.
   */
  tab?: MainTab;
}

/** A loaded method's view of `screen`, as LoginWidget's screen table. */
const viewOf = (screen: string): View | undefined =>
  loadedUiMethods()
    .map((m) => (m.screens as Readonly<Record<string, View>>)[screen])
    .find(Boolean);

/** A lazily loaded view's preload (lazyScreen), or null for an eager one. */
const preloadOf = (view: View | undefined): (() => Promise<void>) | null => {
  const preload = (view as { preload?: unknown } | undefined)?.preload;
  return typeof preload === 'function' ? (preload as () => Promise<void>) : null;
};

/**
 * The loads the first screen of this config needs: Main's shown form with its next step (the first
 * tab's: other tabs load when Main offers them), each group Main shows; or the start screen's chunk.
 * Of the loaded methods (registry.ts): `preloadFirstScreen` loads the config's methods first.
 */
export function firstScreenLoads(
  config: ResolvedLoginConfig,
  screen: Screen = 'Main',
  { client, tab: opened = initialWidgetState().mainTab }: { client?: AuthClient; tab?: MainTab } = {},
): Array<() => Promise<void>> {
  if (screen !== 'Main') {
    const preload = preloadOf(viewOf(screen));
    return preload ? [preload] : [];
  }
  // A config Main refuses (docs/reference/config.md#configuration-errors combinations) shows a message and no forms or groups.
  if (configProblem(config)) return [];
  const tabs = mainMethods(config);
  // The tab Main opens with (MainScreen: the state's tab when offered, else the first).
  const tab = tabs.includes(opened) ? opened : tabs[0];
  const form = tab ? formFor(config, tab) : null;
  return [...(form ? [() => form.preload()] : []), ...mainGroups(config).map((g) => () => g.preload(config, client))];
}

/**
 * Fetches the code of the widget's first screen and its next step for this config (anything, as
 * the host gives it) and the language pack it shows in. Once it resolves, a synchronous render of
 * the widget (`flushSync(() => root.render(...))`) commits the real screen: no loading line, no
 * blank frame. It never rejects: a chunk that cannot be fetched is the widget's to report (the
 * view shows 'Unable to contact our servers.', a missing pack leaves it in English), so the caller
 * mounts the widget either way.
 */
export async function preloadFirstScreen(config: unknown, options: PreloadFirstScreenOptions = {}): Promise<void> {
  const c = isRecord(config) ? config : {};
  // The widget's language as LoginWidget picks it: config.locale (or lang), else the document's.
  const { locale } = choose(c['locale'] ?? c['lang'], options.documentLang ?? hostLang(null));
  const pack = loadedPack(locale) ? null : loadPack(locale).catch(() => undefined);
  // The methods the config and the start screen use (registry.ts), then their first screen's chunks.
  await loadUiMethods(uiMethodsFor(config, options.screen ?? 'Main')).catch(() => undefined);
  const loads = firstScreenLoads(resolveLoginConfig(config), options.screen ?? 'Main', {
    ...(options.client ? { client: options.client } : {}),
    ...(options.tab ? { tab: options.tab } : {}),
  });
  await Promise.all([pack, ...loads.map((load) => load().catch(() => undefined))]);
}
