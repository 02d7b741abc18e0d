/** Start-up configuration checks (issue 18): each rule refuses with a message naming the variable or key. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { liveProjectProblems, readLiveProjectFile } from '../project/file.ts';
import { allowedOriginProblem } from '../project/origins.ts';
import { tempDir } from '../test-helpers.ts';
import { allowedHostProblem, checkEnvironment, KNOWN_ENV } from './config.ts';
import { LIMIT_DEFAULTS } from '../rate-limit.ts';

const problemsOf = (env: Record<string, string>) => checkEnvironment(env).problems;

describe('environment variables', () => {
  it('accepts an empty environment and a complete valid one', () => {
    assert.deepEqual(problemsOf({}), []);
    assert.deepEqual(
      problemsOf({
        PORT: '8080',
        DATABASE_URL: 'postgres://auth:pw@db:5432/auth',
        SMTP_URL: 'smtps://user:pw@smtp.example.com:465',
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        ALLOWED_HOSTS: 'auth.example.com, auth.example.com:8443',
        METRICS_PORT: '9464',
        METRICS_TOKEN: 'a'.repeat(32),
        SMS_ALLOWED_COUNTRIES: 'US,ca',
        SIGNING_KEY_ROTATION_DAYS: '30',
        RETENTION_SESSIONS_DAYS: '30',
        WORKERS: '4',
      }),
      [],
    );
  });

  const cases: [string, Record<string, string>, RegExp][] = [
    ['a port out of range', { PORT: '70000' }, /^PORT="70000" /],
    ['a port that is not a number', { PORT: 'eighty' }, /^PORT="eighty" /],
    ['a DATABASE_URL that is not Postgres (it would silently mean SQLite)', { DATABASE_URL: 'postgress://db/auth' }, /^DATABASE_URL=.* postgres:\/\//],
    ['an SMTP_URL with another scheme', { SMTP_URL: 'http://mail.example.com' }, /^SMTP_URL=.*smtp:\/\/ or smtps:\/\//],
    ['a TRUST_PROXY that is not a boolean (yes would have meant off)', { TRUST_PROXY: 'yes' }, /^TRUST_PROXY="yes" must be 1, 0, true or false/],
    ['an unknown LOG_LEVEL', { LOG_LEVEL: 'verbose' }, /^LOG_LEVEL="verbose" must be one of debug, info, warn, error/],
    ['a wildcard in ALLOWED_HOSTS', { ALLOWED_HOSTS: 'auth.example.com,*' }, /^ALLOWED_HOSTS=.*entry "\*" must not contain a wildcard/],
    ['a scheme in ALLOWED_HOSTS', { ALLOWED_HOSTS: 'https://auth.example.com' }, /without scheme or path/],
    ['a short METRICS_TOKEN, whose value is not echoed', { METRICS_TOKEN: 'short-secret' }, /^METRICS_TOKEN="<12 characters>" must be at least 24/],
    ['both METRICS=on and METRICS_PORT', { METRICS: 'on', METRICS_TOKEN: 'a'.repeat(32), METRICS_PORT: '9464' }, /choose one place/],
    ['METRICS=on with neither METRICS_TOKEN nor METRICS_LOOPBACK_OPEN', { METRICS: 'on' }, /^METRICS=on needs METRICS_TOKEN/],
    ['a METRICS_LOOPBACK_OPEN that is not a boolean', { METRICS_LOOPBACK_OPEN: 'yes' }, /^METRICS_LOOPBACK_OPEN="yes" must be 1, 0, true or false/],
    ['METRICS neither on nor off', { METRICS: 'yes' }, /^METRICS="yes" must be on or off/],
    ['a negative rate limit', { RATE_LIMIT_OTP_IP: '-1' }, /^RATE_LIMIT_OTP_IP="-1" /],
    ['a country that is not alpha-2', { SMS_ALLOWED_COUNTRIES: 'USA' }, /is not an ISO 3166 alpha-2 code/],
    ['TRUSTED_AUTH_TOKEN_PROFILES that is not a JSON array', { TRUSTED_AUTH_TOKEN_PROFILES: '{' }, /must be a JSON array/],
    ['a PROJECT_CONFIG file that does not exist', { PROJECT_CONFIG: '/nonexistent/project.json' }, /does not exist/],
    ['a zero rotation period', { SIGNING_KEY_ROTATION_DAYS: '0' }, /^SIGNING_KEY_ROTATION_DAYS="0" /],
    ['WORKERS of 0', { WORKERS: '0' }, /^WORKERS="0" /],
    ['WORKERS that is not a number', { WORKERS: 'auto' }, /^WORKERS="auto" /],
    ['WORKERS above 64', { WORKERS: '65' }, /^WORKERS="65" /],
    [
      'WORKERS with an in-memory database each worker would have alone',
      { WORKERS: '2', DATA_DIR: ':memory:' },
      /^WORKERS above 1 needs a database the processes share/,
    ],
    [
      'WORKERS with METRICS=on (one worker would answer for all)',
      { WORKERS: '2', METRICS: 'on', METRICS_TOKEN: 'a'.repeat(32) },
      /^WORKERS above 1 with METRICS=on: use METRICS_PORT/,
    ],
  ];
  for (const [what, env, message] of cases) {
    it(`refuses ${what}`, () => {
      const problems = problemsOf(env);
      assert.equal(problems.length, 1, problems.join('\n'));
      assert.match(problems[0]!, message);
    });
  }

  it('reports every problem at once, and never echoes credentials in a URL', () => {
    const problems = problemsOf({ PORT: 'x', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://root:hunter2@db/auth' });
    assert.equal(problems.length, 3);
    assert.ok(!problems.join('\n').includes('hunter2'));
  });

  it('warns about an unknown variable with one of our prefixes (a typo)', () => {
    assert.deepEqual(checkEnvironment({ RATE_LIMIT_OTP_EMIAL: '3' }).warnings, ['RATE_LIMIT_OTP_EMIAL is not a variable this server reads (a typo?)']);
  });

  it('server/main.ts exits with status 2 and the message, before opening anything', () => {
    const tmp = tempDir();
    try {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, DATA_DIR: tmp.dir, PORT: '0', TRUST_PROXY: 'yes', ALLOWED_HOSTS: '*' },
        encoding: 'utf8',
        timeout: 180_000,
      });
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, /refusing to start, the configuration is invalid:\n {2}- TRUST_PROXY="yes"/);
      assert.match(r.stderr, /ALLOWED_HOSTS="\*" entry "\*" must not contain a wildcard/);
    } finally {
      tmp.cleanup();
    }
  });
});

describe('the project file (PROJECT_CONFIG)', () => {
  const base = { public_token: 'public-token-live-0123456789abcdef', project_name: 'Live Co', allowed_origins: ['https://app.example.com'] };
  const write = (value: unknown) => {
    const tmp = tempDir();
    const path = join(tmp.dir, 'project.json');
    writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
    return { path, cleanup: tmp.cleanup };
  };
  const refusal = (value: unknown): string => {
    const f = write(value);
    try {
      readLiveProjectFile(f.path);
    } catch (err) {
      return (err as Error).message;
    } finally {
      f.cleanup();
    }
    return '';
  };

  it('accepts a valid file', () => {
    assert.equal(refusal({ ...base, redirect_urls: ['https://app.example.com/auth'], allowed_hosts: ['auth.example.com'] }), '');
  });
  it('refuses an unknown key (a typo of a setting must not be ignored)', () => {
    assert.match(refusal({ ...base, redirect_url: ['https://app.example.com/'] }), /redirect_url/);
  });
  it('refuses a redirect URL that is no URL, a bare scheme, or a wildcard host', () => {
    assert.match(refusal({ ...base, redirect_urls: ['not a url'] }), /redirect_urls\[0\]/);
    assert.match(refusal({ ...base, redirect_urls: ['https://'] }), /redirect_urls\[0\] "https:\/\/"/);
    assert.match(refusal({ ...base, redirect_urls: ['https://*.example.com/'] }), /must not contain a wildcard host/);
    assert.match(refusal({ ...base, redirect_urls: ['https://*/'] }), /must not contain a wildcard host/);
  });
  it('refuses an allowed origin that is a wildcard, a bare scheme, null, non-http or has a path', () => {
    for (const o of ['*', 'https://*', 'https://*.example.com', 'null', 'https://', 'javascript://x', 'https://app.example.com/path']) {
      assert.ok(allowedOriginProblem(o), o);
      assert.match(refusal({ ...base, allowed_origins: [o] }), /allowed_origins\[0\]/, o);
    }
    for (const o of ['https://app.example.com', 'http://localhost:8080', 'http://localhost:*', 'http://[::1]:*'])
      assert.equal(allowedOriginProblem(o), null, o);
  });
  it('refuses an allowed host with a wildcard', () => {
    assert.match(refusal({ ...base, allowed_hosts: ['*.example.com'] }), /allowed_hosts\[0\] "\*\.example\.com" must not contain a wildcard/);
    assert.equal(allowedHostProblem('auth.example.com:8443'), null);
  });
  it('refuses a file that is not JSON with the file named', () => {
    assert.match(refusal('{ nope'), /JSON/);
  });
  it('createApp checks a programmatic live project the same way', () => {
    assert.deepEqual(liveProjectProblems({ allowed_origins: ['*'], redirect_urls: [] }), [
      'allowed_origins[0] "*" must not contain a wildcard host (list each origin)',
    ]);
  });
});

describe('the deployment examples', () => {
  it('server/deploy/project.example.json is a valid project file', () => {
    assert.equal(readLiveProjectFile('server/deploy/project.example.json').project_name, 'Example');
  });
});

describe('the environment table stays complete', () => {
  it('every variable main.ts reads is checked at start (ServerEnv) and documented in server/README.md', () => {
    const read = new Set<string>();
    for (const f of ['server/main.ts', 'server/settings.ts', 'server/ops/startup.ts']) {
      const src = readFileSync(f, 'utf8');
      for (const m of src.matchAll(/env\.([A-Z][A-Z0-9_]+)|env\[['"]([A-Z][A-Z0-9_]+)['"]\]|\(\s*'([A-Z][A-Z0-9_]{2,})'/g)) read.add(m[1] ?? m[2] ?? m[3]!);
    }
    for (const signal of ['SIGINT', 'SIGTERM']) read.delete(signal);
    // main.ts reads each limit's variable by the list (rate-limit.ts LIMIT_DEFAULTS, core's and every method's).
    for (const { env } of Object.values(LIMIT_DEFAULTS)) if (env) read.add(env);
    assert.ok(read.has('RATE_LIMIT_OTP_EMAIL') && read.has('RATE_LIMIT_SMS_PREFIX') && read.has('RATE_LIMIT_USER_SEARCH_IP'));
    const unchecked = [...read].filter((n) => !KNOWN_ENV.includes(n));
    assert.deepEqual(unchecked, [], `add these to ServerEnv in server/ops/config.ts (a typo in them must refuse the start): ${unchecked.join(', ')}`);
    const table = readFileSync('server/README.md', 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('| `'));
    const documented = (name: string) =>
      table.some((row) => row.includes(`\`${name}\``)) ||
      // A family written `RATE_LIMIT_OTP_EMAIL` / `_IP`: the row naming a sibling and the suffix.
      table.some((row) => row.includes(`\`${name.slice(0, name.lastIndexOf('_'))}_`) && row.includes(`\`${name.slice(name.lastIndexOf('_'))}\``));
    const undocumented = KNOWN_ENV.filter((n) => !documented(n));
    assert.deepEqual(undocumented, [], `add these to the table of server/README.md, "Environment": ${undocumented.join(', ')}`);
  });
});
