/**
 * The one implementation behind every Auth Elements tag (docs/reference/house-style.md#layers): `createAuthElement(row)` makes
 * the element class of a row of the table in definitions.ts. Host input is parsed here and only
 * here: `config`, `styles` and `strings` arrive as objects (kept as given: no JSON round trip, never
 * mirrored into an attribute), as JSON attributes, as JSON string properties, or as own properties
 * set before the tag was defined; whatever is wrong with them is said on the widget, in the console
 * and as an `auth-error` event, never as an uncaught exception.
 *
 * This module holds no React (issue 16): on connect the element adopts the widget's stylesheets,
 * paints its first screen with lit-html (first-paint/), usable at once, and loads React and the
 * widget (react-host.tsx) right away in parallel; React renders beside the first paint, hidden, and
 * takes over (typed text, focus, caret, the tab, an early Continue) once its screen is there.
 * @r2wc/react-to-web-component is no longer the base class: its element class is built from a React
 * component, so it cannot exist before React has loaded, which is what the first paint is for.
 *
 * Server rendering: the class extends an empty class where there is no `HTMLElement`, so importing
 * this module in Node (Next.js, Nuxt, SvelteKit) evaluates nothing of the DOM; registering is a
 * no-op there (registry.ts), and the browser upgrades the tags as usual.
 */
import { nothing, render } from 'lit-html';
import { adoptedSheets, setAdoptedSheets } from '../sdk-core/dom.ts';
import { ConfigError } from '../sdk-core/errors.ts';
import type { AuthClient } from '../sdk-core/client.ts';
import type { AuthCallbacks, AuthErrorDetail } from '../react-internals/events.ts';
import { hostLang } from '../react-internals/i18n/locales.ts';
import type { StringOverrides } from '../react-internals/strings.ts';
import { checkStyles, rulesSheet, type StyleConfig, themeSheet } from '../react-internals/theme.ts';
import { forwardError } from './bridge.ts';
import { type AuthElementDefinition, COMMON_PROPERTIES, type ElementProperty } from './definitions.ts';
import { rememberedBootstrap } from '../react-internals/components/bootstrap-memory.ts';
import { type FirstPaintStrings, firstPaintRules, firstPaintStrings, firstScreen } from './first-paint/index.ts';

/**
 * The first paint's texts, opaque in the element's public declarations: their type names lit-html's,
 * which a consumer of the package has no reason to install.
 */
type PaintTexts = object;

/**
 * How long a connected element may stay without a client and without config.publicToken before
 * that is reported (console error and `auth-error`). Hosts commonly set `client` or `config` just
 * after connecting (a framework effect, a fetched token), so an immediate report would be noise;
 * the widget shows the 'Missing client' text meanwhile.
 */
export const MISSING_CLIENT_REPORT_MS = 1000;

/** The missing-client report when a client or config was given but neither brought a client (a framework may have written them as attributes). */
const MISSING_CLIENT =
  'has no client: set its client property (createClient(publicToken, {apiBaseUrl})) or config.publicToken (and config.apiBaseUrl for your own server). A framework that writes objects as attributes loses both: see the README for your framework.';

/**
 * The report when nothing gave the element a client or a config, as property or attribute. The common
 * cause is a tag rendered on the server and hydrated by React 19, which applies no property and no
 * event prop of a custom element while hydrating (facebook/react#35446, open): it is named here, with
 * the way out (the wrappers set them on the client after hydration).
 */
const MISSING_CLIENT_NOTHING_GIVEN =
  'has no client and no config: nothing set its client or config property, and it has no config attribute. Server-rendered and hydrated by React 19? React 19 sets no properties and no event props on a custom element while hydrating (facebook/react#35446): use the wrappers of auth-elements/react (<AuthLogin client={client} config={config} />), or render the tag on the client only. Otherwise set its client property (createClient(publicToken, {apiBaseUrl})) or config.publicToken.';

/**
 * The files of the React side (react-host.tsx and what it imports statically), written here by the
 * build (rollup.config.mjs, relative to this module's file); the placeholder stays where sources run
 * unbundled (tests), and then nothing is preloaded.
 */
const REACT_SIDE = '__AE_REACT_SIDE__';
let reactSidePreloaded = false;

/** Fetches the React side's files in one round, beside the import of react-host (modulepreload: fetched and parsed, run when imported). */
function preloadReactSide(): void {
  // The build writes JSON (a string to the bundler, so it cannot fold the check away): this file's
  // own name and the list. Under another name a host's bundler has re-bundled the kit: nothing to preload.
  if (reactSidePreloaded || !REACT_SIDE.startsWith('{') || typeof document === 'undefined') return;
  const { self, files } = JSON.parse(REACT_SIDE) as { self: string; files: string[] };
  if (!new URL(import.meta.url).pathname.endsWith(`/${self}`)) return;
  reactSidePreloaded = true;
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = new URL(file, import.meta.url).href;
    document.head.append(link);
  }
}

let paintQueue: (() => void)[] | undefined;

/**
 * Runs `task` once the current first paints have reached the screen: after the next frame (a
 * timer set from requestAnimationFrame runs after that frame is drawn), or after 100 ms where no
 * frame comes (a hidden page). Tasks queued in one turn share the wait. What the first screen
 * does not need (React's fetches, the config diagnostics) waits here, so the first paint does not.
 */
function afterFirstPaint(task: () => void): void {
  if (paintQueue) {
    paintQueue.push(task);
    return;
  }
  const queue = [task];
  paintQueue = queue;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (): void => {
    if (paintQueue !== queue) return;
    paintQueue = undefined;
    clearTimeout(timer);
    for (const t of queue) t();
  };
  timer = setTimeout(run, 100);
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
}

/** The base class: HTMLElement in a browser, an empty class where there is none (a server). */
const ElementBase: typeof HTMLElement = (globalThis as { HTMLElement?: typeof HTMLElement }).HTMLElement ?? (class {} as unknown as typeof HTMLElement);

/** The first screen painted without React, until React takes over (react-host.tsx). */
export interface FirstPaint {
  /** The theme sheet adopted for the first paint (React adopts its own; this one leaves at the handover). */
  readonly sheet: CSSStyleSheet;
  /** The texts, once known (a locale pack loads first). */
  strings: PaintTexts | undefined;
  /** The tab picked before React. */
  tab: 'email' | 'sms' | 'whatsapp' | undefined;
  /** The form whose Continue was pressed before React: React submits it once it is there. */
  submitted: HTMLFormElement | undefined;
  /** Its key (the tab, or `reset`): that form's button is drawn busy meanwhile. */
  submittedKey: string | undefined;
  /** The first other button clicked before React (a provider, the passkey button): React clicks its own. */
  clicked: HTMLElement | undefined;
  /** The chunk CSS the screen needs (OAuth row, wallet buttons, password field), once known. */
  rules: CSSStyleSheet[] | undefined;
}

/** What the lazily loaded React side returns: how to take it down. */
export interface ReactMount {
  unmount(): void;
}

/** What an element holds besides the DOM: its values, what is wrong with them. */
interface ElementState {
  values: Map<string, unknown>;
  /** Problems by source (`config`, `styles`, `strings`, `client`, `callbacks`); `config`'s replaces the widget. */
  problems: Map<string, ConfigError>;
  /** Problems already reported, so each is said once. */
  reported: WeakSet<ConfigError>;
  /** Warnings already printed (by text), so a host re-setting an equal config is not told twice. */
  warned: Set<string>;
  /** Properties moved off the instance at upgrade: their initial attribute callback is skipped once. */
  upgraded: Set<string>;
  callbacks: AuthCallbacks | undefined;
  client: AuthClient | undefined;
  version: number;
  listeners: Set<() => void>;
  missingClientTimer: ReturnType<typeof setTimeout> | undefined;
  missingClientReported: boolean;
  /** Whether the row's `capture` ran (once, at the first connection). */
  captured: boolean;
  /** The first paint while React is on its way (undefined once React has taken over, or when none was drawn). */
  paint: FirstPaint | undefined;
  /** The React side: loading (a promise) or mounted. */
  react: Promise<void> | ReactMount | undefined;
}

const states = new WeakMap<object, ElementState>();

/** Removes an element's first paint (assigned in AuthElement's static block; react-host.tsx calls it at the handover). */
export let unpaintElement: (el: AuthElement) => void = () => undefined;

/** Sets an object-valued property of a row (assigned in AuthElement's static block). */
let setObjectProperty: (el: AuthElement, name: string, raw: unknown) => void = () => undefined;

function stateOf(el: AuthElement): ElementState {
  let s = states.get(el);
  if (!s) {
    s = {
      values: new Map(),
      problems: new Map(),
      reported: new WeakSet(),
      warned: new Set(),
      upgraded: new Set(),
      callbacks: undefined,
      client: undefined,
      version: 0,
      listeners: new Set(),
      missingClientTimer: undefined,
      missingClientReported: false,
      captured: false,
      paint: undefined,
      react: undefined,
    };
    states.set(el, s);
  }
  return s;
}

const definitionOf = (el: AuthElement): AuthElementDefinition => (el.constructor as typeof AuthElement).definition;
const propertiesOf = (def: AuthElementDefinition): readonly ElementProperty[] => [...COMMON_PROPERTIES, ...def.properties];
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const describe = (v: unknown): string => (Array.isArray(v) ? 'an array' : v === null ? 'null' : typeof v);
const preview = (text: string): string => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/**
 * Parses an object-valued input (`config`, `styles`, `strings`): an object as it is; a string as
 * JSON that must hold an object. Returns the value or the problem, naming how it arrived.
 */
function parseObject(name: string, raw: unknown, via: 'attribute' | 'property'): { value: unknown } | { error: ConfigError } {
  if (raw === undefined || raw === null) return { value: undefined };
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (text === '') return { value: undefined };
    // React before 19 (and 19 before the tag is defined), Vue without .prop, plain setAttribute:
    // the object was turned into text and is gone. Say so and how to pass it.
    if (/^\[object [A-Za-z]*\]$/.test(text)) {
      return {
        error: new ConfigError(
          name,
          `${name} arrived as the text ${preview(text)} in the ${via === 'attribute' ? `"${name}" attribute` : `${name} property`}: something turned the object into text. Set ${name} as a JS property (el.${name} = {...}) after the tag is defined: React 18 through the auth-elements/react wrapper, React 19 and Svelte once 'auth-elements/define' has run, Vue with :${name}.prop; or pass JSON.`,
        ),
      };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      return {
        error: new ConfigError(name, `${name} is not valid JSON (${e instanceof Error ? e.message : String(e)}): ${preview(text)}`),
      };
    }
    if (!isRecord(parsed)) return { error: new ConfigError(name, `${name} JSON must hold an object, not ${describe(parsed)}`) };
    return { value: parsed };
  }
  if (!isRecord(raw)) return { error: new ConfigError(name, `${name} must be an object, not ${describe(raw)}`) };
  return { value: raw };
}

/**
 * The element class behind every tag. Its rows come from definitions.ts through createAuthElement;
 * `C` is the config type. Properties: `config`, `styles`, `strings` (objects or JSON), `callbacks`
 * and `client` (JS only); events `auth-event` and `auth-error` (bubbling, composed).
 */
export class AuthElement<C = unknown> extends ElementBase {
  /** The table row of this element's tag. */
  declare static readonly definition: AuthElementDefinition;

  static {
    // The object-valued properties of a row (createAuthElement) parse through the same private path.
    setObjectProperty = (el, name, raw) => el.#setObject(name, raw, 'property');
    unpaintElement = (el) => el.#unpaint();
  }

  /** Attributes read: the object and string properties', plus `client` and `callbacks` (to report them). */
  static get observedAttributes(): string[] {
    // biome-ignore lint/complexity/noThisInStatic: each tag's subclass carries its own row.
    const attrs = propertiesOf(this.definition).flatMap((p) => (p.attribute ? [p.attribute] : []));
    return [...attrs, 'client', 'callbacks'];
  }

  constructor() {
    super();
    // A declarative (server-rendered) shadow root is reused: attachShadow returns it, emptied of
    // the server's placeholder (DOM standard, attachShadow step "if this's shadow root is
    // declarative"), rather than throwing.
    if (typeof this.attachShadow === 'function') this.attachShadow({ mode: 'open' });
    const s = stateOf(this);
    // Values set before the tag was defined sit on the instance as own properties and hide the
    // accessors: move them onto the accessors, through the same parsing as any other set.
    const rec = this as unknown as Record<string, unknown>;
    for (const p of propertiesOf(definitionOf(this))) {
      if (!Object.hasOwn(this, p.name)) continue;
      const value = rec[p.name];
      delete rec[p.name];
      if (p.attribute) s.upgraded.add(p.attribute);
      rec[p.name] = value;
    }
  }

  /** Widget config (docs/reference/config.md#widget-config): the object as given, or parsed from JSON; undefined when unset or invalid. */
  get config(): C | undefined {
    return stateOf(this).values.get('config') as C | undefined;
  }
  set config(value: C | string | null | undefined) {
    this.#setObject('config', value, 'property');
  }

  /** Theme (docs/reference/config.md#theme): validated per property; sets the `--auth-*` tokens. */
  get styles(): StyleConfig | undefined {
    return stateOf(this).values.get('styles') as StyleConfig | undefined;
  }
  set styles(value: StyleConfig | string | null | undefined) {
    this.#setObject('styles', value, 'property');
  }

  /** Partial strings table overriding the English defaults. */
  get strings(): StringOverrides | undefined {
    return stateOf(this).values.get('strings') as StringOverrides | undefined;
  }
  set strings(value: StringOverrides | string | null | undefined) {
    this.#setObject('strings', value, 'property');
  }

  /** Host callbacks {onEvent, onError}; a JS property, never an attribute (functions do not survive JSON). */
  get callbacks(): AuthCallbacks | undefined {
    return stateOf(this).callbacks;
  }
  set callbacks(value: AuthCallbacks | null | undefined) {
    stateOf(this).callbacks = value ?? undefined;
    this.#changed();
  }

  /** A client made by createClient; when unset the element creates one from config.publicToken. */
  get client(): AuthClient | undefined {
    return stateOf(this).client;
  }
  set client(value: AuthClient | null | undefined) {
    stateOf(this).client = value ?? undefined;
    this.#changed();
  }

  /** Paints the first screen, loads React in parallel, and reports what is wrong with the input. */
  connectedCallback(): void {
    const s = stateOf(this);
    const def = definitionOf(this);
    // Before the widget mounts: what the row captures (a reset token in the address) is its start.
    if (def.capture && !s.captured) {
      s.captured = true;
      for (const [k, v] of Object.entries(def.capture(Object.fromEntries(s.values)))) s.values.set(k, v);
    }
    if (!s.react) {
      this.#paint();
      // Right away, not on interaction: React takes over as soon as it is there (issue 16). Its
      // fetches start once the first screen is on the screen: issuing a dozen module requests
      // costs the main thread tens of ms on a slow phone, which the first paint need not wait for.
      // Without a first paint (light DOM) there is nothing to wait for.
      const loading: Promise<void> = (s.paint ? new Promise<void>((resolve) => afterFirstPaint(resolve)) : Promise.resolve())
        .then(() => {
          // Gone meanwhile (disconnected): nothing to fetch.
          if (s.react !== loading) return undefined;
          preloadReactSide();
          return import('./react-host.tsx');
        })
        .then(
          (host) => {
            if (!host) return;
            const { mountReact } = host;
            if (s.react !== loading) return;
            s.react = this.isConnected ? mountReact(this) : undefined;
          },
          (e: unknown) => {
            if (s.react === loading) s.react = undefined;
            report(
              this,
              new ConfigError('client', `could not load the widget's code (${e instanceof Error ? e.message : String(e)}); reload the page to try again.`),
            );
          },
        );
      s.react = loading;
    }
    this.#reportProblems();
    this.#checkClient();
  }

  /** Unmounts the widget, unless the element is back in the document by the next microtask (a move). */
  disconnectedCallback(): void {
    const s = stateOf(this);
    clearTimeout(s.missingClientTimer);
    s.missingClientTimer = undefined;
    // A move (remove, then insert, in one task: a framework re-ordering a list) keeps the React
    // tree and the widget's state.
    queueMicrotask(() => {
      if (this.isConnected) return;
      const react = s.react;
      s.react = undefined;
      if (react && !(react instanceof Promise)) react.unmount();
      this.#unpaint();
    });
  }

  /** Draws the first screen (lit-html) in the shadow root, with the widget's own stylesheets. */
  #paint(): void {
    const s = stateOf(this);
    const root = this.shadowRoot;
    const config = s.values.get('config');
    // The light-DOM mode gets the first paint too, in the shadow root with the shadow DOM's sheets (the
    // document's scoped sheets are React's); React's light-DOM widget replaces it at the handover.
    if (!root) {
      this.#unpaint();
      return;
    }
    if (!s.paint) {
      const sheet = themeSheet(':host', s.values.get('styles'));
      const rules = rulesSheet('');
      const current = adoptedSheets(root);
      setAdoptedSheets(root, current.includes(rules) ? [...current, sheet] : [...current, rules, sheet]);
      s.paint = { sheet, strings: undefined, tab: undefined, submitted: undefined, submittedKey: undefined, clicked: undefined, rules: undefined };
      // Buttons other than a submit (a provider, the passkey button) pressed before React: the first one is replayed on React's.
      root.addEventListener('click', this.#onEarlyClick);
    }
    const paint = s.paint;
    const tag = definitionOf(this).tag;
    const loaded = <T>(value: T | Promise<T>, use: (v: T) => void): void => {
      if (!(value instanceof Promise)) {
        use(value);
        return;
      }
      void value.then(
        (v) => {
          if (s.paint !== paint) return;
          use(v);
          this.#draw();
        },
        () => undefined,
      );
    };
    loaded(firstPaintStrings(config, s.values.get('strings'), hostLang(this)), (strings) => {
      paint.strings = strings;
    });
    if (!paint.rules) {
      loaded(firstPaintRules(tag, config), (css) => {
        if (paint.rules) return;
        paint.rules = css.map((text) => {
          const sheet = new CSSStyleSheet();
          sheet.replaceSync(text);
          return sheet;
        });
        setAdoptedSheets(root, [...adoptedSheets(root), ...paint.rules]);
      });
    }
    this.#draw();
  }

  /** A click on a first-paint button that is neither a submit nor a tab: kept for React (the first one only). */
  #onEarlyClick = (e: Event): void => {
    const paint = stateOf(this).paint;
    const button = e.target instanceof Element ? e.target.closest('button, a[href]') : null;
    if (!paint || !(button instanceof HTMLElement) || button.closest('[data-ae-react]')) return;
    if ((button as HTMLButtonElement).type === 'submit' || button.getAttribute('role') === 'tab') return;
    e.preventDefault();
    paint.clicked ??= button;
  };

  /** Renders the first screen from the current values (again after a change, until React takes over). */
  #draw(): void {
    const s = stateOf(this);
    const paint = s.paint;
    const root = this.shadowRoot;
    // Drawn once its texts and chunk CSS are there (both at once for an email or phone form).
    if (!paint?.strings || !paint.rules || !root) return;
    const config = s.values.get('config');
    const token = isRecord(config) && typeof config['publicToken'] === 'string' ? config['publicToken'] : undefined;
    const bootstrap = rememberedBootstrap(s.client?.publicToken ?? token);
    render(
      firstScreen({
        tag: definitionOf(this).tag,
        config: isRecord(config) ? config : undefined,
        styles: s.values.get('styles'),
        strings: paint.strings as FirstPaintStrings,
        values: Object.fromEntries(s.values),
        tab: paint.tab,
        ...(bootstrap ? { bootstrap } : {}),
        ...(s.problems.get('config') ? { problem: s.problems.get('config')?.message ?? '' } : {}),
        ...(paint.submittedKey ? { busy: paint.submittedKey } : {}),
        missingClient: !s.client && !token,
        onTab: (tab) => {
          paint.tab = tab;
          this.#draw();
        },
        onSubmit: (form, event) => {
          event.preventDefault();
          // Pressed again before React: still one submit (issue 16: "sends exactly once").
          if (paint.submitted || !(event.target instanceof HTMLFormElement)) return;
          paint.submitted = event.target;
          paint.submittedKey = form;
          this.#draw();
        },
      }),
      root,
    );
  }

  /** Removes the first paint and its theme sheet (React took over, or the element left the page). */
  #unpaint(): void {
    const s = stateOf(this);
    const paint = s.paint;
    const root = this.shadowRoot;
    s.paint = undefined;
    if (!paint || !root) return;
    root.removeEventListener('click', this.#onEarlyClick);
    render(nothing, root);
    // React adopts its own theme sheet and its chunks' rules; the first paint's leave.
    const mine = new Set<CSSStyleSheet>([paint.sheet, ...(paint.rules ?? [])]);
    setAdoptedSheets(
      root,
      adoptedSheets(root).filter((sheet) => !mine.has(sheet)),
    );
  }

  /** Attributes: JSON for the object properties, text for the string ones; `client`/`callbacks` are reported. */
  attributeChangedCallback(name: string, oldValue: string | null, value: string | null): void {
    const s = stateOf(this);
    // An own property moved at upgrade wins over the attribute the element was created with.
    if (oldValue === null && s.upgraded.delete(name)) return;
    if (name === 'client' || name === 'callbacks') {
      if (value === null) s.problems.delete(name);
      else {
        s.problems.set(
          name,
          new ConfigError(
            name,
            `${name} arrived as the attribute ${preview(value)}; it is a JS property only (el.${name} = ...). A framework that writes attributes loses it: use the auth-elements/react wrapper in React 18, :${name}.prop in Vue.`,
          ),
        );
      }
      this.#changed();
      return;
    }
    const prop = propertiesOf(definitionOf(this)).find((p) => p.attribute === name);
    if (!prop) return;
    if (prop.kind === 'object') this.#setObject(prop.name, value, 'attribute');
    else setStringValue(this, prop.name, value);
  }

  /** Subscribes to any change of the element's values (the React side re-renders). */
  subscribe(listener: () => void): () => void {
    const s = stateOf(this);
    s.listeners.add(listener);
    return () => s.listeners.delete(listener);
  }

  /** Bumps on every change of the element's values. */
  get version(): number {
    return stateOf(this).version;
  }

  #setObject(name: string, raw: unknown, via: 'attribute' | 'property'): void {
    const s = stateOf(this);
    const parsed = parseObject(name, raw, via);
    if ('error' in parsed) {
      s.values.delete(name);
      s.problems.set(name, parsed.error);
    } else {
      if (s.values.get(name) === parsed.value && !s.problems.has(name)) return;
      s.values.set(name, parsed.value);
      s.problems.delete(name);
      this.#check(name, parsed.value);
    }
    this.#changed();
  }

  /**
   * Checks a parsed value's content: warnings go to the console, a fatal config problem onto the
   * widget. The config checks are their own chunk (diagnostics, not the first paint), so a fatal
   * problem replaces the widget a moment after the config is set.
   */
  #check(name: string, value: unknown): void {
    const def = definitionOf(this);
    if (name === 'config') {
      // After the first paint: diagnostics, not the first screen (a fatal problem replaces the widget a frame later).
      afterFirstPaint(() => void this.#checkConfig(def, value));
    } else if (name === 'styles') this.#warn(checkStyles(value).issues);
    else if (name === 'strings') {
      // The strings table is the React side's (every method's texts): checked from its chunk.
      afterFirstPaint(
        () =>
          void import('../react-internals/strings.ts').then(({ checkStringOverrides }) => {
            if (stateOf(this).values.get('strings') === value) this.#warn(checkStringOverrides(value));
          }),
      );
    }
  }

  /** The config's content checks (their own chunk), once loaded. */
  async #checkConfig(def: AuthElementDefinition, value: unknown): Promise<void> {
    const [{ CONFIG_SHAPES, checkLoginConfig }, own] = await Promise.all([import('../react-internals/config-check.ts'), def.configKeys?.()]);
    const s = stateOf(this);
    if (s.values.get('config') !== value) return; // replaced meanwhile
    const report = checkLoginConfig(value, own ? { ...CONFIG_SHAPES[def.configShape], ...own } : CONFIG_SHAPES[def.configShape], def.readsProducts);
    this.#warn(report.warnings);
    if (report.fatal) {
      s.problems.set('config', new ConfigError(report.fatal.field, report.fatal.message));
      this.#changed();
    }
  }

  /** Prints each warning once per element. */
  #warn(warnings: readonly { message: string }[]): void {
    const s = stateOf(this);
    for (const w of warnings) {
      if (s.warned.has(w.message)) continue;
      s.warned.add(w.message);
      console.warn(`auth-elements: <${definitionOf(this).tag}> ${w.message}`);
    }
  }

  /** Called after every change: re-render, report new problems, re-check the client. */
  #changed(): void {
    const s = stateOf(this);
    s.version++;
    for (const l of s.listeners) l();
    // The first paint follows the input until React takes over (a config problem or the light-DOM mode ends it).
    if (s.paint) this.#paint();
    if (this.isConnected) {
      this.#reportProblems();
      this.#checkClient();
    }
  }

  /** Each problem once, while connected (so a listener added before connecting hears it). */
  #reportProblems(): void {
    const s = stateOf(this);
    for (const problem of s.problems.values()) {
      if (s.reported.has(problem)) continue;
      s.reported.add(problem);
      report(this, problem);
    }
  }

  /**
   * True when nothing has given the element a client or a config, as property or attribute: what a
   * server-rendered tag looks like after React 19 hydrated it (it sets no custom-element property
   * while hydrating), rather than a framework that wrote the objects as attributes.
   */
  #neverGiven(): boolean {
    const s = stateOf(this);
    return !s.client && s.values.get('config') === undefined && !s.problems.has('client') && !this.hasAttribute('client') && !this.hasAttribute('config');
  }

  /** Reports a missing client once it has been missing for MISSING_CLIENT_REPORT_MS. */
  #checkClient(): void {
    const s = stateOf(this);
    const config = s.values.get('config');
    const token = isRecord(config) && typeof config['publicToken'] === 'string' && config['publicToken'] !== '';
    const missing = this.isConnected && !s.client && !token && !s.problems.has('config');
    if (!missing) {
      clearTimeout(s.missingClientTimer);
      s.missingClientTimer = undefined;
      s.missingClientReported = false;
      return;
    }
    if (s.missingClientTimer !== undefined || s.missingClientReported) return;
    s.missingClientTimer = setTimeout(() => {
      s.missingClientTimer = undefined;
      const stillConfig = s.values.get('config');
      const stillToken = isRecord(stillConfig) && typeof stillConfig['publicToken'] === 'string' && stillConfig['publicToken'] !== '';
      if (!this.isConnected || s.client || stillToken || s.missingClientReported) return;
      s.missingClientReported = true;
      report(this, new ConfigError('client', this.#neverGiven() ? MISSING_CLIENT_NOTHING_GIVEN : MISSING_CLIENT));
    }, MISSING_CLIENT_REPORT_MS);
  }
}

/** Sets a string property (from its accessor or its attribute); a JS-only one keeps its value as given. */
function setStringValue(el: AuthElement, name: string, value: unknown, kind: 'string' | 'js' = 'string'): void {
  const s = stateOf(el);
  const text = value === null || value === undefined ? undefined : kind === 'js' ? value : String(value);
  if (s.values.get(name) === text) return;
  s.values.set(name, text);
  s.version++;
  for (const l of s.listeners) l();
}

/** Says a problem in the console and as `auth-error` (and callbacks.onError). */
function report(el: AuthElement, problem: ConfigError): void {
  const tag = definitionOf(el).tag;
  console.error(`auth-elements: <${tag}> ${problem.message}`);
  const detail: AuthErrorDetail = { message: problem.message, name: problem.name, code: problem.code, field: problem.field };
  forwardError(el, el.callbacks, detail);
}

/** An element class made by createAuthElement: `C` its config type, `X` its extra properties. */
export interface AuthElementClass<C, X extends object = object> {
  new (): AuthElement<C> & X;
  readonly prototype: AuthElement<C> & X;
  /** The table row of the tag. */
  readonly definition: AuthElementDefinition;
  readonly observedAttributes: string[];
}

/**
 * Makes the element class for one row of the table: the shared implementation plus accessors for
 * the row's own properties (text; objects parsed like `config`; JS-only values kept as given).
 * Defines no tag (registry.ts does, behind guards).
 */
export function createAuthElement<C, X extends object = object>(definition: AuthElementDefinition): AuthElementClass<C, X> {
  class Element extends AuthElement<C> {
    static override readonly definition = definition;
  }
  Object.defineProperty(Element, 'name', { value: definition.className });
  for (const p of definition.properties) {
    Object.defineProperty(Element.prototype, p.name, {
      configurable: true,
      enumerable: true,
      get(this: AuthElement) {
        return stateOf(this).values.get(p.name);
      },
      set(this: AuthElement, value: unknown) {
        if (p.kind === 'object') setObjectProperty(this, p.name, value);
        else setStringValue(this, p.name, value, p.kind);
      },
    });
  }
  return Element as unknown as AuthElementClass<C, X>;
}

/** The element's internal state, for the React side (react-host.tsx) only. */
export function internalState(el: AuthElement): Readonly<ElementState> & Pick<ElementState, 'paint'> {
  return stateOf(el);
}

/** The table row of an element's tag. */
export const definitionOfElement = definitionOf;

/** Says a problem in the console and as `auth-error` (for the React side too). */
export const reportProblem = report;
