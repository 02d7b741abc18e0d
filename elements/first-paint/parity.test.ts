/**
 * The first paint against React (issue 16 item 1): for each config, the lit-html first screen in one
 * shadow root and React's LoginWidget in another (same widget CSS adopted, same width, same
 * bootstrap), compared as a normalized DOM (tags, classes, parts, roles, aria-*, types, names,
 * texts; generated ids and handlers ignored) and as the bounding box of every element (0.5 px).
 * Then axe-core on the first paint.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import 'axe-core';
import { render } from 'lit-html';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { type AuthClient, type BootstrapData, createClient } from '../../sdk-core/index.ts';
import { LoginWidget } from '../../react-internals/login/LoginWidget.tsx';
import { waitFor } from '../../react-internals/test-utils.ts';
import { darkTheme, rulesSheet, themeSheet } from '../../react-internals/theme.ts';
import { forgetBrowserSession, signInByEmailPasscode, testEnv, uniqueEmail } from '../../test/env.ts';
import { initialWidgetState, type WidgetState } from '../../react-internals/login/state.ts';
import '../define.ts';
import { type FirstPaintStrings, firstPaintRules, firstPaintStrings, firstScreen } from './index.ts';

const axe = (globalThis as unknown as { axe: typeof import('axe-core') }).axe;

/** One row: a config (and host styles, strings, width) the two sides draw. */
interface Case {
  name: string;
  config: Record<string, unknown>;
  styles?: Record<string, unknown>;
  strings?: Record<string, string>;
  width?: number;
  tab?: 'email' | 'sms' | 'whatsapp';
}

const google = { type: 'google' };
const github = { type: 'github' };
export const CASES: readonly Case[] = [
  { name: 'default (email OTP)', config: {} },
  { name: 'email magic links', config: { products: ['emailMagicLinks'] } },
  { name: 'passwords', config: { products: ['passwords'] } },
  { name: 'OTP email + Text tabs', config: { products: ['otp'], otpOptions: { methods: ['email', 'sms'] } } },
  { name: 'OTP Text + WhatsApp, WhatsApp selected', config: { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp'] } }, tab: 'whatsapp' },
  { name: 'OTP Text alone', config: { products: ['otp'], otpOptions: { methods: ['sms'] } } },
  { name: 'OAuth row before email OTP', config: { products: ['otp', 'oauth'], oauthOptions: { providers: [google, github] } } },
  { name: 'OAuth alone (no divider)', config: { products: ['oauth'], oauthOptions: { providers: [github, { type: 'microsoft' }] } } },
  { name: 'passkeys beside passwords', config: { products: ['passwords', 'passkeys'] } },
  { name: 'passkeys beside OAuth only (button first)', config: { products: ['oauth', 'passkeys'], oauthOptions: { providers: [github] } } },
  {
    name: 'wallets, OAuth, magic links (6-button rule)',
    config: { products: ['crypto', 'oauth', 'emailMagicLinks'], oauthOptions: { providers: [google, github] } },
  },
  { name: 'wallets alone', config: { products: ['crypto'] } },
  { name: 'passkeys alone: the config problem', config: { products: ['passkeys'] } },
  { name: 'magic links and email OTP: the config problem', config: { products: ['emailMagicLinks', 'otp'] } },
  { name: 'heading level 3, header text hidden', config: { products: ['otp'], headingLevel: 3 }, styles: { hideHeaderText: true } },
  { name: 'heading level 2, host strings', config: { headingLevel: 2 }, strings: { 'main.header': 'Welcome back', 'button.continue': 'Next' } },
  { name: 'French', config: { locale: 'fr', products: ['passwords', 'oauth'], oauthOptions: { providers: [google] } } },
  { name: 'Arabic (RTL), tabs', config: { locale: 'ar', products: ['otp'], otpOptions: { methods: ['email', 'sms'] } } },
  {
    name: 'everything at 320 px',
    config: {
      products: ['crypto', 'oauth', 'otp', 'passkeys'],
      otpOptions: { methods: ['email', 'sms', 'whatsapp'] },
      oauthOptions: { providers: [google, github, { type: 'apple' }] },
    },
    width: 320,
  },
  {
    name: 'dark theme, passkeys after Text/WhatsApp tabs, magic links',
    config: { products: ['emailMagicLinks', 'otp', 'passkeys'], otpOptions: { methods: ['sms', 'whatsapp'] } },
    styles: darkTheme as unknown as Record<string, unknown>,
  },
  { name: 'Spanish (config.locale), wallets beside email OTP at 340 px', config: { locale: 'es', products: ['crypto', 'otp'] }, width: 340 },
  { name: 'logo (a broken image both sides)', config: { products: ['passwords'] }, styles: { logo: { logoImageUrl: 'http://localhost:9/logo.png' } } },
  { name: 'config lang without a pack', config: { lang: 'en-GB', products: ['emailMagicLinks'] }, width: 360 },
];

/**
 * The page's size while the pixel comparisons run: both hosts side by side inside it. A screenshot
 * clipped beyond the viewport is taken from a temporarily resized page and came back shifted a few
 * pixels now and then (CI, 2 of 3 runs of the file: the whole React side off by its top border).
 */
const VIEWPORT = { width: 1000, height: 1400 };
/**
 * Where the React side sits on the page, right of the first paint (the widest case is 420 px): a
 * multiple of 256 px, the rasterizer's tile, so a rounded corner is anti-aliased alike on both sides
 * (at 500 px the dark theme's 12 px card corner came out 20-32 levels apart in three pixels).
 */
const REACT_LEFT = 512;

/** Where a host sits on the page, in whole px (else it flows in the body). */
interface At {
  top: number;
  left?: number;
}

/** A shadow host of `width` px with the widget's sheets adopted, as the element adopts them; placed `at` the page position when given. */
async function host(width: number, styles: unknown, config: unknown, at?: At, tag = 'auth-login'): Promise<ShadowRoot> {
  const el = document.createElement('div');
  el.style.width = `${width}px`;
  // Whole-pixel positions: both sides' text then falls on the same pixel grid, so equal layouts give equal pixels.
  if (at) Object.assign(el.style, { position: 'absolute', left: `${at.left ?? 0}px`, top: `${at.top}px` });
  document.body.append(el);
  const root = el.attachShadow({ mode: 'open' });
  const extra = (await firstPaintRules(tag, config)).map((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return sheet;
  });
  root.adoptedStyleSheets = [rulesSheet(''), themeSheet(':host', styles), ...extra];
  return root;
}

const ID_REFS = new Set(['id', 'for', 'aria-controls', 'aria-labelledby', 'aria-describedby', 'aria-activedescendant']);
const KEPT =
  /^(class|part|role|aria-.*|type|name|dir|lang|autocomplete|placeholder|tabindex|data-.*|hidden|disabled|required|novalidate|inputmode|spellcheck|href|target|rel|src|alt|width|height|viewbox|focusable|autocapitalize|autocorrect)$/;

/** One element as the comparison sees it: tag, kept attributes (id references as '#'), its own text. */
function describe1(el: Element): string {
  const attrs = [...el.attributes]
    // data-bootstrapped: React's own marker that the project's settings are in (the handover waits on it), not drawn.
    .filter((a) => (KEPT.test(a.name.toLowerCase()) && a.name !== 'data-bootstrapped') || ID_REFS.has(a.name))
    .map((a) => `${a.name}=${ID_REFS.has(a.name) ? '#' : a.value}`)
    .sort();
  const own = [...el.childNodes]
    .filter((n) => n.nodeType === Node.TEXT_NODE)
    .map((n) => n.textContent)
    .join('');
  const value = el instanceof HTMLInputElement ? ` value=${el.value}` : '';
  return `${el.localName}[${attrs.join(' ')}]${value}${own ? ` "${own}"` : ''}`;
}

/** What a comparison reads: a shadow root, or React's container inside one (its children are the widget). */
type Side = ShadowRoot | Element;

/** The element boxes are measured from: the shadow host (a display: contents container has no box). */
const originOf = (side: Side): Element => (side instanceof ShadowRoot ? side.host : (side.getRootNode() as ShadowRoot).host);

/** Every element under `root` in document order; an SVG's drawing is not compared (the first paint leaves marks empty). */
function elements(root: Side): Element[] {
  const out: Element[] = [];
  const walk = (parent: ParentNode) => {
    for (const child of parent.children) {
      out.push(child);
      if (child.localName !== 'svg') walk(child);
    }
  };
  walk(root);
  return out;
}

const snapshot = (root: Side) => elements(root).map(describe1).join('\n');

/** Each element's box relative to the host, rounded to 0.1 px. */
function boxes(root: Side): string[] {
  const origin = originOf(root).getBoundingClientRect();
  return elements(root).map((el) => {
    // No box (display: contents, or none here or above): nothing to compare.
    if (el.getClientRects().length === 0) return 'no box';
    const r = el.getBoundingClientRect();
    return [r.x - origin.x, r.y - origin.y, r.width, r.height].map((v) => v.toFixed(1)).join(',');
  });
}

/** The boxes differ by more than 0.5 px somewhere: the first such element, else null. */
function boxMismatch(a: Side, b: Side): string | null {
  const ea = elements(a);
  const ba = boxes(a);
  const bb = boxes(b);
  for (let i = 0; i < ba.length; i++) {
    if (ba[i] === 'no box' && bb[i] === 'no box') continue;
    const x = (ba[i] as string).split(',').map(Number);
    const y = (bb[i] ?? '').split(',').map(Number);
    if (x.some((v, k) => !(Math.abs(v - (y[k] ?? Number.NaN)) <= 0.5))) return `${describe1(ea[i] as Element)}: first paint ${ba[i]} vs React ${bb[i]}`;
  }
  return null;
}

/** The pixels of `el`'s box as the browser painted them (a screenshot of the page, decoded here). */
async function pixels(el: Element): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const r = el.getBoundingClientRect();
  const clip = { x: r.x + scrollX, y: r.y + scrollY, width: Math.ceil(r.width), height: Math.ceil(r.height) };
  const png = (await executeServerCommand('screenshot:clip', clip)) as string;
  const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
  ctx.drawImage(bitmap, 0, 0);
  return { width: bitmap.width, height: bitmap.height, data: ctx.getImageData(0, 0, bitmap.width, bitmap.height).data };
}

/**
 * How many pixels differ between the two hosts' screenshots by more than 16 levels in a channel (the
 * rasterizer anti-aliases rounded corners a few levels apart at different page offsets; a moved glyph or border differs by far more), outside the
 * marks the first paint leaves empty (its SVGs: the OAuth and wallet logos load with their chunks).
 */
async function pixelDiff(a: ShadowRoot, b: ShadowRoot): Promise<string> {
  const [pa, pb] = [await pixels(a.host), await pixels(b.host)];
  if (pa.width !== pb.width || pa.height !== pb.height) return `size ${pa.width}x${pa.height} vs ${pb.width}x${pb.height}`;
  const origin = a.host.getBoundingClientRect();
  const marks = [...a.querySelectorAll('svg')].map((svg) => {
    const r = svg.getBoundingClientRect();
    return { x0: r.left - origin.left - 1, y0: r.top - origin.top - 1, x1: r.right - origin.left + 1, y1: r.bottom - origin.top + 1 };
  });
  let differ = 0;
  const at: string[] = [];
  for (let i = 0; i < pa.data.length; i += 4) {
    const p = i / 4;
    const x = p % pa.width;
    const y = Math.floor(p / pa.width);
    if (marks.some((m) => x >= m.x0 && x <= m.x1 && y >= m.y0 && y <= m.y1)) continue;
    if ([0, 1, 2, 3].some((k) => Math.abs((pa.data[i + k] as number) - (pb.data[i + k] as number)) > 16)) {
      differ++;
      if (at.length < 8) at.push(`(${x},${y}) ${[...pa.data.slice(i, i + 4)]} vs ${[...pb.data.slice(i, i + 4)]}`);
    }
  }
  return `${differ} of ${pa.width * pa.height} pixels differ ${at.join('; ')}`;
}

describe('first paint: parity with React (issue 16)', () => {
  let env: { apiBaseUrl: string; publicToken: string };
  let client: AuthClient;
  let bootstrap: BootstrapData;
  let autofill: boolean;
  const cleanup: (() => void)[] = [];
  before(async () => {
    await setViewport(VIEWPORT);
    forgetBrowserSession();
    env = await testEnv();
    client = createClient(env.publicToken, { apiBaseUrl: env.apiBaseUrl, disableSessionRefresh: true });
    bootstrap = await client.bootstrap();
    const pkc = (globalThis as { PublicKeyCredential?: { isConditionalMediationAvailable?: () => Promise<boolean> } }).PublicKeyCredential;
    autofill = (await pkc?.isConditionalMediationAvailable?.()) ?? false;
  });
  afterEach(() => {
    for (const f of cleanup.splice(0)) f();
  });
  after(() => client.destroy());

  async function paint(c: Case, at?: At): Promise<{ lit: ShadowRoot; strings: FirstPaintStrings }> {
    const width = c.width ?? 420;
    const lit = await host(width, c.styles, c.config, at);
    cleanup.push(() => lit.host.remove());
    const strings = await firstPaintStrings(c.config, c.strings, document.documentElement.lang);
    let tab = c.tab;
    const draw = () =>
      render(
        firstScreen({
          tag: 'auth-login',
          config: c.config,
          styles: c.styles,
          strings,
          values: {},
          tab,
          onTab: (t) => {
            tab = t;
            draw();
          },
          onSubmit: () => undefined,
          passkeyAutofill: autofill,
          bootstrap,
        }),
        lit,
      );
    draw();
    return { lit, strings };
  }

  for (const c of CASES) {
    it(`${c.name}: same DOM and boxes as React`, async () => {
      const { lit } = await paint(c, { top: 0 });
      const react = await host(c.width ?? 420, c.styles, c.config, { top: 0, left: REACT_LEFT });
      let root: Root | null = createRoot(react as unknown as Element);
      cleanup.push(() => {
        root?.unmount();
        root = null;
        react.host.remove();
      });
      root.render(
        createElement(LoginWidget, {
          client,
          config: c.config,
          styles: c.styles,
          strings: c.strings,
          documentLang: document.documentElement.lang,
          ...(c.tab ? { initialState: undefined } : {}),
        }),
      );
      if (c.tab) {
        // React starts on the first tab; pick the case's tab as the user did in the first paint.
        const tab = await waitFor(() => react.querySelector<HTMLElement>(`.ae-tab[data-method="${c.tab}"]`), 'React tab');
        tab.click();
      }
      // React's Main settles when its lazy groups and forms are in: poll until the DOMs agree, then report any difference.
      await waitFor(() => snapshot(react) === snapshot(lit), `${c.name}: React's Main to match`, 30_000).catch(() => undefined);
      expect(snapshot(lit)).to.equal(snapshot(react));
      await waitFor(() => boxMismatch(lit, react) === null, `${c.name}: boxes`, 10_000).catch(() => undefined);
      expect(boxMismatch(lit, react)).to.equal(null);
      // The same pixels: a screenshot of each side (the text caret aside, nothing is focused), taken
      // again after a frame while they differ, so a capture that caught a frame in between is not
      // the verdict (a real difference stays).
      let diff = await pixelDiff(lit, react);
      for (let i = 0; i < 3 && !diff.startsWith('0 of '); i++) {
        await new Promise((r) => setTimeout(r, 200));
        diff = await pixelDiff(lit, react);
      }
      expect(diff).to.match(/^0 of /);
    });
  }

  it('tabs switch in the first paint: click and arrow keys call onTab, the panel follows', async () => {
    const c = CASES[3] as Case;
    const { lit } = await paint(c);
    const tabs = () => [...lit.querySelectorAll<HTMLElement>('.ae-tab')];
    expect(tabs().map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['true', 'false']);
    (tabs()[1] as HTMLElement).click();
    expect(lit.querySelector('[role="tabpanel"]')?.getAttribute('data-method')).to.equal('sms');
    expect(lit.querySelector('input[name="phone"]')).to.not.equal(null);
    (tabs()[1] as HTMLElement).focus();
    tabs()[1]?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(lit.querySelector('[role="tabpanel"]')?.getAttribute('data-method')).to.equal('email');
    expect(lit.activeElement?.getAttribute('data-method')).to.equal('email');
  });

  it('switching between Text and WhatsApp starts the other form afresh, as React keys it', async () => {
    const c = CASES[4] as Case;
    const lit = await host(420, undefined, c.config);
    cleanup.push(() => lit.host.remove());
    const strings = await firstPaintStrings(c.config, undefined, 'en');
    const draw = (tab: 'sms' | 'whatsapp') =>
      render(
        firstScreen({ tag: 'auth-login', config: c.config, styles: undefined, strings, values: {}, tab, onTab: () => undefined, onSubmit: () => undefined }),
        lit,
      );
    draw('sms');
    const sms = lit.querySelector('input[name="phone"]');
    draw('whatsapp');
    const whatsapp = lit.querySelector('input[name="phone"]');
    expect(sms).to.not.equal(null);
    expect(whatsapp).to.not.equal(sms);
    draw('whatsapp');
    expect(lit.querySelector('input[name="phone"]')).to.equal(whatsapp);
  });

  it('an early Continue is handed to onSubmit once, and the page does not navigate', async () => {
    const lit = await host(420, undefined, {});
    cleanup.push(() => lit.host.remove());
    const strings = await firstPaintStrings({}, undefined, 'en');
    const calls: string[] = [];
    render(
      firstScreen({
        tag: 'auth-login',
        config: {},
        styles: undefined,
        strings,
        values: {},
        tab: undefined,
        onTab: () => undefined,
        onSubmit: (form, e) => calls.push(`${form}:${e.defaultPrevented}`),
      }),
      lit,
    );
    lit.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
    expect(calls).to.deep.equal(['email:true']);
    // The element re-renders with the form busy: Button.tsx's busy button (focusable, announced, spinner).
    render(
      firstScreen({
        tag: 'auth-login',
        config: {},
        styles: undefined,
        strings,
        values: {},
        tab: undefined,
        onTab: () => undefined,
        onSubmit: () => undefined,
        busy: 'email',
      }),
      lit,
    );
    const button = lit.querySelector<HTMLButtonElement>('button[type="submit"]') as HTMLButtonElement;
    expect([button.getAttribute('aria-busy'), button.getAttribute('aria-disabled'), button.disabled]).to.deep.equal(['true', 'true', false]);
    expect(button.querySelector('.ae-button-spinner')).to.not.equal(null);
  });

  /** The first screen of another tag beside React's, with the element's starting state. */
  async function compareTag(tag: string, initialState: WidgetState, values: Record<string, unknown>, what: string) {
    const config = {};
    const lit = await host(420, undefined, config, undefined, tag);
    cleanup.push(() => lit.host.remove());
    const strings = await firstPaintStrings(config, undefined, document.documentElement.lang);
    render(firstScreen({ tag, config, styles: undefined, strings, values, tab: undefined, onTab: () => undefined, onSubmit: () => undefined, bootstrap }), lit);
    const react = await host(420, undefined, config);
    let root: Root | null = createRoot(react as unknown as Element);
    cleanup.push(() => {
      root?.unmount();
      root = null;
      react.host.remove();
    });
    root.render(createElement(LoginWidget, { client, config, documentLang: document.documentElement.lang, initialState }));
    await waitFor(() => snapshot(react) === snapshot(lit), `${what}: React to match`, 30_000).catch(() => undefined);
    expect(snapshot(lit)).to.equal(snapshot(react));
    await waitFor(() => boxMismatch(lit, react) === null, `${what}: boxes`, 10_000).catch(() => undefined);
    expect(boxMismatch(lit, react)).to.equal(null);
    return lit;
  }

  it('<auth-reset-password>: the new-password form (LUDS rules from the bootstrap) matches React', async () => {
    const lit = await compareTag(
      'auth-reset-password',
      { ...initialWidgetState('PasswordResetForm'), resetPasswordState: { token: 'a-reset-token', tokenType: 'reset_password' } },
      {},
      'reset',
    );
    const result = await axe.run(lit.host);
    expect(result.violations.map((v) => v.id)).to.deep.equal([]);
  });

  it('<auth-passkey-registration> signed out: the message matches React', async () => {
    await compareTag('auth-passkey-registration', initialWidgetState('PasskeyRegistrationStart'), { signedIn: false }, 'registration signed out');
  });

  it('<auth-passkey-registration> signed in: Create a Passkey and Skip match React; axe clean', async () => {
    await signInByEmailPasscode(client, uniqueEmail('first-paint-passkey'));
    try {
      const lit = await compareTag('auth-passkey-registration', initialWidgetState('PasskeyRegistrationStart'), {}, 'registration');
      const result = await axe.run(lit.host);
      expect(result.violations.map((v) => v.id)).to.deep.equal([]);
    } finally {
      await client.session.revoke({ forceClear: true }).catch(() => undefined);
    }
  });

  it("without a client: LoginWidget's 'Missing client' message", async () => {
    const lit = await host(420, undefined, {});
    cleanup.push(() => lit.host.remove());
    const strings = await firstPaintStrings({}, undefined, 'en');
    render(
      firstScreen({
        tag: 'auth-login',
        config: {},
        styles: undefined,
        strings,
        values: {},
        tab: undefined,
        onTab: () => undefined,
        onSubmit: () => undefined,
        missingClient: true,
      }),
      lit,
    );
    const react = await host(420, undefined, {});
    const root = createRoot(react as unknown as Element);
    cleanup.push(() => {
      root.unmount();
      react.host.remove();
    });
    root.render(createElement(LoginWidget, { client: null, config: {}, documentLang: 'en' }));
    await waitFor(() => react.querySelector('.ae-error'), 'React message');
    expect(snapshot(lit)).to.equal(snapshot(react));
    expect(boxMismatch(lit, react)).to.equal(null);
  });

  it("a fatal config problem: the element's own message box", async () => {
    const config = { publicToken: env.publicToken, apiBaseUrl: env.apiBaseUrl, products: ['otp'], otpOptions: { methods: [] } };
    const wrap = document.createElement('div');
    wrap.style.width = '420px';
    document.body.append(wrap);
    cleanup.push(() => wrap.remove());
    const el = document.createElement('auth-login') as HTMLElement & { config: unknown };
    el.config = config;
    wrap.append(el);
    const shown = await waitFor(() => el.shadowRoot?.querySelector('[data-config-error] .ae-error'), 'the element shows the problem');
    const lit = await host(420, undefined, config);
    cleanup.push(() => lit.host.remove());
    const strings = await firstPaintStrings(config, undefined, 'en');
    render(
      firstScreen({
        tag: 'auth-login',
        config,
        styles: undefined,
        strings,
        values: {},
        tab: undefined,
        onTab: () => undefined,
        onSubmit: () => undefined,
        problem: shown.textContent ?? '',
      }),
      lit,
    );
    // React loads at once and, for a message instead of a screen, takes over at once: compared once it
    // has (before, the element showed the first paint's own box, which this test would have read too
    // early or too late by chance), with React's container itself left out (display: contents).
    const real = await waitFor(
      () => [...(el.shadowRoot?.children ?? [])].find((c) => c.matches('[data-ae-react]') && c.querySelector('[data-config-error] .ae-error')),
      "React's message box",
      10_000,
    );
    expect(snapshot(lit)).to.equal(snapshot(real));
    expect(boxMismatch(lit, real)).to.equal(null);
  });

  it('<auth-idp-consent>: the loading state, no watermark; axe clean', async () => {
    const lit = await host(420, undefined, {});
    cleanup.push(() => lit.host.remove());
    const strings = await firstPaintStrings({}, undefined, 'en');
    render(
      firstScreen({
        tag: 'auth-idp-consent',
        config: {},
        styles: undefined,
        strings,
        values: {},
        tab: undefined,
        onTab: () => undefined,
        onSubmit: () => undefined,
        bootstrap,
      }),
      lit,
    );
    expect(lit.querySelector('.ae-root')?.getAttribute('data-screen')).to.equal('IDPConsent');
    expect(lit.querySelector('[data-idp-status="loading"]')?.textContent).to.equal('Loading...');
    expect(lit.querySelector('.ae-watermark')).to.equal(null);
    const result = await axe.run(lit.host);
    expect(result.violations.map((v) => v.id)).to.deep.equal([]);
  });

  for (const c of CASES.filter((x) =>
    ['default (email OTP)', 'Arabic (RTL), tabs', 'everything at 320 px', 'passkeys alone: the config problem'].includes(x.name),
  )) {
    it(`axe-core: the first paint is clean (${c.name})`, async () => {
      const { lit } = await paint(c);
      const result = await axe.run(lit.host);
      expect(result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).to.deep.equal([]);
    });
  }
});
