/**
 * The one element implementation (createAuthElement) as hosts and frameworks drive it, in real
 * Chromium against the real reference server: every way `config` arrives (object property,
 * JSON attribute, JSON string property, own property before the tag is defined), what a
 * framework's mistakes look like ("[object Object]", `client` as an attribute, no client at all),
 * the config and styles checks, the design tokens and parts, and the layout below 400 px.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import { ConfigError } from '../sdk-core/index.ts';
import type { LoginConfig } from '../react-internals/config.ts';
import type { AuthErrorDetail } from '../react-internals/events.ts';
import { darkTheme } from '../react-internals/theme.ts';
import { waitFor } from '../react-internals/test-utils.ts';
import { testEnv, whenReact } from '../test/env.ts';
import { MISSING_CLIENT_REPORT_MS } from './element.ts';
import type { AuthLoginElement } from './login.tsx';
import { defineAuthElements, defineLogin } from './registry.ts';

/** Records console.warn / console.error lines while `fn` runs (and until the returned stop()). */
function recordConsole(): { warns: string[]; errors: string[]; stop: () => void } {
  const warns: string[] = [];
  const errors: string[] = [];
  const { warn, error } = console;
  console.warn = (...args: unknown[]) => {
    warns.push(args.map(String).join(' '));
  };
  console.error = (...args: unknown[]) => {
    errors.push(args.map(String).join(' '));
  };
  return {
    warns,
    errors,
    stop: () => {
      console.warn = warn;
      console.error = error;
    },
  };
}

/** Collects uncaught errors on the page. */
function recordUncaught(): { errors: string[]; stop: () => void } {
  const errors: string[] = [];
  const onError = (e: ErrorEvent) => errors.push(e.message);
  const onRejection = (e: PromiseRejectionEvent) => errors.push(String(e.reason));
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return {
    errors,
    stop: () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    },
  };
}

const text = (el: Element) => el.shadowRoot?.textContent ?? '';
// A test that keeps a node of the widget across an await takes it after the handover (whenReact):
// the first paint's nodes are replaced by React's, and a replaced node has no computed style.

describe('createAuthElement: how config arrives', () => {
  let env: { apiBaseUrl: string; publicToken: string };
  before(async () => {
    env = await testEnv();
  });
  const config = (): LoginConfig => ({ publicToken: env.publicToken, apiBaseUrl: env.apiBaseUrl, otpOptions: { methods: ['email'] } });

  // First: the tag is not defined yet in this page.
  it('takes properties set before the tag was defined (own properties on the un-upgraded element), and hears its errors', async () => {
    expect(customElements.get('auth-reset-password')).to.equal(undefined);
    const early = document.createElement('auth-reset-password') as unknown as HTMLElement & Record<string, unknown>;
    const cfg = config();
    early['config'] = cfg;
    early['passwordResetToken'] = 'tok-123';
    const bad = document.createElement('auth-login') as unknown as HTMLElement & Record<string, unknown>;
    const errors: AuthErrorDetail[] = [];
    bad.addEventListener('auth-error', (e) => errors.push((e as CustomEvent<AuthErrorDetail>).detail));
    bad.setAttribute('config', '[object Object]');
    const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
    wrapper.append(early, bad);
    defineAuthElements();
    const reset = early as unknown as { config: LoginConfig; passwordResetToken: string } & HTMLElement;
    expect(reset.config).to.equal(cfg);
    expect(reset.passwordResetToken).to.equal('tok-123');
    expect(Object.hasOwn(early, 'config')).to.equal(false);
    await waitFor(() => early.getAttribute('data-screen') === 'PasswordResetForm', 'reset form');
    // The listener added before the element was even defined hears the error, once.
    await waitFor(() => errors.length > 0, 'auth-error');
    expect(errors).to.have.length(1);
    expect(errors[0]).to.include({ name: 'ConfigError', code: 'config_error', field: 'config' });
    expect(errors[0]!.message).to.contain('"[object Object]"');
  });

  it('keeps the config object as given, and never mirrors it into an attribute', async () => {
    const el = await fixture<AuthLoginElement>(html`<auth-login></auth-login>`);
    const cfg = config();
    el.config = cfg;
    expect(el.config).to.equal(cfg);
    expect(el.hasAttribute('config')).to.equal(false);
    await waitFor(() => el.shadowRoot!.querySelector('input[type="email"]'), 'email input');
    expect(el.config).to.equal(cfg);
    expect(el.hasAttribute('config')).to.equal(false);
  });

  it('parses a JSON string property and a JSON attribute', async () => {
    const el = await fixture<AuthLoginElement>(html`<auth-login></auth-login>`);
    el.config = JSON.stringify(config());
    await waitFor(() => el.shadowRoot!.querySelector('input[type="email"]'), 'email input from a JSON property');
    expect(el.config).to.deep.equal(config());
    const attr = await fixture<AuthLoginElement>(html`<auth-login config=${JSON.stringify(config())}></auth-login>`);
    await waitFor(() => attr.shadowRoot!.querySelector('input[type="email"]'), 'email input from the attribute');
  });

  it('"[object Object]" from a framework: a clear error on the widget, in the console and as auth-error; nothing uncaught', async () => {
    const uncaught = recordUncaught();
    const log = recordConsole();
    try {
      const el = document.createElement('auth-login');
      const errors: AuthErrorDetail[] = [];
      el.addEventListener('auth-error', (e) => errors.push(e.detail));
      el.setAttribute('config', '[object Object]');
      (await fixture<HTMLDivElement>(html`<div></div>`)).append(el);
      await waitFor(() => text(el).includes('something turned the object into text'), 'on-widget message');
      expect(el.shadowRoot!.querySelector('[part~="error"]')!.getAttribute('role')).to.equal('alert');
      expect(errors.map((e) => e.name)).to.deep.equal(['ConfigError']);
      expect(log.errors.some((l) => l.startsWith('auth-elements: <auth-login> config arrived as the text "[object Object]"'))).to.equal(true);
      // Fixing it (a real object) replaces the error with the widget.
      el.config = config();
      await waitFor(() => el.shadowRoot!.querySelector('input[type="email"]'), 'email input after the fix');
      expect(uncaught.errors).to.deep.equal([]);
    } finally {
      log.stop();
      uncaught.stop();
    }
  });

  it('invalid JSON, a JSON array, a number: each a ConfigError naming the input', async () => {
    const log = recordConsole();
    try {
      const el = await fixture<AuthLoginElement>(html`<auth-login></auth-login>`);
      const errors: AuthErrorDetail[] = [];
      el.addEventListener('auth-error', (e) => errors.push(e.detail));
      el.config = '{"products": [';
      await waitFor(() => text(el).includes('config is not valid JSON'), 'bad JSON message');
      el.config = '["otp"]';
      await waitFor(() => text(el).includes('config JSON must hold an object, not an array'), 'array message');
      (el as unknown as { config: unknown }).config = 5;
      await waitFor(() => text(el).includes('config must be an object, not number'), 'number message');
      el.styles = '{bad';
      expect(errors.map((e) => e.field)).to.deep.equal(['config', 'config', 'config', 'styles']);
      expect(errors.every((e) => e.name === 'ConfigError')).to.equal(true);
    } finally {
      log.stop();
    }
  });

  it('client written as an attribute is reported; a missing client is said on the widget, in the console and as auth-error', async () => {
    const log = recordConsole();
    try {
      const el = document.createElement('auth-login');
      const errors: AuthErrorDetail[] = [];
      el.addEventListener('auth-error', (e) => errors.push(e.detail));
      el.setAttribute('client', '[object Object]');
      const started = Date.now();
      (await fixture<HTMLDivElement>(html`<div></div>`)).append(el);
      expect(errors.map((e) => e.field)).to.deep.equal(['client']);
      expect(errors[0]!.message).to.contain('client arrived as the attribute "[object Object]"');
      await waitFor(() => text(el).includes('Missing client'), 'on-widget message');
      await waitFor(() => errors.length === 2, 'missing-client report', MISSING_CLIENT_REPORT_MS + 4000);
      expect(Date.now() - started).to.be.at.least(MISSING_CLIENT_REPORT_MS - 50);
      expect(errors[1]).to.include({ name: 'ConfigError', field: 'client' });
      expect(errors[1]!.message).to.contain('has no client');
      // An attribute was written: the attribute hint, not the hydration one.
      expect(errors[1]!.message).to.contain('as attributes');
      expect(errors[1]!.message).not.to.contain('hydrat');
      expect(log.errors.filter((l) => l.includes('has no client'))).to.have.length(1);
    } finally {
      log.stop();
    }
  });

  it('a server-rendered tag hydrated with nothing given (React 19 hydration) is told so: the report names hydration and the wrappers, not attributes', async () => {
    const log = recordConsole();
    try {
      // What React 19 leaves after hydrating server markup: the tag in the page, no property, no
      // attribute and no listener (facebook/react#35446).
      const host = await fixture<HTMLDivElement>(html`<div></div>`);
      host.innerHTML = '<auth-login></auth-login>';
      const el = host.firstElementChild as AuthLoginElement;
      const errors: AuthErrorDetail[] = [];
      el.addEventListener('auth-error', (e) => errors.push(e.detail));
      await waitFor(() => text(el).includes('Missing client'), 'on-widget message');
      await waitFor(() => errors.length === 1, 'missing-client report', MISSING_CLIENT_REPORT_MS + 4000);
      expect(errors[0]).to.include({ name: 'ConfigError', field: 'client' });
      expect(errors[0]!.message).to.contain('has no client and no config');
      expect(errors[0]!.message).to.contain('hydrat');
      expect(errors[0]!.message).to.contain('auth-elements/react');
      expect(errors[0]!.message).not.to.contain('as attributes');
      expect(log.errors.filter((l) => l.includes('React 19'))).to.have.length(1);
    } finally {
      log.stop();
    }
  });

  it('a config without publicToken and no client: the report asks for a client, and names no hydration', async () => {
    const log = recordConsole();
    try {
      const el = document.createElement('auth-login') as AuthLoginElement;
      const errors: AuthErrorDetail[] = [];
      el.addEventListener('auth-error', (e) => errors.push(e.detail));
      el.config = { products: ['otp'], otpOptions: { methods: ['email'] } };
      (await fixture<HTMLDivElement>(html`<div></div>`)).append(el);
      await waitFor(() => errors.length === 1, 'missing-client report', MISSING_CLIENT_REPORT_MS + 4000);
      expect(errors[0]).to.include({ name: 'ConfigError', field: 'client' });
      expect(errors[0]!.message).to.contain('has no client:');
      expect(errors[0]!.message).not.to.contain('hydrat');
    } finally {
      log.stop();
    }
  });

  it('a client or publicToken set soon after connecting is not reported', async () => {
    const el = await fixture<AuthLoginElement>(html`<auth-login></auth-login>`);
    const errors: AuthErrorDetail[] = [];
    el.addEventListener('auth-error', (e) => errors.push(e.detail));
    await new Promise((r) => setTimeout(r, 50));
    el.config = config();
    await waitFor(() => el.shadowRoot!.querySelector('input[type="email"]'), 'email input');
    await new Promise((r) => setTimeout(r, MISSING_CLIENT_REPORT_MS + 200));
    expect(errors).to.deep.equal([]);
  });
});

describe('createAuthElement: misconfiguration is loud', () => {
  let env: { apiBaseUrl: string; publicToken: string };
  before(async () => {
    env = await testEnv();
    defineLogin();
  });
  const base = () => ({ publicToken: env.publicToken, apiBaseUrl: env.apiBaseUrl });

  async function withConfig(config: unknown, styles?: unknown) {
    const log = recordConsole();
    const el = await fixture<AuthLoginElement>(html`<auth-login></auth-login>`);
    const errors: AuthErrorDetail[] = [];
    el.addEventListener('auth-error', (e) => errors.push(e.detail));
    if (styles !== undefined) (el as unknown as { styles: unknown }).styles = styles;
    (el as unknown as { config: unknown }).config = config;
    return { el, errors, log };
  }

  it('an unknown product and an unknown key are warned about by name; the rest still renders', async () => {
    const { el, log } = await withConfig({ ...base(), products: ['otp', 'otpp'], otpOptions: { methods: ['email'], expirationMinute: 5 } });
    try {
      await waitFor(() => el.shadowRoot!.querySelector('input[type="email"]'), 'email input');
      await waitFor(() => log.warns.length >= 2, 'warnings');
      expect(log.warns).to.include.members([
        'auth-elements: <auth-login> config.products[1] "otpp" is not a product; expected one of "emailMagicLinks", "passwords", "otp", "oauth", "passkeys", "crypto". It is ignored',
        'auth-elements: <auth-login> config.otpOptions.expirationMinute is not an option; expected one of "methods", "expirationMinutes", "loginTemplateId", "signupTemplateId", "locale". It is ignored',
      ]);
    } finally {
      log.stop();
    }
  });

  for (const [what, config, message] of [
    ['empty products', { products: [] }, 'config.products is empty'],
    ['only unknown products', { products: ['otpp'] }, 'config.products has no product this widget can show'],
    ['OAuth without providers', { products: ['oauth'] }, 'config.oauthOptions.providers names no provider'],
    ['empty OTP methods', { products: ['otp'], otpOptions: { methods: [] } }, 'config.otpOptions.methods is empty'],
  ] as const) {
    it(`${what}: an error on the widget, in the console and as auth-error`, async () => {
      const { el, errors, log } = await withConfig({ ...base(), ...config });
      try {
        await waitFor(() => text(el).includes(message), 'on-widget error');
        expect(el.shadowRoot!.querySelector('input')).to.equal(null);
        await waitFor(() => errors.length > 0, 'auth-error');
        expect(errors[0]).to.include({ name: 'ConfigError', code: 'config_error' });
        expect(errors[0]!.message).to.contain(message);
        expect(log.errors.some((l) => l.includes(message))).to.equal(true);
      } finally {
        log.stop();
      }
    });
  }

  it('OAuth and crypto wallets, the last products to land, render beside OTP with no "not available yet" warning', async () => {
    const { el, log } = await withConfig({
      ...base(),
      products: ['otp', 'oauth', 'crypto'],
      otpOptions: { methods: ['email'] },
      oauthOptions: { providers: [{ type: 'github' }] },
    });
    try {
      await waitFor(() => el.shadowRoot!.querySelector('[data-oauth-provider="github"]'), 'OAuth button');
      await waitFor(() => el.shadowRoot!.querySelector('[data-wallet]'), 'wallet buttons');
      expect(log.warns.filter((w) => w.includes('not available yet'))).to.deep.equal([]);
    } finally {
      log.stop();
    }
  });

  it('styles: var() and calc() apply; unsafe or wrong values are dropped with a warning naming the field', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div style="--brand: rgb(10, 20, 30)"><auth-login></auth-login></div>`);
    const el = wrapper.querySelector('auth-login')!;
    const log = recordConsole();
    try {
      el.styles = {
        colors: { primary: 'var(--brand, #000000)', error: 'red;}body{display:none' },
        container: { borderRadius: 'calc(2px * 3)' },
        colours: {},
      } as never;
      el.config = base();
      await whenReact(el);
      const h1 = await waitFor(() => el.shadowRoot!.querySelector('h1'), 'heading');
      await waitFor(() => getComputedStyle(h1).color === 'rgb(10, 20, 30)', 'var() colour');
      expect(getComputedStyle(el.shadowRoot!.querySelector('[part~="container"]')!).borderTopLeftRadius).to.equal('6px');
      expect(log.warns.filter((w) => w.includes('styles.'))).to.deep.equal([
        'auth-elements: <auth-login> styles.colors.error "red;}body{display:none" is not a colour (hex, rgb(), hsl(), a colour name, or var(--x, fallback)); it is dropped',
        'auth-elements: <auth-login> styles.colours is not a style option; expected one of "fontFamily", "hideHeaderText", "logo", "colors", "container", "buttons", "inputs". It is ignored',
      ]);
    } finally {
      log.stop();
    }
  });
});

describe('theming and layout', () => {
  let env: { apiBaseUrl: string; publicToken: string };
  before(async () => {
    env = await testEnv();
    defineLogin();
  });
  afterEach(() => {
    document.documentElement.style.removeProperty('--auth-color-primary');
    document.documentElement.style.removeProperty('--auth-input-height');
  });
  const config = (): LoginConfig => ({ publicToken: env.publicToken, apiBaseUrl: env.apiBaseUrl, otpOptions: { methods: ['email'] } });

  it('every token inherits from :root and ancestors; the styles property still wins on the element', async () => {
    document.documentElement.style.setProperty('--auth-color-primary', 'rgb(1, 2, 3)');
    document.documentElement.style.setProperty('--auth-input-height', '60px');
    const wrapper = await fixture<HTMLDivElement>(html`<div style="--auth-button-height: 52px"><auth-login></auth-login></div>`);
    const el = wrapper.querySelector('auth-login')!;
    el.config = config();
    const root = el.shadowRoot!;
    await whenReact(el);
    const input = await waitFor(() => root.querySelector('input[type="email"]'), 'email input');
    expect(getComputedStyle(root.querySelector('h1')!).color).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(input).height).to.equal('60px');
    expect(getComputedStyle(root.querySelector('button[type="submit"]')!).height).to.equal('52px');
    // The primary button follows the primary colour token by default.
    expect(getComputedStyle(root.querySelector('button[type="submit"]')!).backgroundColor).to.equal('rgb(1, 2, 3)');
    el.styles = { colors: { primary: '#ff0000' } };
    await waitFor(() => getComputedStyle(root.querySelector('h1')!).color === 'rgb(255, 0, 0)', 'styles over :root');
    // Without any token anywhere, the reference defaults.
    document.documentElement.style.removeProperty('--auth-input-height');
    expect(getComputedStyle(input).height).to.equal('47px');
  });

  it('exposes heading, label, helper and field-error parts to host CSS', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div>
      <style>
        auth-login::part(heading) { color: rgb(9, 8, 7); }
        auth-login::part(label) { color: rgb(7, 8, 9); }
        auth-login::part(field-error) { color: rgb(1, 1, 1); }
      </style>
      <auth-login></auth-login>
    </div>`);
    const el = wrapper.querySelector('auth-login')!;
    el.config = config();
    const root = el.shadowRoot!;
    await whenReact(el);
    const input = await waitFor(() => root.querySelector<HTMLInputElement>('input[type="email"]'), 'email input');
    expect(getComputedStyle(root.querySelector('[part~="heading"]')!).color).to.equal('rgb(9, 8, 7)');
    expect(getComputedStyle(root.querySelector('[part~="label"]')!).color).to.equal('rgb(7, 8, 9)');
    input.value = 'nope';
    root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    const fieldError = await waitFor(() => {
      const e = root.querySelector('[part~="field-error"]');
      return e?.textContent ? e : null;
    }, 'field error');
    expect(fieldError.getAttribute('part')).to.equal('error field-error');
    expect(getComputedStyle(fieldError).color).to.equal('rgb(1, 1, 1)');
  });

  it('shows hover and pressed states on the primary button', async () => {
    const el = await fixture<AuthLoginElement>(html`<auth-login></auth-login>`);
    el.config = config();
    await whenReact(el);
    const button = await waitFor(() => el.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]'), 'button');
    expect(getComputedStyle(button).backgroundImage).to.equal('none');
    const box = button.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
    await waitFor(() => getComputedStyle(button).backgroundImage.startsWith('linear-gradient'), 'hover tint');
    const hover = getComputedStyle(button).backgroundImage;
    await sendMouse({ type: 'down' });
    await waitFor(() => getComputedStyle(button).backgroundImage !== hover, 'pressed tint');
    await sendMouse({ type: 'up' });
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('applies the dark preset', async () => {
    const el = await fixture<AuthLoginElement>(html`<auth-login></auth-login>`);
    el.styles = darkTheme;
    el.config = config();
    // The first render (before the config) shows 'Missing client' in a box of its own: wait for the form's.
    await waitFor(() => el.shadowRoot!.querySelector('input[type="email"]'), 'email input');
    await whenReact(el);
    const box = el.shadowRoot!.querySelector('[part~="container"]')!;
    await waitFor(() => getComputedStyle(box).backgroundColor === 'rgb(19, 33, 42)', 'dark background');
    expect(getComputedStyle(el.shadowRoot!.querySelector('h1')!).color).to.equal('rgb(232, 238, 241)');
  });

  for (const [where, markup] of [
    ['a grid cell', html`<div style="display:grid;grid-template-columns:1fr;width:320px"><auth-login></auth-login></div>`],
    ['a table cell', html`<table style="width:320px;border-collapse:collapse"><tr><td style="padding:0"><auth-login></auth-login></td></tr></table>`],
    ['a flex item', html`<div style="display:flex;width:320px"><auth-login></auth-login></div>`],
  ] as const) {
    it(`shrinks to 320 px in ${where} without overflowing`, async () => {
      const wrapper = await fixture<HTMLElement>(markup);
      const el = wrapper.querySelector('auth-login')!;
      el.config = { ...config(), otpOptions: { methods: ['email', 'sms', 'whatsapp'] } };
      await waitFor(() => el.shadowRoot!.querySelector('input'), 'an input');
      await whenReact(el as HTMLElement);
      const box = el.shadowRoot!.querySelector<HTMLElement>('[part~="container"]')!;
      expect(el.getBoundingClientRect().width).to.be.at.most(320);
      expect(box.getBoundingClientRect().width).to.be.at.most(320);
      expect(box.scrollWidth).to.be.at.most(box.clientWidth);
      expect(wrapper.scrollWidth).to.be.at.most(320);
      // Toasts are fixed to the viewport, not laid out in the box.
      for (const child of box.querySelectorAll(':not(.ae-toasts, .ae-toasts *)'))
        expect(child.getBoundingClientRect().right, child.outerHTML.slice(0, 60)).to.be.at.most(box.getBoundingClientRect().right + 0.5);
    });
  }

  it('is 400 px wide where there is room (docs/reference/constants.md#widget widget width)', async () => {
    const el = await fixture<AuthLoginElement>(html`<auth-login></auth-login>`);
    el.config = config();
    await waitFor(() => el.shadowRoot!.querySelector('input[type="email"]'), 'email input');
    expect(getComputedStyle(el.shadowRoot!.querySelector('[part~="container"]')!).width).to.equal('400px');
  });
});

describe('error names survive minification', () => {
  it('each SDK error class names itself', () => {
    expect(new ConfigError('config', 'x').name).to.equal('ConfigError');
  });
});
