/**
 * Type tests against the packed package: consumers written as hosts write them, compiled by the
 * repository's TypeScript with `strict` and `skipLibCheck: false` (so every shipped declaration is
 * checked too), each with positive uses and `@ts-expect-error` negatives (an unused directive is
 * itself an error, so each negative must really fail): a plain TS consumer (nodenext resolution),
 * a React 18 consumer (the wrappers and the tags in JSX), and Vue and Svelte template typings.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { packedKit, repo } from './packed.ts';

/** Writes `files` and a tsconfig into the host project's folder `name`, compiles it, returns tsc's output. */
async function compile(name: string, compilerOptions: Record<string, unknown>, files: Record<string, string>): Promise<{ status: number | null; output: string }> {
  const { app } = await packedKit();
  const dir = join(app, 'consumers', name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        types: [],
        ...compilerOptions,
      },
      include: Object.keys(files),
    }),
  );
  const r = spawnSync(join(repo, 'node_modules', '.bin', 'tsc'), ['-p', dir], { encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

const PLAIN = `
import { createClient, darkTheme, defineAuthElements, mountLogin, type AuthErrorDetail, type AuthEvent, type LoginConfig, AuthEventType, ApiError } from 'auth-elements';
import { createClient as headless } from 'auth-elements/client';
import 'auth-elements/define';

defineAuthElements();
const client = createClient('public-token-test-x', { apiBaseUrl: 'http://localhost:8787' });
headless('public-token-test-x');
const login = document.querySelector('auth-login')!;
login.client = client;
login.config = { products: ['otp', 'passkeys'], otpOptions: { methods: ['email', 'sms'] } };
login.config = '{"products":["otp"]}';
login.styles = darkTheme;
login.styles = { colors: { primary: 'var(--brand, #123456)' }, container: { width: 'calc(100% - 2rem)' } };
login.strings = { 'main.header': 'Welcome' };
login.callbacks = { onEvent: (e: AuthEvent) => void e.type, onError: (e: AuthErrorDetail) => void e.message };
const cfg: LoginConfig | undefined = login.config;
void cfg;
login.addEventListener('auth-event', (e) => {
  if (e.detail.type === AuthEventType.OTP_EMAIL_LOGIN_OR_CREATE) {
    const email: string = e.detail.data.email;
    void email;
  }
});
login.addEventListener('auth-error', (e) => {
  const name: string = e.detail.name;
  const field: string | undefined = e.detail.field;
  void name;
  void field;
});
const reset = document.createElement('auth-reset-password');
reset.passwordResetToken = 'token';
const passkeys = document.createElement('auth-passkey-registration');
passkeys.config = { sessionOptions: { sessionDurationMinutes: 60 } };
mountLogin('#login', { config: { products: ['emailMagicLinks'] } });
const err = new ApiError({ status_code: 400, error_type: 'x', error_message: 'y', error_url: '' });
const errName: string = err.name;
void errName;

// Negatives: each line below must be a type error.
// @ts-expect-error a config key that does not exist
login.config = { prodcts: ['otp'] };
// @ts-expect-error a product that does not exist
login.config = { products: ['otpp'] };
// @ts-expect-error an OTP method that does not exist
login.config = { otpOptions: { methods: ['fax'] } };
// @ts-expect-error the passkey element takes no products
passkeys.config = { products: ['otp'] };
login.addEventListener('auth-event', (e) => {
  // @ts-expect-error detail.type is a string, not a number
  const n: number = e.detail.type;
  void n;
});
login.addEventListener('auth-error', (e) => {
  // @ts-expect-error an error detail has no data
  void e.detail.data;
});
// @ts-expect-error a string token property takes text, not a number
reset.passwordResetToken = 42;
// @ts-expect-error the login element has no reset token
login.passwordResetToken = 'x';
// @ts-expect-error a style field that does not exist
login.styles = { colours: {} };
`;

const REACT = `
import { useRef } from 'react';
import { AuthLogin, AuthResetPassword, AuthPasskeyRegistration, createClient, type AuthLoginElement } from 'auth-elements/react';

const client = createClient('public-token-test-x');

export function App() {
  const ref = useRef<AuthLoginElement>(null);
  return (
    <main>
      <AuthLogin
        ref={ref}
        className="login"
        client={client}
        config={{ products: ['otp'], otpOptions: { methods: ['email'] } }}
        styles={{ colors: { primary: '#112233' } }}
        onAuthEvent={(e) => console.log(e.detail.type)}
        onAuthError={(e) => console.log(e.detail.message, e.detail.error_type)}
      />
      <AuthResetPassword passwordResetToken="t" config={{ products: ['passwords'] }} />
      <AuthPasskeyRegistration client={client} />
      <auth-login class="tag" config={{ products: ['otp'] }} onauth-event={(e) => console.log(e.detail.type)} />
      <auth-passkey-registration client={client} />
      {/* @ts-expect-error a config key that does not exist */}
      <AuthLogin config={{ prodcts: ['otp'] }} />
      {/* @ts-expect-error a product that does not exist */}
      <auth-login config={{ products: ['otpp'] }} />
      {/* @ts-expect-error a property the tag does not have */}
      <auth-login confg={{}} />
      <AuthLogin
        onAuthError={(e) => {
          // @ts-expect-error an error's message is text
          const n: number = e.detail.message;
          void n;
        }}
      />
      {/* @ts-expect-error the reset token is text */}
      <AuthResetPassword passwordResetToken={1} />
    </main>
  );
}
`;

const VUE = `
import type {} from 'auth-elements/vue';
import type { GlobalComponents } from 'vue';

type LoginProps = InstanceType<GlobalComponents['auth-login']>['$props'];
const ok: LoginProps = {
  config: { products: ['otp'] },
  onAuthEvent: (e) => console.log(e.detail.type),
};
void ok;
// @ts-expect-error a product that does not exist
const bad: LoginProps = { config: { products: ['otpp'] } };
void bad;
type ResetProps = InstanceType<GlobalComponents['auth-reset-password']>['$props'];
const reset: ResetProps = { passwordResetToken: 't' };
void reset;
`;

const SVELTE = `
import type {} from 'auth-elements/svelte';
import type { SvelteHTMLElements } from 'svelte/elements';

const ok: SvelteHTMLElements['auth-login'] = {
  config: { products: ['otp'] },
  'onauth-event': (e) => console.log(e.detail.type),
  class: 'login',
};
void ok;
// @ts-expect-error a config key that does not exist
const bad: SvelteHTMLElements['auth-login'] = { config: { prodcts: [] } };
void bad;
const err: SvelteHTMLElements['auth-passkey-registration'] = {
  // @ts-expect-error an error's message is text
  'onauth-error': (e) => { const n: number = e.detail.message; void n; },
};
void err;
`;

describe('types of the packed package', () => {
  it('a plain TypeScript consumer (nodenext) compiles, and each negative fails', async () => {
    const r = await compile('plain', { module: 'NodeNext', moduleResolution: 'NodeNext' }, { 'main.ts': PLAIN });
    assert.equal(r.output, '');
    assert.equal(r.status, 0);
  });

  it('a React 18 consumer (wrappers and tags in JSX) compiles, and each negative fails', async () => {
    const r = await compile(
      'react',
      { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx', types: [] },
      { 'app.tsx': REACT },
    );
    assert.equal(r.output, '');
    assert.equal(r.status, 0);
  });

  it('Vue template typings (GlobalComponents) type the tags', async () => {
    const r = await compile('vue', { module: 'ESNext', moduleResolution: 'Bundler' }, { 'env.ts': VUE });
    assert.equal(r.output, '');
    assert.equal(r.status, 0);
  });

  it('Svelte 5 element typings (svelte/elements) type the tags', async () => {
    const r = await compile('svelte', { module: 'ESNext', moduleResolution: 'Bundler' }, { 'app.ts': SVELTE });
    assert.equal(r.output, '');
    assert.equal(r.status, 0);
  });

  it('a consumer that gets a config wrong is told so (the checker is really running)', async () => {
    const r = await compile('wrong', { module: 'NodeNext', moduleResolution: 'NodeNext' }, {
      'main.ts': `import 'auth-elements/define';\ndocument.querySelector('auth-login')!.config = { prodcts: ['otp'] };\n`,
    });
    assert.notEqual(r.status, 0);
    assert.match(r.output, /prodcts/);
  });
});
