/**
 * The harness of the Node-run end-to-end tests (`*.e2e.test.ts`): a reference server of their own
 * (SQLite in a temp folder) serving the built bundle at /dist/ and a host page at /, on a free port,
 * and the test Chromium driven through playwright-core. `e2eHarness()` registers the before() that
 * starts them and the after() that stops them and removes the temp folders.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type AppInstance, type AppOptions, createApp } from '../server/app.ts';
import type { ServerMethod } from '../server/method.ts';
import { SERVER_METHODS } from '../server/methods.ts';
import type { InboxMessage, InboxResponse } from '../sdk-core/schemas/index.ts';
import { chromiumLaunchOptions } from './chromium.mjs';

// The in-process apps hash passwords at the tests' cost, as the server tests' apps do (server/test-helpers.ts).
for (const m of SERVER_METHODS as readonly ServerMethod[]) m.cheapWorkForTests?.();

export { uniqueEmail } from './env.ts';

/** The repository's root folder. */
export const root = fileURLToPath(new URL('..', import.meta.url));

/** What {@link e2eHarness} serves. */
export interface E2eOptions {
  /** Names the temp folders: `auth-elements-{name}-…`. */
  name: string;
  /**
   * At /: this HTML as index.html of a temp folder, or a folder of pages (`{ dir }`). The server
   * sends its strict page CSP (no inline script or style), so the HTML's inline `<script>` and
   * `<style>` blocks are written to files beside it and referenced from there.
   */
  page: string | { dir: string };
  /** Any further createApp options (bootstrap settings, logger). */
  app?: Omit<AppOptions, 'dataDir' | 'staticDirs'>;
}

/** The running harness; its fields are there from before() on. */
export interface E2e {
  /** The server app (its services, its publicToken). */
  readonly instance: AppInstance;
  /** The server's base URL, `http://localhost:{port}`. */
  readonly base: string;
  readonly browser: Browser;
  /** Dev-inbox messages sent to `to`, newest first. */
  messagesTo(to: string): Promise<InboxMessage[]>;
  /** The passcode of the newest message to `to`, waited for (up to 10 s). */
  latestCode(to: string): Promise<string>;
  /** The link of the newest message to `to`, waited for (up to 10 s). */
  latestLink(to: string): Promise<string>;
}

/** What {@link watchPages} has seen so far. */
export interface PageWatch {
  /** Every Content-Security-Policy violation: directive, blocked URI, source location. */
  readonly cspViolations: string[];
  /** Every uncaught error and unhandled rejection of a page. */
  readonly pageErrors: string[];
}

/**
 * Records, for every page of `context` from now on and across navigations, each CSP violation
 * (a `securitypolicyviolation` listener installed before any page script) and each uncaught error.
 */
export async function watchPages(context: BrowserContext): Promise<PageWatch> {
  const watch = { cspViolations: [] as string[], pageErrors: [] as string[] };
  await context.exposeBinding('__e2eCspViolation', (_source, line: string) => {
    watch.cspViolations.push(line);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __e2eCspViolation(line: string): void }).__e2eCspViolation;
    document.addEventListener(
      'securitypolicyviolation',
      (e) => report(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} on ${location.pathname}`),
      true,
    );
  });
  const onPage = (page: import('playwright-core').Page) => page.on('pageerror', (e) => watch.pageErrors.push(`${page.url()}: ${e.message}`));
  for (const page of context.pages()) onPage(page);
  context.on('page', onPage);
  return watch;
}

/**
 * Moves inline `<script>` and `<style>` blocks of `html` into files in `dir` and returns the HTML
 * referencing them, as a host under a `script-src 'self'; style-src 'self'` CSP has to.
 */
export function externalizeInline(html: string, dir: string): string {
  let n = 0;
  return html
    .replace(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi, (whole, attrs: string | undefined, body: string) => {
      if (/\ssrc=/i.test(attrs ?? '') || body.trim() === '') return whole;
      const file = `inline-${++n}.js`;
      writeFileSync(join(dir, file), body);
      return `<script${attrs ?? ''} src="/${file}"></script>`;
    })
    .replace(/<style(\s[^>]*)?>([\s\S]*?)<\/style>/gi, (_whole, _attrs: string | undefined, body: string) => {
      const file = `inline-${++n}.css`;
      writeFileSync(join(dir, file), body);
      return `<link rel="stylesheet" href="/${file}">`;
    });
}

/**
 * How long a Playwright wait or action may take before it fails (Playwright's own default is 30 s). A
 * wait ends as soon as the state is there, so this bound only decides how a busy machine is treated: a
 * test waits for what the user would see rather than failing because the machine was slow
 * (`npm run test:stress` runs the end-to-end files beside a CPU hog).
 */
const WAIT_MS = 120_000;

/** `browser` whose new contexts and pages wait up to {@link WAIT_MS}. */
function patient(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (o) => {
    const c = await newContext(o);
    c.setDefaultTimeout(WAIT_MS);
    return c;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (o) => {
    const p = await newPage(o);
    p.context().setDefaultTimeout(WAIT_MS);
    return p;
  };
  return browser;
}

/**
 * One Chromium per process, shared by every harness in it: a shard of end-to-end files
 * (scripts/node-shard.mjs) runs several files one after another, and a file may hold several harnesses.
 * Each harness has its own browser contexts, so nothing of one file's pages reaches another's.
 */
let shared: Promise<Browser> | undefined;
let users = 0;
let closing: ReturnType<typeof setTimeout> | undefined;

/** How long an unused shared browser stays open in a shard: the next file's before() follows at once. */
const SHARD_LINGER_MS = 5_000;

function acquireBrowser(): Promise<Browser> {
  users += 1;
  clearTimeout(closing);
  shared ??= chromium.launch(chromiumLaunchOptions).then(patient);
  return shared;
}

/** Closes the shared browser once no harness uses it; in a shard, after a pause a next file would end. */
function releaseBrowser(): Promise<void> {
  users -= 1;
  if (users > 0 || !shared) return Promise.resolve();
  const closeNow = async () => {
    const b = shared;
    shared = undefined;
    await (await b)?.close();
  };
  if (!(globalThis as { aeTestShard?: boolean }).aeTestShard) return closeNow();
  closing = setTimeout(() => {
    if (users === 0) closeNow().catch(() => undefined);
  }, SHARD_LINGER_MS);
  return Promise.resolve();
}

/** Registers before() and after() for a server and a browser; use the result inside the tests. */
export function e2eHarness(opts: E2eOptions): E2e {
  let instance: AppInstance | undefined;
  let server: ReturnType<typeof serve> | undefined;
  let browser: Browser | undefined;
  let base: string | undefined;
  const dirs: string[] = [];

  before(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), `auth-elements-${opts.name}-`));
    dirs.push(dataDir);
    let pageDir: string;
    if (typeof opts.page === 'string') {
      pageDir = mkdtempSync(join(tmpdir(), `auth-elements-${opts.name}-page-`));
      dirs.push(pageDir);
      writeFileSync(join(pageDir, 'index.html'), externalizeInline(opts.page, pageDir));
    } else {
      pageDir = opts.page.dir;
    }
    const app = await createApp({
      ...opts.app,
      dataDir,
      staticDirs: [
        { urlPrefix: '/dist/', dir: join(root, 'dist') },
        { urlPrefix: '/', dir: pageDir },
      ],
    });
    instance = app;
    server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    base = `http://localhost:${(server.address() as AddressInfo).port}`;
    browser = await acquireBrowser();
  });

  after(async () => {
    if (browser) await releaseBrowser();
    const s = server;
    if (s) {
      await new Promise<void>((resolve) => {
        s.close(() => resolve());
        // Keep-alive sockets would hold close() open; the server is going away, so drop them.
        if ('closeAllConnections' in s) s.closeAllConnections();
      });
    }
    await instance?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`e2e harness: no ${what} before before() has run`);
    return value;
  };

  async function messagesTo(to: string): Promise<InboxMessage[]> {
    const r = await fetch(`${started(base, 'server')}/dev/inbox.json?to=${encodeURIComponent(to)}`);
    return ((await r.json()) as InboxResponse).messages.filter((m) => m.to === to);
  }

  async function newest(to: string, field: 'code' | 'link'): Promise<string> {
    // The message leaves through the outbox; on a busy machine that can take seconds. The bound only
    // ends a wait for a message that never comes.
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      const value = (await messagesTo(to))[0]?.[field];
      if (value) return value;
      await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error(`no ${field} for ${to}`);
  }

  return {
    get instance() {
      return started(instance, 'server');
    },
    get base() {
      return started(base, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    messagesTo,
    latestCode: (to) => newest(to, 'code'),
    latestLink: (to) => newest(to, 'link'),
  };
}

let axeSource: string | undefined;

/**
 * axe-core's violations ("id: help [targets]" lines) inside the first element matching `selector`, or the
 * whole document when it is omitted. The source is evaluated through the DevTools protocol: the test
 * pages' CSP (script-src 'self') refuses a script tag. In forced colours axe 4 reads the author's text
 * colour against the forced background, which is not what is painted: its contrast rule is off there.
 */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  axeSource ??= readFileSync(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  return page.evaluate(async (sel) => {
    type Result = { violations: { id: string; help: string; nodes: { target: unknown }[] }[] };
    const axe = (window as unknown as { axe: { run(el: Element | Document, o: object): Promise<Result> } }).axe;
    const context = sel === null ? document : document.querySelector(sel);
    if (!context) throw new Error(`axeViolations: nothing matches ${sel}`);
    const options = matchMedia('(forced-colors: active)').matches ? { rules: { 'color-contrast': { enabled: false } } } : {};
    const result = await axe.run(context, options);
    return result.violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  }, selector ?? null);
}

/** Gives `page` a platform authenticator with user verification (it stays across navigations): the visitor's device. */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/**
 * Waits until `<auth-login>` (or `tag`) shows `screen`: its data-screen attribute names it and the
 * screen is drawn. A lazily loaded screen is chosen (the attribute changes) before its chunk arrives,
 * and until then it has no title: an axe run at that moment found no level-one heading (mfa.e2e, under
 * load). Drawn means its title or the field focus moves to is there, what the widget's focus rule waits for.
 */
export function screenIs(page: Page, screen: string, tag = 'auth-login'): Promise<unknown> {
  return page.waitForFunction(
    ([t, s]) => {
      const el = document.querySelector(t);
      if (el?.getAttribute('data-screen') !== s) return false;
      return (el.shadowRoot ?? el).querySelector(`[data-screen="${s}"] :is(.ae-header, [data-autofocus])`) !== null;
    },
    [tag, screen] as const,
  );
}

/**
 * At `url`, the first factor by email passcode in `<auth-login>`: the email, Enter, then the
 * newest passcode from the dev inbox typed in (the widget submits six digits by itself).
 */
export async function emailPasscodeSignIn(e2e: E2e, page: Page, email: string, url = `${e2e.base}/`): Promise<void> {
  await page.goto(url);
  await page.locator('auth-login input[name="email"]').fill(email);
  await page.keyboard.press('Enter');
  await screenIs(page, 'OTPAuthenticate');
  await page.locator('auth-login input[name="otp"]').fill(await e2e.latestCode(email));
}
