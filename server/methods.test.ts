/**
 * The method registry (server/method.ts, server/methods.ts) assembles what the hand-wired switchboards
 * held before: the same migration names in the same order, an error table with exactly sdk-core's
 * ERROR_TYPES, and method folders that use one another only through a declared `index.ts`.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { ERROR_TYPES } from '../sdk-core/schemas/errors.ts';
import { createApp } from './app.ts';
import { TEST_PROJECT_DEFAULTS } from './project/config.ts';
import { settingOf } from './project/method-settings.ts';
import { CORE_MIGRATIONS, migrations } from './db/migrations.ts';
import { CORE_ERRORS, ERRORS } from './errors.ts';
import { assertMethodList, type ServerMethod } from './method.ts';
import { METHOD_DATA } from './method-data.ts';
import { SERVER_METHODS } from './methods.ts';
import { DEFAULT_RATE_LIMITS } from './rate-limit.ts';

const SERVER = dirname(fileURLToPath(import.meta.url));
const methods: readonly ServerMethod[] = SERVER_METHODS;
const methodNames = new Set<string>(methods.map((m) => m.name));

/** Non-test TypeScript files under `dir`, as paths relative to server/. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'node_modules') out.push(...sources(p));
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(relative(SERVER, p));
  }
  return out;
}

/** The relative imports (and re-exports) of a file, resolved to paths relative to server/. */
function relativeImports(file: string): string[] {
  const text = readFileSync(join(SERVER, file), 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => m[1]!);
  return specs.map((s) => relative(SERVER, resolve(SERVER, dirname(file), s)));
}

/** The method folder a server-relative path is in, if any. */
const methodOf = (path: string): string | undefined => {
  const top = path.split('/')[0]!;
  return path.includes('/') && methodNames.has(top) ? top : undefined;
};

describe('server method registry', () => {
  it('the migrations are the names they were, in the order they ran (databases record them)', () => {
    assert.deepEqual(Object.keys(migrations), [
      '0001_initial',
      '0002_links_phones_passwords',
      '0003_account',
      '0004_webauthn',
      '0005_suppressions',
      '0006_hardening',
      '0007_pruning',
      '0008_oauth',
      '0009_crypto_wallets',
      '0010_totps_registrations',
      '0011_impersonation_tokens',
      '0012_b2b_organizations',
      '0012_rbac_user_roles',
      '0013_ops',
      '0014_idp_provider',
      '0015_captcha_consumed_at',
      '0015_idp_consumed_at',
      '0015_impersonation_consumed_at',
      '0015_totps_consumed_at',
      '0016_project_secrets',
      '0017_webhooks',
      '0018_audit_log',
      '0019_dev_inbox_html',
      '0020_mfa',
      '0021_oauth_attach',
      '0021_profile',
      '0022_admin_console',
      '0023_address_order',
    ]);
    const webauthn = methods.find((m) => m.name === 'webauthn');
    assert.equal(migrations['0004_webauthn'], webauthn?.migrations?.['0004_webauthn'], '0004_webauthn is the webauthn method’s');
    for (const [name, m] of Object.entries(migrations)) {
      const owners = [CORE_MIGRATIONS[name], ...methods.map((x) => x.migrations?.[name])].filter((x) => x !== undefined);
      assert.deepEqual(owners, [m], `${name} has one owner`);
    }
  });

  it('the error table has exactly the error types of sdk-core ERROR_TYPES, each owned by core or one method', () => {
    assert.deepEqual(Object.keys(ERRORS).sort(), [...ERROR_TYPES].sort());
    assert.equal(new Set(ERROR_TYPES).size, ERROR_TYPES.length, 'ERROR_TYPES has no duplicates');
    const assembled: Record<string, unknown> = { ...CORE_ERRORS };
    for (const m of methods) {
      for (const [type, info] of Object.entries(m.errors ?? {})) {
        assert.ok(!Object.hasOwn(assembled, type), `${type} of ${m.name} is owned once`);
        assembled[type] = info;
      }
    }
    assert.deepEqual(assembled, { ...ERRORS }, "ERRORS is core's table and the registered methods' tables, nothing else");
  });

  it('each method is its folder: server/<name>/index.ts exports the listed object; names are unique; uses name listed methods', () => {
    assertMethodList(methods);
    for (const m of methods) {
      const index = join(SERVER, m.name, 'index.ts');
      assert.ok(existsSync(index), `${m.name}/index.ts`);
      assert.match(readFileSync(index, 'utf8'), /satisfies ServerMethod/, `${m.name}/index.ts exports a ServerMethod`);
    }
    assert.throws(() => assertMethodList([...methods, methods[0]!]), /listed twice/);
    assert.throws(() => assertMethodList([{ name: 'totps', uses: ['oauth'], routes: () => undefined }]), /totps uses oauth/);
  });

  it('a method imports another method only through its index.ts, and only one it declares in `uses`', () => {
    for (const m of methods) {
      for (const file of sources(join(SERVER, m.name))) {
        for (const target of relativeImports(file)) {
          const other = methodOf(target);
          if (other === undefined || other === m.name) continue;
          assert.equal(target, `${other}/index.ts`, `${file} imports ${target}: another method's internals`);
          assert.ok(m.uses?.includes(other as ServerMethod['name']), `${file} imports ${other} without declaring uses: ['${other}']`);
        }
      }
    }
  });

  it("method-data.ts lists every registered method, in order, with the same errors, migrations, settings, setting options and limits as the method's object", () => {
    assert.deepEqual(
      METHOD_DATA.map((d) => d.name),
      methods.map((m) => m.name),
    );
    for (const [i, m] of methods.entries()) {
      const d: {
        errors?: unknown;
        migrations?: unknown;
        settings?: unknown;
        settingOptions?: unknown;
        limits?: unknown;
        settingsProblems?: unknown;
        ownExpiry?: unknown;
      } = METHOD_DATA[i]!;
      for (const key of ['errors', 'migrations', 'settings', 'settingOptions', 'limits', 'settingsProblems'] as const) {
        assert.equal(d[key], m[key], `${m.name}: method-data.ts's ${key} is the method's own ${key}`);
      }
      assert.deepEqual(d.ownExpiry, m.ownExpiry, `${m.name}: method-data.ts's ownExpiry is the method's own`);
    }
  });

  it("opening the database or the error table loads no method code: only method-data.ts's data modules", async () => {
    for (const entry of ['db/index.ts', 'errors.ts', 'method-data.ts']) {
      const result = await build({
        absWorkingDir: SERVER,
        entryPoints: [entry],
        bundle: true,
        write: false,
        metafile: true,
        format: 'esm',
        platform: 'node',
        packages: 'external',
        logLevel: 'silent',
      });
      const loaded = Object.keys(result.metafile.inputs).filter((f) => methodOf(f) !== undefined);
      for (const file of loaded) assert.match(file, /^[a-z0-9-]+\/(errors|migrations|settings|limits)\.ts$/, `${entry} loads ${file} at run time`);
      assert.ok(loaded.length > 0, `${entry}: the walk saw the method data modules`);
    }
  });

  it("core reaches method folders only through the registry (methods.ts), the data registry (method-data.ts: a method's errors.ts, migrations.ts, settings.ts, limits.ts) and the admin CLI (a method's index.ts)", () => {
    const core = sources(SERVER).filter((f) => methodOf(f) === undefined);
    for (const file of core) {
      for (const target of relativeImports(file)) {
        const method = methodOf(target);
        if (method === undefined) continue;
        // The admin CLI (cli.ts) is an operator's tool over the admin functions methods export (roles, impersonation):
        // like methods.ts it takes them from the method's index.ts only; no server module imports cli.ts.
        // method-data.ts takes a method's data modules only, which import none of its code.
        const allowed =
          ((file === 'methods.ts' || file === 'cli.ts') && target === `${method}/index.ts`) ||
          (file === 'method-data.ts' && [`${method}/errors.ts`, `${method}/migrations.ts`, `${method}/settings.ts`, `${method}/limits.ts`].includes(target));
        assert.ok(allowed, `core file ${file} imports ${target}`);
      }
    }
  });

  it('route policies are declared where the routes register: the same captcha and cross-origin routes core once listed as path patterns', async () => {
    // The patterns core held before the routes declared their policy (captcha.ts, app.ts): the set must not drift.
    const captcha =
      /^\/sdk\/v1\/(otps\/(email|sms|whatsapp)\/(login_or_create|send\/(primary|secondary))|otps\/authenticate|magic_links\/email\/(login_or_create|send\/(primary|secondary))|passwords|passwords\/authenticate|passwords\/email\/reset\/start|crypto_wallets\/authenticate\/start\/(primary|secondary))$/;
    const navigation = /^\/v1\/public\/oauth\/callback\/:provider$/;
    const selfChecked = /^\/sdk\/v1\/oauth\/google\/onetap\/(start|submit)$/;
    const pub =
      /^\/(\.well-known\/openid-configuration|v1\/public\/:project_id\/(\.well-known\/(openid-configuration|jwks\.json)|oauth2\/(authorize|token|userinfo|end_session)))$/;
    const app = await createApp({ dataDir: ':memory:', outboxAutoRun: false });
    try {
      const byPolicy = (f: (r: (typeof app.routes)[number]) => boolean) => app.routes.filter(f).map((r) => `${r.method} ${r.path}`);
      assert.deepEqual(
        byPolicy((r) => r.captcha === true),
        byPolicy((r) => r.method === 'POST' && captcha.test(r.path)),
      );
      assert.equal(byPolicy((r) => r.captcha === true).length, 18);
      assert.deepEqual(
        byPolicy((r) => r.crossOrigin === 'navigation'),
        byPolicy((r) => navigation.test(r.path)),
      );
      assert.deepEqual(
        byPolicy((r) => r.crossOrigin === 'self-checked'),
        byPolicy((r) => selfChecked.test(r.path)),
      );
      assert.deepEqual(
        byPolicy((r) => r.crossOrigin === 'public'),
        byPolicy((r) => pub.test(r.path)),
      );
      assert.equal(byPolicy((r) => r.crossOrigin !== undefined).length, 14);
    } finally {
      await app.close();
    }
  });

  it('core files name no method: no method name in code, no path of a route a method registers', async () => {
    // Paths each method registers, recorded from its own routes(): the literal part before any parameter.
    const app = await createApp({ dataDir: ':memory:', outboxAutoRun: false });
    const fragments = new Map<string, string>();
    try {
      for (const m of methods) {
        const record = (_method: string, path: string) => {
          const literal = path.split('/:')[0]!;
          // A path core serves too (`/.well-known/...`, `/sdk/v1/users/...`) is not the method's to name alone.
          if (literal.split('/').length > 3) fragments.set(literal, m.name);
        };
        m.routes(record as unknown as Parameters<ServerMethod['routes']>[0], app.services);
      }
    } finally {
      await app.close();
    }
    const names = new RegExp(`(?<![\\w-])(${methods.flatMap((m) => [m.name, m.name.replace('-', '_')]).join('|')})(?![\\w-])`, 'g');
    // Left on purpose, each for its reason (file: words).
    const allowed: Record<string, readonly string[]> = {
      // Shipped migrations never change (databases record them); they made these tables before the method registry.
      'db/migrations.ts': ['otps'],
      'db/migrations-0002.ts': ['otps', 'magic_links', 'passwords'],
      'db/migrations-0006-hardening.ts': ['otps'],
      // The wire user (sdk-core/schemas User) has these keys whether or not a method fills them.
      'users.ts': ['totps', 'crypto_wallets'],
      // The widget's product names (react-internals products), which the test project enables.
      'project/config.ts': ['passwords', 'oauth'],
      // The webhook event names and factor kinds receivers match on (issue 28; server/README.md "Webhooks").
      'events.ts': ['oauth', 'impersonation'],
      // The second factors a project counts (issue 29, docs/reference/mfa.md#policy): the wire's factor kinds.
      'mfa/config.ts': ['webauthn'],
    };
    const core = sources(SERVER).filter(
      (f) => methodOf(f) === undefined && !['methods.ts', 'method-data.ts', 'cli.ts'].includes(f) && !/(^|\/)test-[\w-]+\.ts$/.test(f),
    );
    const found: string[] = [];
    for (const file of core) {
      const code = readFileSync(join(SERVER, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
      for (const [word] of code.matchAll(names)) if (!allowed[file]?.includes(word)) found.push(`${file} names ${word}`);
      for (const [fragment, method] of fragments) if (code.includes(fragment)) found.push(`${file} names ${fragment}, a route of ${method}`);
    }
    assert.ok(fragments.size > 40, `${fragments.size} route paths of the methods`);
    assert.deepEqual([...new Set(found)], []);
  });

  it("core files name no method's rate limit or app option: each method declares them (limits.ts, settingOptions) and core reads them by the list", () => {
    const words = methods.flatMap((m) => [
      ...Object.keys(m.limits ?? {}),
      ...Object.values(m.limits ?? {}).flatMap((l) => (l.env ? [l.env] : [])),
      ...Object.keys(m.settingOptions ?? {}),
    ]);
    assert.ok(
      words.includes('smsSendPerPrefix') && words.includes('RATE_LIMIT_SMS_PREFIX') && words.includes('userSearchPerIp') && words.includes('idpConsentUrl'),
      words.join(', '),
    );
    const pattern = new RegExp(`(?<![\\w])(${words.join('|')})(?![\\w])`, 'g');
    // A limit that core keeps (sends, telemetry) names no method either: no method's stem starts its name.
    const stems = new RegExp(`^(${methods.map((m) => m.name.replace(/s$/, '').replace(/-(\w)/g, (_, c: string) => c.toUpperCase())).join('|')})`, 'i');
    for (const name of Object.keys(DEFAULT_RATE_LIMITS)) {
      if (words.includes(name)) continue;
      assert.doesNotMatch(name, stems, `core's limit ${name} names a method`);
    }
    const core = sources(SERVER).filter((f) => methodOf(f) === undefined && !['methods.ts', 'method-data.ts', 'cli.ts'].includes(f));
    const found: string[] = [];
    for (const file of core) {
      const code = readFileSync(join(SERVER, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
      for (const [word] of code.matchAll(pattern)) found.push(`${file} names ${word}`);
    }
    assert.deepEqual([...new Set(found)], []);
  });

  it("a method's settings are read with its schema's defaults (settingOf), written once, in the schema", () => {
    const empty = { config: { ...TEST_PROJECT_DEFAULTS } };
    assert.deepEqual(settingOf(empty, 'webauthn'), { user_verification: 'preferred' });
    assert.deepEqual(settingOf(empty, 'oauth'), { one_tap: true });
    assert.deepEqual(settingOf(empty, 'default_roles'), ['stytch_user']);
    assert.deepEqual(settingOf(empty, 'roles_by_email'), {});
    assert.deepEqual(settingOf(empty, 'idp_clients'), []);
    assert.equal(settingOf(empty, 'idp_consent_url'), undefined);
    const set = { config: { ...TEST_PROJECT_DEFAULTS, webauthn: { rp_name: 'Shop' }, roles_by_email: { 'Ops@Corp.Example': ['admin'] } } };
    assert.deepEqual(settingOf(set, 'webauthn'), { user_verification: 'preferred', rp_name: 'Shop' });
    assert.deepEqual(settingOf(set, 'roles_by_email'), { 'ops@corp.example': ['admin'] });
  });

  it("a method throws only core's error types, its own, and those of methods it uses", () => {
    const owner = new Map<string, string>();
    for (const m of methods) for (const type of Object.keys(m.errors ?? {})) owner.set(type, m.name);
    for (const file of sources(SERVER)) {
      const here = methodOf(file);
      const text = readFileSync(join(SERVER, file), 'utf8');
      for (const [, type] of text.matchAll(/ApiError\('([a-z_]+)'/g)) {
        const by = owner.get(type!);
        if (by === undefined) continue;
        const m = methods.find((x) => x.name === here);
        assert.ok(by === here || m?.uses?.includes(by as ServerMethod['name']), `${file} throws ${type}, an error type of ${by}`);
      }
    }
  });
});
