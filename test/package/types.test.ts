/**
 * Type tests against the packed package: consumers written as hosts write them, compiled by the
 * repository's TypeScript with `strict` and `skipLibCheck: false` (so every shipped declaration is
 * checked too), each with positive uses and `@ts-expect-error` negatives (an unused directive is
 * itself an error, so each negative must really fail): a plain TS consumer (nodenext resolution),
 * a React 18 consumer (the wrappers and the tags in JSX), a React 19 consumer (@types/react 19, in a
 * second host project), Vue and Svelte template typings, and an Angular component compiled by ngc
 * with strictTemplates (templates cannot hold `@ts-expect-error`: a negative template line carries
 * an `<!-- error TSnnnn -->` comment, and ngc must report exactly those lines and codes).
 */
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { stripVTControlCharacters } from 'node:util';
import { hostProject, packedKit, repo } from './packed.ts';

/** A Node backend using auth-elements/server: the verifier, its error, the adapters' shapes. */
const SERVER = `
import { createServer } from 'node:http';
import { createSessionVerifier, expressSession, isSessionVerificationError, nextSession, type VerifiedSession } from 'auth-elements/server';

const verifier = createSessionVerifier({ serverUrl: 'https://auth.example.com', projectId: 'project-test-x', secret: 'secret-test-x' });
const guard = expressSession(verifier, { required: false });
createServer(async (req, res) => {
  const auth: VerifiedSession | null = await verifier.verify(req, { maxAgeSeconds: 60 }).catch((e: unknown) => {
    if (isSessionVerificationError(e) && e.code === 'revoked') return null;
    throw e;
  });
  const roles: string[] = auth?.session.roles ?? [];
  void guard(req, res, () => undefined);
  res.end(JSON.stringify({ user: auth?.userId, roles }));
});
void nextSession(verifier, { cookies: { get: (name: string) => (name === 'stytch_session_jwt' ? { value: 'x' } : undefined) } });
void verifier.verify({ stytch_session_jwt: 'x' });
// @ts-expect-error: the algorithm allowlist has no HMAC
createSessionVerifier({ serverUrl: 'https://auth.example.com', projectId: 'p', algorithms: ['HS256'] });
`;

/** Writes `files` and a tsconfig into the folder `name` of a host project, compiles it, returns tsc's output. */
async function compile(
  name: string,
  compilerOptions: Record<string, unknown>,
  files: Record<string, string>,
  project?: string,
): Promise<{ status: number | null; output: string }> {
  const app = project ?? (await packedKit()).app;
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
import { createClient, darkTheme, defineAuthElements, mountIdentityProvider, mountLogin, mountUserProfile, type AuthErrorDetail, type AuthEvent, type LoginConfig, AuthEventType, ApiError } from 'auth-elements';
import { createClient as headless } from 'auth-elements/client';
import { isAuthorized, isValidEmail, USER_FACTORS, WebAuthnCeremonyError } from 'auth-elements/helpers';
import 'auth-elements/define';

defineAuthElements();
const client = createClient('public-token-test-x', { apiBaseUrl: 'http://localhost:8787' });
headless('public-token-test-x');
const helpersOk: boolean = isValidEmail('ada@example.com') && !isAuthorized(null, [], 'documents', 'read') && 'email' in USER_FACTORS;
void helpersOk;
const ceremony: unknown = new Error('x');
if (ceremony instanceof WebAuthnCeremonyError) void ceremony.reason;
if (ceremony instanceof ApiError) void ceremony.error_type;
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
const consent = document.createElement('auth-idp-consent');
consent.getIDPConsentManifest = ({ scopes, clientName }) => [{ header: clientName, items: [...scopes, { text: 'x', details: ['y'] }] }];
consent.authTokenParams = { trustedAuthToken: 't', tokenProfileID: 'p' };
mountIdentityProvider('#consent', { client, navigate: (url) => location.assign(url) });
const profile = document.createElement('auth-user-profile');
profile.config = { sections: ['profile', 'emails', 'sessions'], oauthProviders: ['github'] };
mountUserProfile('#account', { client, config: { sections: ['deleteAccount'] } });
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
// @ts-expect-error a profile section that does not exist
profile.config = { sections: ['billing'] };
// @ts-expect-error a consent list item is text or {text, details}
consent.getIDPConsentManifest = () => [{ header: 'h', items: [3] }];
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

const REACT19 = `
import { useRef } from 'react';
import { AuthLogin, AuthPasskeyRegistration, AuthResetPassword, createClient, defineAuthElements, type AuthLoginElement, type LoginConfig } from 'auth-elements/react';

defineAuthElements();
const client = createClient('public-token-test-x');
const config: LoginConfig = { products: ['otp'], otpOptions: { methods: ['email'] } };

export function App() {
  // React 19: useRef(null) is a RefObject<AuthLoginElement | null>, passed as a plain prop.
  const ref = useRef<AuthLoginElement>(null);
  return (
    <main>
      <auth-login
        ref={ref}
        className="login"
        client={client}
        config={config}
        styles={{ colors: { primary: '#112233' } }}
        strings={{ 'main.header': 'Welcome' }}
        onauth-event={(e) => {
          if (e.detail.type === 'OTP_AUTHENTICATE') console.log(e.detail.data.user.user_id);
        }}
        onauth-error={(e) => console.log(e.detail.message, e.detail.field)}
      />
      <auth-reset-password passwordResetToken="t" config={{ products: ['passwords'] }} />
      <auth-passkey-registration client={client} config={{ sessionOptions: { sessionDurationMinutes: 60 } }} />
      <AuthLogin ref={ref} className="login" config={config} onAuthEvent={(e) => console.log(e.detail.type)} />
      <AuthResetPassword passwordResetToken="t" onAuthError={(e) => console.log(e.detail.name)} />
      <AuthPasskeyRegistration client={client} />
      {/* @ts-expect-error a product that does not exist */}
      <auth-login config={{ products: ['otpp'] }} />
      {/* @ts-expect-error a property the tag does not have */}
      <auth-login confg={{}} />
      <auth-login
        onauth-event={(e) => {
          // @ts-expect-error detail.type is text
          const n: number = e.detail.type;
          void n;
        }}
      />
      {/* @ts-expect-error the passkey element takes no products */}
      <auth-passkey-registration config={{ products: ['otp'] }} />
      {/* @ts-expect-error a config key that does not exist */}
      <AuthLogin config={{ prodcts: ['otp'] }} />
      {/* @ts-expect-error the reset token is text */}
      <AuthResetPassword passwordResetToken={1} />
    </main>
  );
}
`;

/** The Angular consumer: the case, \`(auth-event)="onEvent($event)"\` with a typed handler, under strictTemplates. */
const ANGULAR = `
import { Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import type { AuthErrorDetail, AuthEvent, LoginConfig } from 'auth-elements';
import { AuthEventType } from 'auth-elements';
import 'auth-elements/define';

@Component({
  selector: 'app-sign-in',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: \`
    <auth-login [config]="config" (auth-event)="onEvent($event)" (auth-error)="onError($event)"></auth-login>
    <auth-login (auth-event)="last.set($event.detail.type)" (auth-error)="field.set($event.detail.field)"></auth-login>
    <auth-reset-password [passwordResetToken]="token" (auth-event)="onEvent($event)"></auth-reset-password>
    <auth-passkey-registration (auth-error)="onError($event)"></auth-passkey-registration>
  \`,
})
export class SignInComponent {
  readonly config: LoginConfig = { products: ['otp'], otpOptions: { methods: ['email'] } };
  // @ts-expect-error a product that does not exist
  readonly wrong: LoginConfig = { products: ['otpp'] };
  readonly token = 'reset-token';
  readonly last = signal<string>('');
  readonly field = signal<string | undefined>(undefined);
  onEvent(e: CustomEvent<AuthEvent>): void {
    if (e.detail.type === AuthEventType.OTP_EMAIL_LOGIN_OR_CREATE) {
      const email: string = e.detail.data.email;
      void email;
    }
    // @ts-expect-error detail.type is text
    const n: number = e.detail.type;
    void n;
  }
  onError(e: CustomEvent<AuthErrorDetail>): void {
    const message: string = e.detail.message;
    void message;
  }
}
`;

/** Template negatives: each marked line must be an error with that code, and nothing else may be. */
const ANGULAR_NEGATIVE = `
import { Component, CUSTOM_ELEMENTS_SCHEMA } from '@angular/core';
import type { AuthErrorDetail } from 'auth-elements';
import 'auth-elements/define';

@Component({
  selector: 'app-wrong',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: \`
    <auth-login (auth-event)="onError($event)"></auth-login> <!-- error TS2345: an event is not an error -->
    <auth-login (auth-error)="count($event.detail.message)"></auth-login> <!-- error TS2345: a message is text -->
    <auth-login (auth-event)="last = $event.detail.nope"></auth-login> <!-- error TS2339: no such field -->
    <auth-passkey-registration (auth-error)="last = $event.detail.data"></auth-passkey-registration> <!-- error TS2339: an error has no data -->
  \`,
})
export class WrongComponent {
  last: unknown;
  onError(e: CustomEvent<AuthErrorDetail>): void {
    void e;
  }
  count(n: number): void {
    void n;
  }
}
`;

/** Compiles an Angular consumer with ngc (strictTemplates) in the packed host project; resolves to ngc's output. */
async function ngc(name: string, source: string): Promise<{ code: number; output: string }> {
  const { app } = await packedKit();
  const dir = join(app, 'consumers', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'component.ts'), source);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ES2022',
        moduleResolution: 'Bundler',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        strict: true,
        // Angular's own declarations are not ours to check (and slow); the kit's are checked by
        // the other consumers with skipLibCheck off.
        skipLibCheck: true,
        noEmit: true,
        types: [],
      },
      files: ['component.ts'],
      angularCompilerOptions: { strictTemplates: true, strictInjectionParameters: true },
    }),
  );
  // ngc and its TypeScript (5.9: Angular's compiler needs TypeScript's JS API) are the Angular host app's.
  const cli = dirname(createRequire(join(repo, 'demo/hosts/angular/package.json')).resolve('@angular/compiler-cli/package.json'));
  return new Promise((resolve) => {
    execFile(process.execPath, [join(cli, 'bundles/src/bin/ngc.js'), '-p', dir], (error, stdout, stderr) => {
      // ngc colours its template diagnostics whatever the settings: keep the text only.
      const output = stripVTControlCharacters(`${stdout}${stderr}`).trim();
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output });
    });
  });
}

describe('types of the packed package', () => {
  it('a plain TypeScript consumer (nodenext) compiles, and each negative fails', async () => {
    const r = await compile('plain', { module: 'NodeNext', moduleResolution: 'NodeNext' }, { 'main.ts': PLAIN });
    assert.equal(r.output, '');
    assert.equal(r.status, 0);
  });

  it('a React 18 consumer (wrappers and tags in JSX) compiles, and each negative fails', async () => {
    const r = await compile('react', { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx', types: [] }, { 'app.tsx': REACT });
    assert.equal(r.output, '');
    assert.equal(r.status, 0);
  });

  it('a React 19 consumer (@types/react 19: tags and wrappers in JSX) compiles, and each negative fails', async () => {
    const react19 = join(repo, 'demo/hosts/react19/node_modules/@types');
    const project = await hostProject('app-react19', {
      '@types/react': join(react19, 'react'),
      '@types/react-dom': join(react19, 'react-dom'),
      csstype: join(repo, 'node_modules/csstype'),
    });
    const version = (JSON.parse(readFileSync(join(project, 'node_modules/@types/react/package.json'), 'utf8')) as { version: string }).version;
    assert.match(version, /^19\./);
    const r = await compile('react19', { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx' }, { 'app.tsx': REACT19 }, project);
    assert.equal(r.output, '');
    assert.equal(r.status, 0);
  });

  it('an Angular component compiles with ngc under strictTemplates: $event of (auth-event) is CustomEvent<AuthEvent>', async () => {
    const r = await ngc('angular', ANGULAR);
    assert.equal(r.output, '');
    assert.equal(r.code, 0);
  });

  it('Angular strictTemplates catches each wrong use of an event, and only those', async () => {
    const r = await ngc('angular-negative', ANGULAR_NEGATIVE);
    assert.notEqual(r.code, 0);
    const expected = ANGULAR_NEGATIVE.split('\n').flatMap((line, i) => {
      const m = /<!-- error (TS\d+)/.exec(line);
      return m ? [`${i + 1} ${m[1]}`] : [];
    });
    assert.equal(expected.length, 4);
    // Diagnostics as "component.ts:line:col - error TSnnnn: ...".
    const reported = [...r.output.matchAll(/component\.ts:(\d+):\d+ - error (TS\d+)/g)].map((m) => `${m[1]} ${m[2]}`);
    assert.deepEqual(reported, expected, r.output);
  });

  it('Vue template typings (GlobalComponents) type the tags', async () => {
    const r = await compile('vue', { module: 'ESNext', moduleResolution: 'Bundler' }, { 'env.ts': VUE });
    assert.equal(r.output, '');
    assert.equal(r.status, 0);
  });

  it('the README\'s Vue snippet (<script setup lang="ts">) type-checks, its config as the tag\'s config property', async () => {
    const readme = readFileSync(join(repo, 'README.md'), 'utf8');
    const block = /```vue\n<script setup lang="ts">\n([\s\S]*?)<\/script>/.exec(readme)?.[1];
    assert.ok(block, 'the README has a Vue snippet with <script setup lang="ts">');
    // What vue-tsc checks of `:config.prop="config"`: the value is assignable to the element's `config`.
    const bound = `${block}\nimport type { AuthLoginElement as BoundElement } from 'auth-elements';\nconst bound: BoundElement['config'] = config;\nvoid bound;\nvoid client;\n`;
    const r = await compile('vue-readme', { module: 'ESNext', moduleResolution: 'Bundler' }, { 'snippet.ts': bound });
    assert.equal(r.output, '');
    assert.equal(r.status, 0);
  });

  it('Svelte 5 element typings (svelte/elements) type the tags', async () => {
    const r = await compile('svelte', { module: 'ESNext', moduleResolution: 'Bundler' }, { 'app.ts': SVELTE });
    assert.equal(r.output, '');
    assert.equal(r.status, 0);
  });

  it('auth-elements/server types a Node backend with no DOM library (lib ES2022, @types/node)', async () => {
    const project = await hostProject('server-node', {
      '@types/node': join(repo, 'node_modules/@types/node'),
      'undici-types': join(repo, 'node_modules/undici-types'),
    });
    const r = await compile(
      'server-node',
      { module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022'], types: ['node'] },
      { 'main.ts': SERVER },
      project,
    );
    assert.equal(r.output, '');
    assert.equal(r.status, 0);
  });

  it('a consumer that gets a config wrong is told so (the checker is really running)', async () => {
    const r = await compile(
      'wrong',
      { module: 'NodeNext', moduleResolution: 'NodeNext' },
      {
        'main.ts': `import 'auth-elements/define';\ndocument.querySelector('auth-login')!.config = { prodcts: ['otp'] };\n`,
      },
    );
    assert.notEqual(r.status, 0);
    assert.match(r.output, /prodcts/);
  });
});
