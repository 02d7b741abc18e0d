/**
 * What a sign-in method brings to the widgets (docs/reference/house-style.md#method-registry "A method is a plain object registered in
 * one list"): one entry per method folder (`UiMethodEntry`, its `entry.ts`), listed once in
 * methods.ts, which loads the rest of the method (`UiMethod`, its `index.ts`) when a widget uses it
 * (registry.ts). From the entries the widget assembles its config products and checks and its
 * starting state; from the loaded methods its screens, state machine (actions, reducer steps),
 * Main's forms and groups and its texts.
 *
 * The interface names no React type (a component is a {@link View}): the public declarations
 * derived from the registry (DEFAULT_STRINGS, AuthEventType, WidgetState, Product) must compile
 * for hosts without React's types.
 */
import type { AuthClient } from '../sdk-core/index.ts';
import type { ResolvedLoginConfig } from './config.ts';
import type { WidgetState } from './login/state.ts';

/** A component of a method (a screen, a Main form or group): a React function component the shell renders. */
export type View<P = Record<string, never>> = (props: P) => unknown;

/**
 * How a config field is checked (config-check.ts): a scalar kind, an array of strings
 * (`stringList`), an object of string values (`stringMap`), a list of allowed strings (`oneOf`), one
 * allowed string (`enum`), an array of option objects (`items`), or a nested option object.
 */
export type Rule =
  | 'string'
  | 'url'
  | 'positiveNumber'
  | 'boolean'
  | 'domain'
  | 'stringList'
  | 'stringMap'
  | { readonly oneOf: readonly string[] }
  | { readonly enum: readonly string[] }
  | { readonly items: Shape }
  | Shape;
/** The fields of a config option object and how each is checked. */
export type Shape = { readonly [key: string]: Rule };

/** A tab of Main: Email, Text (SMS) or WhatsApp (docs/reference/elements/auth-login.md#main-screen "Main screen"). */
export type MainTab = 'email' | 'sms' | 'whatsapp';

/** A form a method offers on one of Main's tabs. */
export interface MainForm {
  /** The tab it fills. */
  readonly tab: MainTab;
  /** Which form it is (`emailVariant`'s answer for the Email tab). */
  readonly variant: string;
  /**
   * Where several methods offer a form for one tab, the lowest rank wins (docs/reference/methods/passwords.md#screens: "A password
   * product turns the Email tab into the password flow": passwords 0, magic links 1, email OTP 2).
   */
  readonly rank: number;
  /** Whether the config offers this form. */
  when(config: ResolvedLoginConfig): boolean;
  /** The form: a `lazyScreen` of its own chunk, so a config that does not offer it never loads its code. */
  readonly Form: View;
  /**
   * Fetches the form's chunk and its next step's (the screen its Continue leads to): Main calls it
   * for every tab it offers, and `preloadFirstScreen` (preload.ts) awaits it for the first tab, so
   * the form renders in React's first commit and Continue changes the screen without a loading frame.
   */
  preload(): Promise<void>;
}

/** Where Main renders a group: before or after its forms. */
export type MainSide = 'before' | 'after';

/** Props Main gives a group at each side of the forms. */
export interface MainGroupProps {
  side: MainSide;
  /** Whether Main shows forms (a group puts its own 'or' divider toward them). */
  hasForms: boolean;
}

/**
 * A method's part of Main outside the tabs (docs/reference/elements/auth-login.md#main-screen "Main screen": wallet and OAuth buttons before
 * the form; the passkey button before or after it). Main renders the group on both sides of its
 * forms; the group renders at the side it belongs to (which may depend on the browser) and nothing
 * at the other, with an 'or' divider toward the forms.
 */
export interface MainGroup {
  /** Groups render in ascending order on each side. */
  readonly order: number;
  /** Whether the config shows the group. */
  when(config: ResolvedLoginConfig): boolean;
  /** The group: a `lazyScreen` of its own chunk, so a config without the product never loads it. */
  readonly Group: View<MainGroupProps>;
  /**
   * Fetches the group's chunk and what it shows at once for this config (OAuth's One Tap, say) or
   * leads to next, and with the widget's client what the group asks it before its first render (the
   * passkey button's side); `preloadFirstScreen` (preload.ts) awaits it, so the group renders in
   * React's first commit.
   */
  preload(config: ResolvedLoginConfig, client?: AuthClient): Promise<void>;
}

/** The types a method declares; the registry derives the widget's unions from them. */
export interface MethodTypes {
  /** The docs/reference/elements/auth-login.md#screens screens it owns. */
  screen: string;
  /** Its actions (each with a string-literal `type`). */
  action: { type: string };
  /** The config products it serves (docs/reference/config.md#products `products`). */
  product: string;
  /** Its texts: key -> English default. */
  strings: Readonly<Record<string, string>>;
  /** Its host events: event type -> data. */
  events: object;
  /** Its slice of the widget state (docs/reference/elements/auth-login.md#states "Widget state"). */
  state: object;
  /** Its option objects in the host's config, as the host types them (e.g. `{ otpOptions?: OTPOptions }`). */
  options: object;
  /** Its part of the resolved config the widget reads (e.g. `otpMethods`, `otpExpirationMinutes`). */
  config: object;
}

/** One thing wrong with a host's config: where, and what (config-check.ts). */
export interface ConfigIssue {
  /** The path of the field at fault, e.g. `config.products[1]`. */
  field: string;
  /** What is wrong, naming the field and what would be accepted. */
  message: string;
}

/**
 * What the widget knows of a method before it knows the config (its folder's `entry.ts`, listed in
 * methods.ts and read at once): its name and products, its option checks and how to read them, its screens' names and its
 * slice of the starting state. The rest (screens, reducer, texts, host events, Main's forms and groups:
 * {@link UiMethod}) is the
 * method's own chunk, loaded only when the config or the start screen uses it (issue 16: an
 * email-passcode widget fetches none of OAuth's, wallets', passwords' or passkeys' code).
 */
export interface UiMethodEntry<T extends MethodTypes = MethodTypes> {
  /** The method's folder name, the same in every layer (`otps`, `magic-links`, `webauthn`, ...). */
  readonly name: string;
  /** Methods whose public start function it calls (their `index.ts` export only); they load with it. */
  readonly uses?: readonly string[];
  /** The config products it serves. */
  readonly products: readonly T['product'][];
  /** The checks of each of its option objects in the config (config-check.ts). */
  readonly options: { readonly [K in keyof T['options']]-?: Shape };
  /** Reads its option objects from the host's config (anything: checked field by field), defaults filled. */
  resolve(raw: Readonly<Record<string, unknown>>): T['config'];
  /**
   * Why its product offers nothing in this config (OTP with no usable channel), or null: config-check
   * makes it fatal when no other product is usable, a warning otherwise.
   */
  offersNothing?(raw: Readonly<Record<string, unknown>>, resolved: ResolvedLoginConfig): ConfigIssue | null;
  /** The names of the screens it owns (a widget starting on one loads the method). */
  readonly screenNames: readonly T['screen'][];
  /** Its slice of the starting state. */
  readonly initialState: T['state'];
  /**
   * How the shell frames its screens when they stand apart from sign-in (the identity provider's
   * consent): the telemetry event a widget starting on one of them logs instead of
   * `render_login_screen`, and whether the watermark shows under them (default: it does).
   */
  readonly frame?: { readonly renderEvent?: string; readonly watermark?: boolean };
  /**
   * Lets the method take the flow over when the client says so, whatever screen shows (two-step
   * sign-in: a first factor that answered `mfa_required`): subscribe to the client, call `show` with
   * the method's screen (and the host event that says so, one of its own), return how to stop. The
   * shell subscribes once per client.
   */
  takeOver?(client: AuthClient, show: (screen: T['screen'], event?: { readonly type: string; readonly data: unknown }) => void): () => void;
  /** Loads the rest of the method: its `index.ts`, a chunk of its own (registry.ts). */
  load(): Promise<UiMethod<T>>;
}

/** A sign-in method's UI beyond its entry: its folder's `index.ts` object, in the method's own chunk. */
export interface UiMethod<T extends MethodTypes = MethodTypes> {
  /** Every screen it owns, with its component (eager, or through `lazyScreen`). */
  readonly screens: { readonly [S in T['screen']]: View };
  /** Every action it owns (the reducer routes each to its owner). */
  readonly actions: { readonly [A in T['action']['type']]: true };
  /**
   * Its reducer steps: the next state for one of its actions (the state itself when the action
   * does not apply where the widget is). Pure, like the whole state machine; an exhaustive switch
   * (a missing case fails the type check: the function would lack a return).
   */
  reduce(state: WidgetState, action: T['action']): WidgetState;
  /** What it forgets of its slice when the user goes back to Main (docs/reference/elements/auth-login.md#mounting back arrow); default nothing. */
  back?(state: WidgetState): WidgetState;
  /** Its texts (keys unique across the table). */
  readonly strings: T['strings'];
  /** Its host event types (each value is its key). */
  readonly events: { readonly [E in keyof T['events']]: E };
  /** Forms it offers on Main's tabs. */
  readonly forms?: readonly MainForm[];
  /** Its group on Main outside the tabs. */
  readonly main?: MainGroup;
}

/** A method whose chunk is in: its entry and the rest, as the shell uses it. */
export type LoadedUiMethod = UiMethodEntry & UiMethod;
