/**
 * Every `part` name the widgets put on their elements, for host CSS (`auth-login::part(heading)`):
 * documentation only (the Custom Elements Manifest, the editor data, the README), kept out of the
 * browser bundle. The shell's and the shared components' parts are here; each method declares its
 * own in its folder's `parts.ts` (listed in method-parts.ts). test/package/manifest.test.ts checks
 * the table against the `part` attributes in the components, so it cannot drift from what is
 * rendered; test/ui-methods.test.ts checks each method part is declared by the method that renders it.
 */
import { METHOD_PARTS } from './method-parts.ts';

/** One part's row in the reference tables: its place among all parts (ascending) and its one-line doc. */
export interface PartDoc {
  /**
   * Where the row sits in the tables: the shell's parts are at 10, 20, ...; a method's part takes a
   * free number beside the parts it belongs with (its field among the fields, its button among the
   * buttons), so the tables read by kind rather than by method.
   */
  readonly at: number;
  readonly doc: string;
}

/** Part names with their rows (the shell's table below, each method's in its `parts.ts`). */
export type PartTable = { readonly [name: string]: PartDoc };

/** The parts of the shell and of the shared components (react-internals/components/), used by every method. */
const SHELL_PARTS = {
  container: { at: 10, doc: 'The widget box (background, border, radius, padding).' },
  heading: { at: 20, doc: 'The title of each screen (an h1).' },
  text: { at: 30, doc: 'Body text under a title.' },
  label: { at: 40, doc: 'Field labels and list titles.' },
  helper: { at: 50, doc: 'Helper text: countdowns, hints, "Didn\u2019t get it?".' },
  error: { at: 60, doc: 'Every error or warning message.' },
  'field-error': { at: 70, doc: 'The error under a field (also part "error").' },
  banner: { at: 80, doc: 'The warning banner on Main.' },
  logo: { at: 90, doc: 'The logo image.' },
  input: { at: 100, doc: 'Every text input and select.' },
  'email-input': { at: 110, doc: 'The email field.' },
  button: { at: 180, doc: 'Every button and button-styled link.' },
  'primary-button': { at: 190, doc: 'Primary (submit) buttons.' },
  'secondary-button': { at: 200, doc: 'Secondary buttons (mailbox links, passkey buttons, Skip).' },
  'link-button': { at: 210, doc: 'Text buttons that look like links.' },
  'back-button': { at: 220, doc: 'The back arrow.' },
  // Rendered by more than one method (a code resend, an email resend), so named once here.
  'resend-button': { at: 250, doc: 'The passcode and email resend buttons.' },
  'resend-error': { at: 260, doc: 'Why a resend failed, under the resend button.' },
  tablist: { at: 400, doc: 'The Email / Text / WhatsApp tab row.' },
  tab: { at: 410, doc: 'Each tab.' },
  'tab-selected': { at: 420, doc: 'The selected tab.' },
  divider: { at: 430, doc: 'The "or" divider between method groups.' },
  progress: { at: 440, doc: 'The "Verifying passcode..." bar.' },
  loading: { at: 460, doc: 'A hidden marker present while a Main form is sending (the spinner is inside the pressed button).' },
  toasts: { at: 470, doc: 'The toast list.' },
  toast: { at: 480, doc: 'Each toast.' },
  'toast-success': { at: 490, doc: 'A success toast.' },
  'toast-error': { at: 500, doc: 'An error toast.' },
  'toast-dismiss': { at: 510, doc: 'The dismiss button of a toast.' },
  watermark: { at: 520, doc: 'The "Powered by" line.' },
} as const satisfies PartTable;

type MethodPartName = { [I in keyof typeof METHOD_PARTS]: keyof (typeof METHOD_PARTS)[I] }[number];

/** One part name. */
export type PartName = keyof typeof SHELL_PARTS | MethodPartName;

/** The shell's and every method's rows, one per name, in `at` order; a name or place given twice is an error. */
function assemble(tables: readonly PartTable[]): Readonly<Record<PartName, string>> {
  const rows: [string, PartDoc][] = [];
  const names = new Set<string>();
  const places = new Map<number, string>();
  for (const table of tables) {
    for (const [name, row] of Object.entries(table)) {
      if (names.has(name)) throw new Error(`part "${name}" is declared twice`);
      if (places.has(row.at)) throw new Error(`parts "${places.get(row.at)}" and "${name}" are both at ${row.at}`);
      names.add(name);
      places.set(row.at, name);
      rows.push([name, row]);
    }
  }
  rows.sort((a, b) => a[1].at - b[1].at);
  return Object.fromEntries(rows.map(([name, row]) => [name, row.doc])) as Record<PartName, string>;
}

/** Every part name with its one-line doc, in the order of the reference tables. */
export const PARTS: Readonly<Record<PartName, string>> = assemble([SHELL_PARTS, ...METHOD_PARTS]);
