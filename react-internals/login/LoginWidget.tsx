/**
 * The login widget's shell: owns the state machine, the context every screen reads, toasts, the
 * watermark, the one focus rule for every screen, and the screen table (Main, each registered
 * method's screens, the generic error screen for the rest).
 */
import { type ComponentType, useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import type { AuthClient, BootstrapData } from '../../sdk-core/index.ts';
import { realClock, type WidgetClock } from '../clock.ts';
import { ToastList, useToasts } from '../components/Toasts.tsx';
import { rememberBootstrap } from '../components/bootstrap-memory.ts';
import { focusWhenShown } from '../components/focus.ts';
import { Watermark } from '../components/Watermark.tsx';
import { isRecord, resolveLoginConfig } from '../config.ts';
import { WidgetContext, type WidgetContextValue } from '../context.ts';
import { errorDetail } from '../errors.ts';
import type { AuthErrorDetail, AuthEvent } from '../events.ts';
import { asComponent } from '../lazy.tsx';
import type { UiMethodEntry } from '../method.ts';
import { UI_METHODS } from '../methods.ts';
import { loadedUiMethods, loadUiMethods, ownerOfScreen, registryVersion, subscribeRegistry, uiMethodsFor, uiMethodsLoaded } from '../registry.ts';
import { choose, hostLang, isRtl, loadedPack, loadPack } from '../i18n/locales.ts';
import type { LocalePack } from '../i18n/pack.ts';
import { resolveStrings } from '../widget-strings.ts';
import { GenericErrorScreen } from './GenericErrorScreen.tsx';
import { MainScreen } from './MainScreen.tsx';
import { initialWidgetState, type Screen, type WidgetState, widgetReducer } from './state.ts';

/** Props of the login widget (the element layer maps its properties onto these). */
export interface LoginWidgetProps {
  /** The headless client; null shows a configuration message instead of the form. */
  client: AuthClient | null;
  /** Host config (docs/reference/config.md#widget-config); anything, checked here. */
  config?: unknown;
  /** Host theme (docs/reference/config.md#theme); validated per property. */
  styles?: unknown;
  /** Host string overrides (partial table), applied on top of the locale pack. */
  strings?: unknown;
  /**
   * The host document's language at the element (its nearest `lang`, else `<html lang>`): the
   * language when the config names no `locale`. Default: the document's `<html lang>`.
   */
  documentLang?: string;
  /** Receives every widget event. */
  onEvent?: (event: AuthEvent) => void;
  /** Receives every error. */
  onError?: (error: AuthErrorDetail) => void;
  /** Told the current screen after each change (the element mirrors it as `data-screen`). */
  onScreenChange?: (screen: Screen) => void;
  /** Time source; tests inject a fake one. */
  clock?: WidgetClock;
  /** Starting state (tests). */
  initialState?: WidgetState;
  /** The element's own properties beyond the common five (context `elementOptions`). */
  elementOptions?: Readonly<Record<string, unknown>>;
}

/**
 * The component of `screen`: Main, a loaded method's screen, or (for a screen no method owns, which
 * no action reaches) the generic error screen, so a screen never renders blank. The widget loads the
 * owner of its screen before it shows it (registry.ts).
 */
function screenFor(screen: Screen): ComponentType {
  if (screen === 'Main') return MainScreen;
  for (const m of loadedUiMethods()) {
    const view = (m.screens as Readonly<Record<string, unknown>>)[screen];
    if (view) return asComponent(view as () => unknown);
  }
  return GenericErrorScreen;
}

/** The `<auth-login>` UI as a React component. */
export function LoginWidget(props: LoginWidgetProps) {
  const { client, onScreenChange } = props;
  const clock = props.clock ?? realClock;
  const [state, dispatch] = useReducer(widgetReducer, props.initialState ?? initialWidgetState('Main'));
  const [bootstrap, setBootstrap] = useState<BootstrapData | null>(null);
  const { toasts, show: toast, hold: holdToasts, dismiss: dismissToast } = useToasts(clock);
  const configKey = JSON.stringify(props.config ?? null);
  const stringsKey = JSON.stringify(props.strings ?? null);
  // The language (README "Languages"): config.locale, else the document's lang, else English.
  const { locale, tag } = choose(isRecord(props.config) ? (props.config['locale'] ?? props.config['lang']) : undefined, props.documentLang ?? hostLang(null));
  const [pack, setPack] = useState<{ locale: string; pack: LocalePack } | null>(null);
  const ready = loadedPack(locale) ?? (pack?.locale === locale ? pack.pack : undefined);
  // The chunks of the methods this config and screen use (registry.ts): the widget shows them once in.
  const methodsVersion = useSyncExternalStore(subscribeRegistry, registryVersion);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by content, not identity.
  const needed = useMemo(() => uiMethodsFor(props.config, state.screen), [configKey, state.screen]);
  const methodsIn = uiMethodsLoaded(needed);
  const [methodsFailed, setMethodsFailed] = useState<readonly unknown[] | null>(null);
  useEffect(() => {
    if (methodsIn) return;
    let live = true;
    // A chunk that cannot be fetched (offline, a bad deploy): said in the widget; a new config retries.
    loadUiMethods(needed).catch(() => live && setMethodsFailed(needed));
    return () => {
      live = false;
    };
  }, [needed, methodsIn]);
  useEffect(() => {
    if (loadedPack(locale)) return;
    let live = true;
    void loadPack(locale).then(
      (p) => live && setPack({ locale, pack: p }),
      // A pack chunk that fails to load (offline, a bad deploy) leaves the widget in English.
      () => live && setPack({ locale, pack: {} }),
    );
    return () => {
      live = false;
    };
  }, [locale]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by content, not identity.
  const resolved = useMemo(() => resolveLoginConfig(props.config), [configKey]);
  // The server writes its messages in the widget's language unless otpOptions.locale says otherwise.
  const config = useMemo(() => (resolved.locale || locale === 'en' ? resolved : { ...resolved, locale }), [resolved, locale]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by content, not identity.
  const strings = useMemo(() => resolveStrings(props.strings, ready, tag), [stringsKey, ready, tag, methodsVersion]);

  // Callbacks through refs: a host swapping callbacks must not re-run effects or re-create screens.
  const onEventRef = useRef(props.onEvent);
  const onErrorRef = useRef(props.onError);
  onEventRef.current = props.onEvent;
  onErrorRef.current = props.onError;
  const emit = useCallback((event: AuthEvent) => onEventRef.current?.(event), []);
  const reportError = useCallback(
    (error: unknown) => {
      const detail = errorDetail(error, strings);
      onErrorRef.current?.(detail);
      return detail.message;
    },
    [strings],
  );

  // authenticate-flow-complete: at most once per completed flow, whatever the effects do.
  const lastCompletedFlow = useRef(0);
  const completeFlow = useCallback(
    (flow: number) => {
      if (flow <= lastCompletedFlow.current) return;
      lastCompletedFlow.current = flow;
      emit({ type: 'authenticate-flow-complete', data: {} });
    },
    [emit],
  );

  useEffect(() => {
    if (!client) return;
    let live = true;
    void client.bootstrap().then((data) => {
      if (!live) return;
      setBootstrap(data);
      // For the next first paint (issue 16): the watermark and password rules this project shows.
      rememberBootstrap(client.publicToken, data);
    });
    return () => {
      live = false;
    };
  }, [client]);

  // A method may take the flow over when the client says so (method.ts `takeOver`: a first factor
  // that answered mfa_required shows the second step, whichever method's screen asked).
  useEffect(() => {
    if (!client) return;
    const stops = UI_METHODS.flatMap((m) => {
      const takeOver = (m as UiMethodEntry).takeOver;
      const show = (screen: string, event?: { readonly type: string; readonly data: unknown }) => {
        dispatch({ type: 'taken_over', screen: screen as Screen });
        if (event) emit(event as AuthEvent);
      };
      return takeOver ? [takeOver(client, show)] : [];
    });
    return () => {
      for (const stop of stops) stop();
    };
  }, [client, emit]);

  // The render event (render_login_screen, or the start screen's method's own, e.g. the identity
  // provider's render_idp_screen), once per client (StrictMode re-runs effects; the ref holds).
  const loggedFor = useRef<AuthClient | null>(null);
  const renderEvent = useRef(ownerOfScreen(state.screen)?.frame?.renderEvent ?? 'render_login_screen').current;
  useEffect(() => {
    if (!client || loggedFor.current === client) return;
    loggedFor.current = client;
    client.telemetry.log(renderEvent);
  }, [client, renderEvent]);

  // Layout effect: the host's data-screen changes in the same frame as the screen (styling hooks
  // and tests never see the new screen with the old attribute).
  useLayoutEffect(() => {
    onScreenChange?.(state.screen);
  }, [onScreenChange, state.screen]);

  // The focus rule, one for every screen, eager or lazy: focus follows the screen to its
  // [data-autofocus] element, else its title (Heading, at the configured level); not on first render (the host page owns focus when a
  // widget appears, e.g. the registration widget's first screen). In the commit that shows the
  // screen: a passive effect ran a frame later, so the new screen was briefly unfocused.
  const screenRef = useRef<HTMLDivElement>(null);
  const shownScreen = useRef(state.screen);
  useLayoutEffect(() => {
    if (shownScreen.current === state.screen) return;
    shownScreen.current = state.screen;
    const root = screenRef.current;
    if (!root) return;
    const target = () => root.querySelector<HTMLElement>('[data-autofocus]') ?? root.querySelector<HTMLElement>('.ae-header');
    const now = target();
    if (now) {
      focusWhenShown(now);
      return;
    }
    // A lazily loaded screen (lazyScreen) has nothing to focus until its chunk arrives the first
    // time: focus it when it mounts, unless the screen changes first.
    const observer = new MutationObserver(() => {
      const later = target();
      if (!later) return;
      observer.disconnect();
      focusWhenShown(later);
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [state.screen]);

  // Per-widget memo, started afresh with each client (context.ts `memo`).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new client gets a new memo.
  const memos = useMemo(() => new Map<string, unknown>(), [client]);
  const memo = useCallback(
    <T,>(key: string, make: () => T): T => {
      if (!memos.has(key)) memos.set(key, make());
      return memos.get(key) as T;
    },
    [memos],
  );

  const ctx = useMemo<WidgetContextValue | null>(
    () =>
      client && {
        client,
        config,
        styles: props.styles,
        strings,
        clock,
        state,
        dispatch,
        bootstrap,
        emit,
        reportError,
        toast,
        completeFlow,
        memo,
        elementOptions: props.elementOptions,
      },
    [client, config, props.styles, strings, clock, state, bootstrap, emit, reportError, toast, completeFlow, memo, props.elementOptions],
  );

  return (
    <div
      className="ae-root"
      part="container"
      data-screen={state.screen}
      // The project's settings are in: the screen is final (the element's first paint waits for it).
      data-bootstrapped={bootstrap ? '' : undefined}
      ref={screenRef}
      lang={config.lang ?? (tag === 'en' ? widgetLang(undefined, props.strings) : tag)}
      dir={isRtl(locale) ? 'rtl' : 'ltr'}
    >
      {methodsFailed === needed ? (
        <p className="ae-error" part="error" role="alert">
          {strings['error.unreachable']}
        </p>
      ) : !ready || !methodsIn ? (
        // The pack and the methods are local chunks: a blank frame while they load, not a flash of English.
        <p className="ae-loading" aria-busy="true" />
      ) : ctx ? (
        <WidgetContext.Provider value={ctx}>
          <CurrentScreen screen={state.screen} />
          {/* A method's `frame` may leave the watermark out (the identity provider's consent never shows it). */}
          {ownerOfScreen(state.screen)?.frame?.watermark !== false && <Watermark />}
        </WidgetContext.Provider>
      ) : (
        <p className="ae-error" part="error" role="alert">
          {strings['config.missingClient']}
        </p>
      )}
      <ToastList toasts={toasts} onHold={holdToasts} onDismiss={dismissToast} dismissLabel={strings['toast.dismiss']} />
    </div>
  );
}

/**
 * The widget's `lang` (issue 17 defect 7, WCAG 3.1.2): `config.lang` when given; else English, the
 * language of the built-in strings; but when the host overrides strings (presumably in its page's
 * language) no attribute, so the widget inherits the document's.
 */
export function widgetLang(configured: string | undefined, hostStrings: unknown): string | undefined {
  if (configured) return configured;
  return hostStrings && typeof hostStrings === 'object' && Object.keys(hostStrings).length > 0 ? undefined : 'en';
}

/** Renders the component of `screen`. */
function CurrentScreen({ screen }: { screen: Screen }) {
  const Screen = screenFor(screen);
  return <Screen />;
}
