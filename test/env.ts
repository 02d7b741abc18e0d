/**
 * Browser-test support: where the reference server of this test run is, and the dev inbox, which
 * is how a test reads the code or link a real user would read in their mailbox.
 */

import { eventually } from './time.ts';
import type { AuthClient } from '../sdk-core/index.ts';
import type { InboxMessage } from '../sdk-core/schemas/index.ts';

export type { InboxMessage };

/** Where the run's reference server listens and the test project's token. */
export interface TestEnv {
  apiBaseUrl: string;
  publicToken: string;
  /** A second server whose project does not require PKCE (magic links, resets): the one-click step's home. */
  withoutPkce: { apiBaseUrl: string; publicToken: string };
}

let envPromise: Promise<TestEnv> | null = null;

/** The reference server of this test run (started by web-test-runner.config.mjs). */
export function testEnv(): Promise<TestEnv> {
  envPromise ??= fetch('/__auth_test_env.json').then((r) => r.json() as Promise<TestEnv>);
  return envPromise;
}

/** An address no other test uses, so inbox reads never see another test's mail. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Messages sent to `to` by either server of the run (addresses are unique per test), newest first. */
export async function inbox(to: string): Promise<InboxMessage[]> {
  const env = await testEnv();
  const lists = await Promise.all(
    [env.apiBaseUrl, env.withoutPkce.apiBaseUrl].map(async (base) => {
      const r = await fetch(`${base}/dev/inbox.json?to=${encodeURIComponent(to)}`);
      return ((await r.json()) as { messages: InboxMessage[] }).messages;
    }),
  );
  // One address is used against one server, so at most one list holds anything.
  return lists.flat().filter((m) => m.to === to);
}

/** Waits until `to` has received `count` messages and returns the newest. */
export async function waitForMessage(to: string, count = 1, timeoutMs = 8000): Promise<InboxMessage> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const list = await inbox(to);
    if (list.length >= count && list[0]) return list[0];
    if (Date.now() > end) throw new Error(`no message #${count} for ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Signs `client` in by email passcode outside any widget (the code read from the dev inbox), as
 * the host app would have before the widget shows; resolves to the authenticate answer.
 */
export async function signInByEmailPasscode(client: AuthClient, email: string): ReturnType<AuthClient['otps']['authenticate']> {
  const { method_id } = await client.otps.email.loginOrCreate(email);
  return client.otps.authenticate((await waitForMessage(email)).code!, method_id, {
    session_duration_minutes: 30,
  });
}

/**
 * Wraps window.fetch to record the path of every request the page makes, and how many are still
 * unanswered (`inFlight()`), until `restore()` puts the real fetch back (call it in a `finally`).
 */
export function recordFetchedPaths(): { paths: string[]; inFlight(): number; restore(): void } {
  const paths: string[] = [];
  let open = 0;
  const realFetch = window.fetch;
  window.fetch = (input, init) => {
    paths.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    open += 1;
    const answer = realFetch(input, init);
    const answered = () => {
      open -= 1;
    };
    answer.then(answered, answered);
    return answer;
  };
  return {
    paths,
    inFlight: () => open,
    restore: () => {
      window.fetch = realFetch;
    },
  };
}

/**
 * Resolves with what `predicate` returns once it is truthy (polling every 10 ms; an async predicate,
 * such as a question to the server, is awaited each time); fails after `ms` (default 30 s, inside the
 * browser runner's 60 s per test: a loaded machine answers a server round trip in seconds, and the
 * wait ends as soon as the state is there), naming `what`. The one polling helper of the tests
 * (test/time.ts `eventually`), under the name the browser tests use.
 */
export const waitFor: <T>(predicate: () => T | null | undefined | false | Promise<T | null | undefined | false>, what?: string, ms?: number) => Promise<T> = (
  predicate,
  what,
  ms = 30_000,
) => eventually(predicate, what, ms);

/** Sets a React-controlled input's value the way typing would (React ignores plain .value writes). */
export function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Forgets any session an earlier test file left in this browser (test files share one profile, so
 * cookies and localStorage outlive a page): call before creating a client that must start signed out.
 */
export function forgetBrowserSession(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: a synchronous reset between tests; the Cookie Store API is asynchronous
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  try {
    localStorage.clear();
  } catch {
    // storage disabled: nothing to forget
  }
}

/**
 * Where a widget element's UI is: its shadow root, or the element itself in light-DOM mode
 * (`config.enableShadowDOM: false`, where the shadow root holds only a slot).
 */
export function widgetRoot(el: HTMLElement): ParentNode {
  return el.shadowRoot?.querySelector('.ae-root') ? el.shadowRoot : el;
}

/**
 * Signs in through `el`, an `<auth-login>` offering email passcodes, as a user would: types
 * `email`, submits, types the passcode read from the dev inbox; resolves on the success screen.
 */
export async function signInThroughLogin(el: HTMLElement, email: string): Promise<void> {
  const q = <T extends Element>(selector: string) => widgetRoot(el).querySelector<T>(selector);
  typeInto(await waitFor(() => q<HTMLInputElement>('input[type="email"]'), 'email input'), email);
  q<HTMLButtonElement>('button[type="submit"]')!.click();
  const otp = await waitFor(() => q<HTMLInputElement>('input[autocomplete="one-time-code"]'), 'passcode input');
  typeInto(otp, (await waitForMessage(email)).code!);
  await waitFor(() => el.getAttribute('data-screen') === 'OTPConfirmation', 'OTPConfirmation');
}

/**
 * Resolves once an element's React side has taken over from its first paint (issue 16), for tests
 * of what only React does (events, `data-screen`, busy states). A user needs no such wait: what they
 * do on the first paint is handed over.
 */
export async function whenReact(el: HTMLElement): Promise<void> {
  const container = () => [...(el.shadowRoot?.children ?? [])].find((c): c is HTMLElement => c instanceof HTMLElement && c.hasAttribute('data-ae-react'));
  await eventually(() => container()?.style.display === 'contents' || undefined, 'React took over');
}
