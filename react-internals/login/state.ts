/**
 * The login widget as a finite state machine (docs/reference/house-style.md#state-machines): string-literal screens, a pure reducer,
 * exhaustive switches (each returns from every case: a missing one fails the type check). The core is here (Main, the error banner, flow counting); each method's
 * screens, actions, state slice and reducer steps come from the registry (methods.ts). Widget state
 * fields follow docs/reference/elements/auth-login.md#states "Widget state".
 */
import type { LoadedUiMethod, MainTab, UiMethodEntry } from '../method.ts';
import { type MethodAction, type MethodScreen, type MethodState, UI_METHODS } from '../methods.ts';
import { loadedUiMethods, registryVersion } from '../registry.ts';

/** Every screen: Main and each registered method's. */
export type Screen = 'Main' | MethodScreen;

/** An error shown in the Main screen's warning banner. */
export interface ErrorDescriptor {
  /** Stable id of the message (a strings key or error type). */
  messageId: string;
  /** Text as shown. */
  text: string;
}

/** The shell's part of the widget state. */
export interface CoreState {
  screen: Screen;
  /** The Main tab shown: the one the user last picked, so coming back to Main reopens it. */
  mainTab: MainTab;
  errorDescriptor: ErrorDescriptor | null;
  /** Counts completed authentications, so flow-complete fires once per flow (not per render). */
  completedFlows: number;
}

/** Widget state (docs/reference/elements/auth-login.md#states): the core and every method's slice (otpState, magicLinkState, passwordState, ...). */
export type WidgetState = CoreState & MethodState;

/** What the shell itself does: back to Main, the banner, the Main tab. */
export type CoreAction =
  | { type: 'back_to_main' }
  | { type: 'set_error'; error: ErrorDescriptor | null }
  | { type: 'main_tab_selected'; tab: MainTab }
  // A method took the flow over (method.ts `takeOver`): its screen shows, whatever showed before.
  | { type: 'taken_over'; screen: Screen };

/** Everything that can happen to the widget. */
export type WidgetAction = CoreAction | MethodAction;

// Variance check and loose view of the list: each method's entry (its slice of the starting state).
const METHODS: readonly UiMethodEntry[] = UI_METHODS;
// The owner of each loaded method's action (keys are unique across methods: state.test.ts).
let owners: { version: number; map: Map<string, LoadedUiMethod> } | null = null;
const ownerOf = (type: string): LoadedUiMethod | undefined => {
  const version = registryVersion();
  if (owners?.version !== version) owners = { version, map: new Map(loadedUiMethods().flatMap((m) => Object.keys(m.actions).map((a) => [a, m] as const))) };
  return owners.map.get(type);
};

/** The state a widget starts in (docs/reference/elements/auth-login.md#mounting: Login starts on Main). */
export function initialWidgetState(screen: Screen = 'Main'): WidgetState {
  const core: CoreState = {
    screen,
    mainTab: 'email',
    errorDescriptor: null,
    completedFlows: 0,
  };
  return Object.assign(core, ...METHODS.map((m) => m.initialState));
}

function reduceCore(state: WidgetState, action: CoreAction): WidgetState {
  switch (action.type) {
    case 'back_to_main':
      // docs/reference/elements/auth-login.md#mounting: "A back arrow returns to Main"; each method forgets what it must (its `back`).
      return loadedUiMethods().reduce<WidgetState>((next, m) => m.back?.(next) ?? next, { ...state, screen: 'Main' });
    case 'set_error':
      return { ...state, errorDescriptor: action.error };
    case 'main_tab_selected':
      return state.mainTab === action.tab ? state : { ...state, mainTab: action.tab };
    case 'taken_over':
      return { ...state, screen: action.screen, errorDescriptor: null };
    default:
      // An action of a method whose chunk is not loaded: no screen of it shows, so nothing changes.
      return state;
  }
}

/** The pure transition function of the login widget: a method's action goes to that method, the rest to the core. */
export function widgetReducer(state: WidgetState, action: WidgetAction): WidgetState {
  const owner = ownerOf(action.type);
  return owner ? owner.reduce(state, action) : reduceCore(state, action as CoreAction);
}
