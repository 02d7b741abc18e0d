/**
 * The one implementation behind every Auth Elements tag (DESIGN §1): `createAuthElement(row)` makes
 * the element class of a row of the table in definitions.ts. Host input is parsed here and only
 * here: `config`, `styles` and `strings` arrive as objects (kept as given: no JSON round trip, never
 * mirrored into an attribute), as JSON attributes, as JSON string properties, or as own properties
 * set before the tag was defined; whatever is wrong with them is said on the widget, in the console
 * and as an `auth-error` event, never as an uncaught exception.
 *
 * Mounting is @r2wc/react-to-web-component's (DESIGN §1): the class extends the element class r2wc
 * makes of a small shell component, which renders the React tree into the shadow root on connect
 * and unmounts it on disconnect. r2wc is given no props, so it never reads, parses or writes an
 * attribute or a property: every input stays this file's (JSON attributes parsed by r2wc throw
 * uncaught on bad JSON, and its typed props mirror objects into attributes).
 *
 * Server rendering: r2wc runs only where `globalThis.HTMLElement` exists, and the class extends an
 * empty class otherwise, so importing this module in Node (Next.js, Nuxt, SvelteKit) evaluates
 * nothing of the DOM; registering is a no-op there (registry.ts), and the browser upgrades the tags
 * as usual.
 */
import r2wc from '@r2wc/react-to-web-component';
import { useCallback, useSyncExternalStore } from 'react';
import { type AuthClient, ConfigError } from '../sdk-core/index.ts';
import { errorDetail } from '../react-internals/errors.ts';
import type { AuthCallbacks, AuthErrorDetail, AuthEvent } from '../react-internals/events.ts';
import { LoginWidget } from '../react-internals/login/LoginWidget.tsx';
import type { Screen } from '../react-internals/login/state.ts';
import { hostLang } from '../react-internals/i18n/locales.ts';
import { checkStringOverrides, resolveStrings, type StringOverrides } from '../react-internals/strings.ts';
import { checkStyles, type StyleConfig } from '../react-internals/theme.ts';
import { forwardError, forwardEvent } from './bridge.ts';
import { type AuthElementDefinition, COMMON_PROPERTIES, type ElementProperty } from './definitions.ts';
import { RenderRoot, useClient } from './host.tsx';

/**
 * How long a connected element may stay without a client and without config.publicToken before
 * that is reported (console error and `auth-error`). Hosts commonly set `client` or `config` just
 * after connecting (a framework effect, a fetched token), so an immediate report would be noise;
 * the widget shows the 'Missing client' text meanwhile.
 */
export const MISSING_CLIENT_REPORT_MS = 1000;

/** What r2wc's element class adds to HTMLElement: the lifecycle that mounts and unmounts the React tree. */
interface ReactHostElement extends HTMLElement {
  /** Mounts the shell into the shadow root (or re-renders it when already mounted). */
  connectedCallback(): void;
  /** Unmounts the React tree. */
  disconnectedCallback(): void;
}

/**
 * The base class: r2wc's element class of {@link Shell} in a browser, an empty class where there is
 * no HTMLElement (a server: the class is then defined and never constructed). `shadow: 'open'` makes
 * r2wc attach the shadow root it renders into (a declarative one is reused);
 * `props: {}` leaves it no attribute to observe and no property to define.
 */
function elementBase(): new () => ReactHostElement {
  if (!(globalThis as { HTMLElement?: unknown }).HTMLElement) return class {} as unknown as new () => ReactHostElement;
  return r2wc(Shell, { shadow: 'open', props: {} }) as unknown as new () => ReactHostElement;
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
}

const states = new WeakMap<object, ElementState>();

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
export class AuthElement<C = unknown> extends elementBase() {
  /** The table row of this element's tag. */
  declare static readonly definition: AuthElementDefinition;

  static {
    // The object-valued properties of a row (createAuthElement) parse through the same private path.
    setObjectProperty = (el, name, raw) => el.#setObject(name, raw, 'property');
  }

  /** Attributes read: the object and string properties', plus `client` and `callbacks` (to report them). */
  static get observedAttributes(): string[] {
    // biome-ignore lint/complexity/noThisInStatic: each tag's subclass carries its own row.
    const attrs = propertiesOf(this.definition).flatMap((p) => (p.attribute ? [p.attribute] : []));
    return [...attrs, 'client', 'callbacks'];
  }

  constructor() {
    // r2wc's constructor attaches the shadow root. A declarative (server-rendered) one is reused:
    // attachShadow returns it, emptied of the server's placeholder (DOM standard, attachShadow step
    // "if this's shadow root is declarative"), rather than throwing.
    super();
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

  /** Widget config (SPEC §3): the object as given, or parsed from JSON; undefined when unset or invalid. */
  get config(): C | undefined {
    return stateOf(this).values.get('config') as C | undefined;
  }
  set config(value: C | string | null | undefined) {
    this.#setObject('config', value, 'property');
  }

  /** Theme (SPEC §3): validated per property; sets the `--auth-*` tokens. */
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

  /** Mounts the widget (r2wc: a React root in the shadow root) and reports what is wrong with the input. */
  override connectedCallback(): void {
    const s = stateOf(this);
    const def = definitionOf(this);
    // Before the widget mounts: what the row captures (a reset token in the address) is its start.
    if (def.capture && !s.captured) {
      s.captured = true;
      for (const [k, v] of Object.entries(def.capture(Object.fromEntries(s.values)))) s.values.set(k, v);
    }
    super.connectedCallback();
    this.#reportProblems();
    this.#checkClient();
  }

  /** Unmounts the widget (r2wc), unless the element is back in the document by the next microtask (a move). */
  override disconnectedCallback(): void {
    const s = stateOf(this);
    clearTimeout(s.missingClientTimer);
    s.missingClientTimer = undefined;
    // A move (remove, then insert, in one task: a framework re-ordering a list) keeps the React
    // tree and the widget's state; r2wc's own callback would unmount and mount afresh.
    queueMicrotask(() => {
      if (!this.isConnected) super.disconnectedCallback();
    });
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
      void import('../react-internals/config-check.ts').then(({ CONFIG_SHAPES, checkLoginConfig }) => {
        const s = stateOf(this);
        if (s.values.get('config') !== value) return; // replaced meanwhile
        const report = checkLoginConfig(value, CONFIG_SHAPES[def.configShape], def.readsProducts);
        this.#warn(report.warnings);
        if (report.fatal) {
          s.problems.set('config', new ConfigError(report.fatal.field, report.fatal.message));
          this.#changed();
        }
      });
    } else if (name === 'styles') this.#warn(checkStyles(value).issues);
    else if (name === 'strings') this.#warn(checkStringOverrides(value));
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
      report(
        this,
        new ConfigError(
          'client',
          'has no client: set its client property (createClient(publicToken, {apiBaseUrl})) or config.publicToken (and config.apiBaseUrl for your own server). A framework that writes objects as attributes loses both: see the README for your framework.',
        ),
      );
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

/** The component r2wc mounts: `container` is the shadow root r2wc attached; its host is the element. */
function Shell({ container }: { container?: HTMLElement }) {
  const host = container instanceof ShadowRoot ? container.host : container;
  return host ? <ElementHost element={host as AuthElement} /> : null;
}

/** Calls `onChange` when any `lang` attribute of the document changes (the observer filters on it). */
function watchLang(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
  return () => observer.disconnect();
}

/** The React side of an element: reads its values, owns the client it may create, renders the widget. */
function ElementHost({ element }: { element: AuthElement }) {
  const s = stateOf(element);
  useSyncExternalStore(
    useCallback((l: () => void) => element.subscribe(l), [element]),
    () => s.version,
  );
  const def = definitionOf(element);
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
          initialState={start.initialState}
          elementOptions={start.options}
        />
      )}
    </RenderRoot>
  );
}
