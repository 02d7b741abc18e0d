/**
 * Attack (issue 28): secrets in the audit log. The audit trail is read by more people than the tables it
 * describes (support, auditors, a SIEM), so it must never hold a code, token, password, secret or
 * signature. A full run of sign-ins through every method the test helpers drive (email OTP, magic
 * link, password, passkey with the soft authenticator, TOTP and a recovery code, the OAuth dev provider,
 * an Ethereum wallet, the `/v1` backend sign-ins and session calls), plus the IdP's consent and token
 * exchange, project secret create and rotate, a failed secret check, key rotation and impersonation,
 * collects every secret value any request or answer carried; then every row of the audit table is
 * scanned for each of them. SQLite, and Postgres with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../../server/cli.ts';
import { ethereumWallet } from '../../server/crypto-wallets/test-wallets.ts';
import { codeFor, redeem, setupIdp } from '../../server/idp/test-flow.ts';
import { devRoundTrip, pkcePair } from '../../server/oauth/test-flow.ts';
import { codeOf, linkTokenOf } from '../../server/test-backend.ts';
import { SoftAuthenticator } from '../../server/test-soft-authenticator.ts';
import {
  basic,
  type CallOptions,
  type CallResult,
  login,
  sendOtp,
  type TestApp,
  type TestStore,
  testApp,
  testStore,
  wrongCode,
} from '../../server/test-helpers.ts';
import { totpCode } from '../../server/totps/otp.ts';

type Json = Record<string, unknown>;
const ORIGIN = 'http://localhost:3000';
const SECRET_KEY = /token|secret|code|password|jwt|signature|verifier|link|credential|recovery|otp/i;
const NOT_SECRET_KEY = /_id$|_type$|_at$|_url$|_urls$|^status_code$|^error|_method$|^code_challenge/;

describe('attack: secrets in the audit log', () => {
  let store: TestStore;
  let t: TestApp;
  const secrets = new Set<string>();

  /** Every string under a secret-ish name (and every query value of a URL) found in `v`. */
  const collect = (v: unknown, secretParent = false): void => {
    if (typeof v === 'string') {
      if (secretParent && v.length >= 6) secrets.add(v);
      if (/^https?:\/\//.test(v)) {
        try {
          for (const [k, q] of new URL(v).searchParams) if (SECRET_KEY.test(k) && !NOT_SECRET_KEY.test(k) && q.length >= 6) secrets.add(q);
        } catch {
          // Not a URL after all.
        }
      }
      return;
    }
    if (Array.isArray(v)) for (const x of v) collect(x, secretParent);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) collect(x, (SECRET_KEY.test(k) && !NOT_SECRET_KEY.test(k)) || (secretParent && !NOT_SECRET_KEY.test(k)));
  };

  before(async () => {
    store = await testStore();
    t = await testApp({ bootstrap: { pkce_required_for_email_magic_links: false } }, { store });
    await t.listen();
    // Every call of the run, whoever makes it (the helpers too), is seen: its body, its answer, its redirect.
    const call = t.call.bind(t);
    t.call = async (method: string, path: string, o: CallOptions = {}): Promise<CallResult> => {
      collect(o.body);
      if (typeof o.raw === 'string') collect(Object.fromEntries(new URLSearchParams(o.raw)));
      if (o.secret) secrets.add(o.secret);
      const auth = o.headers?.authorization;
      if (auth?.startsWith('Basic ')) secrets.add(Buffer.from(auth.slice(6), 'base64').toString().split(':').slice(1).join(':'));
      const r = await call(method, path, o);
      collect(r.json);
      const location = r.headers.get('location');
      if (location) collect(location.startsWith('/') ? `http://localhost${location}` : location);
      return r;
    };
  });
  after(async () => {
    await t.close();
    await store.cleanup();
  });

  it('holds none of the run’s codes, tokens, passwords, secrets or signatures', async () => {
    const env = store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : { DATA_DIR: store.dataDir };
    const cli = async (...argv: string[]) => {
      let out = '';
      const code = await runCli(argv, { out: (s) => (out += s), err: () => undefined, env, now: () => t.clock.t });
      assert.equal(code, 0, `${argv.join(' ')}: ${out}`);
      return out;
    };
    const ok = (r: CallResult, what: string) => assert.ok(r.status < 400, `${what}: ${r.status} ${JSON.stringify(r.json)}`);

    // Project secrets: created at the CLI, rotated (a second one, the first revoked); a wrong one tried.
    const first = JSON.parse(await cli('secrets', 'create', '--json')) as { secret_id: string; secret: string };
    const second = JSON.parse(await cli('secrets', 'create', '--json')) as { secret_id: string; secret: string };
    secrets.add(first.secret).add(second.secret);
    await cli('secrets', 'revoke', first.secret_id);
    await cli('keys', 'rotate');
    const v1 = (path: string, body?: unknown, method = 'POST') =>
      t.call(method, path, { headers: { authorization: basic(t.projectId, second.secret) }, ...(body ? { body } : {}) });
    assert.equal((await t.call('GET', '/v1/audit_logs', { headers: { authorization: basic(t.projectId, `${second.secret}x`) } })).status, 401);
    secrets.add(`${second.secret}x`);

    // Email OTP (SDK): a wrong code, then the right one; the session used and refreshed.
    const { methodId, code } = await sendOtp(t, 'otp-audit@example.com');
    secrets.add(code);
    await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: wrongCode(code), method_id: methodId } });
    const otp = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: code, method_id: methodId, session_duration_minutes: 60 } });
    ok(otp, 'otp');
    const session = String(otp.json.data!.session_token);
    ok(await t.call('POST', '/sdk/v1/sessions/authenticate', { body: { session_duration_minutes: 60 }, secret: session }), 'sessions/authenticate');

    // Magic link (SDK).
    ok(
      await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', {
        body: { email: 'ml-audit@example.com', login_magic_link_url: `${ORIGIN}/a`, signup_magic_link_url: `${ORIGIN}/a` },
      }),
      'magic link send',
    );
    const linkToken = await linkTokenOf(t, 'ml-audit@example.com');
    secrets.add(linkToken);
    ok(await t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { token: linkToken, session_duration_minutes: 60 } }), 'magic link');

    // Password (SDK): create, a wrong one, the right one.
    const password = 'audit horse battery staple 42!';
    secrets.add(password);
    ok(await t.call('POST', '/sdk/v1/passwords', { body: { email: 'pw-audit@example.com', password, session_duration_minutes: 60 } }), 'password create');
    await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email: 'pw-audit@example.com', password: `${password}x` } });
    ok(await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email: 'pw-audit@example.com', password, session_duration_minutes: 60 } }), 'password');

    // Passkey (the soft authenticator): registered under the OTP session, then a sign-in with it.
    const authenticator = new SoftAuthenticator();
    const regStart = await t.call('POST', '/sdk/v1/webauthn/register/start', {
      secret: session,
      origin: ORIGIN,
      body: { return_passkey_credential_options: true },
    });
    ok(regStart, 'register start');
    const cred = authenticator.create(String(regStart.json.data!.public_key_credential_creation_options), ORIGIN);
    ok(
      await t.call('POST', '/sdk/v1/webauthn/register', {
        secret: session,
        origin: ORIGIN,
        body: { public_key_credential: JSON.stringify(cred), session_duration_minutes: 60, is_passkey: true },
      }),
      'passkey register',
    );
    const authStart = await t.call('POST', '/sdk/v1/webauthn/authenticate/start/primary', {
      origin: ORIGIN,
      body: { return_passkey_credential_options: true },
    });
    ok(authStart, 'passkey start');
    const assertion = authenticator.get(String(authStart.json.data!.public_key_credential_request_options), ORIGIN);
    ok(
      await t.call('POST', '/sdk/v1/webauthn/authenticate', {
        origin: ORIGIN,
        body: { public_key_credential: JSON.stringify(assertion), session_duration_minutes: 60, conditional_mediation: false, is_passkey: true },
      }),
      'passkey',
    );

    // TOTP: enrolment, a code, a recovery code.
    const { token: totpSession } = await login(t, 'totp-audit@example.com', 600);
    const enrol = await t.call('POST', '/sdk/v1/totps', { secret: totpSession, body: { expiration_minutes: 60 } });
    ok(enrol, 'totp create');
    const totp = enrol.json.data as Json & { secret: string; recovery_codes: string[] };
    const totpNow = totpCode({ secret: totp.secret }, t.clock.t);
    secrets.add(totpNow);
    ok(await t.call('POST', '/sdk/v1/totps/authenticate', { secret: totpSession, body: { totp_code: totpNow, session_duration_minutes: 60 } }), 'totp');
    ok(
      await t.call('POST', '/sdk/v1/totps/recover', { secret: totpSession, body: { recovery_code: totp.recovery_codes[0], session_duration_minutes: 60 } }),
      'recovery code',
    );

    // OAuth through the dev provider, with PKCE.
    const { verifier, challenge } = pkcePair('audit');
    secrets.add(verifier);
    const landed = await devRoundTrip(t, 'google', { email: 'oauth-audit@example.com', name: 'OAuth Audit' }, { code_challenge: challenge });
    const oauthToken = landed.searchParams.get('token') ?? assert.fail(landed.href);
    ok(await t.call('POST', '/sdk/v1/oauth/authenticate', { body: { token: oauthToken, code_verifier: verifier, session_duration_minutes: 60 } }), 'oauth');

    // An Ethereum wallet.
    const wallet = ethereumWallet();
    const walletStart = await t.call('POST', '/sdk/v1/crypto_wallets/authenticate/start/primary', {
      origin: ORIGIN,
      body: { crypto_wallet_address: wallet.address, crypto_wallet_type: wallet.type },
    });
    ok(walletStart, 'wallet start');
    const signature = await wallet.sign(String(walletStart.json.data!.challenge));
    ok(
      await t.call('POST', '/sdk/v1/crypto_wallets/authenticate', {
        origin: ORIGIN,
        body: { crypto_wallet_address: wallet.address, crypto_wallet_type: wallet.type, signature, session_duration_minutes: 60 },
      }),
      'wallet',
    );

    // Backend (/v1) sign-ins: OTP, magic link, password; a session checked and revoked.
    ok(await v1('/v1/otps/email/login_or_create', { email: 'v1-otp@example.com' }), 'v1 otp send');
    const sent = await v1('/v1/otps/email/login_or_create', { email: 'v1-otp@example.com' });
    const v1Code = await codeOf(t, 'v1-otp@example.com');
    secrets.add(v1Code);
    const v1Otp = await v1('/v1/otps/authenticate', { method_id: sent.json.email_id, code: v1Code, session_duration_minutes: 60 });
    ok(v1Otp, 'v1 otp');
    ok(
      await v1('/v1/magic_links/email/login_or_create', {
        email: 'v1-ml@example.com',
        login_magic_link_url: `${ORIGIN}/a`,
        signup_magic_link_url: `${ORIGIN}/a`,
      }),
      'v1 ml send',
    );
    const v1Link = await linkTokenOf(t, 'v1-ml@example.com');
    secrets.add(v1Link);
    ok(await v1('/v1/magic_links/authenticate', { token: v1Link, session_duration_minutes: 60 }), 'v1 magic link');
    const v1Password = 'backend horse battery staple 7?';
    secrets.add(v1Password);
    ok(await v1('/v1/passwords', { email: 'v1-pw@example.com', password: v1Password, session_duration_minutes: 60 }), 'v1 password create');
    const v1Pw = await v1('/v1/passwords/authenticate', { email: 'v1-pw@example.com', password: v1Password, session_duration_minutes: 60 });
    ok(v1Pw, 'v1 password');
    ok(await v1('/v1/sessions/authenticate', { session_token: String(v1Pw.json.session_token) }), 'v1 sessions/authenticate');
    ok(await v1('/v1/sessions/revoke', { session_token: String(v1Otp.json.session_token) }), 'v1 sessions/revoke');

    // The IdP: consent, a code, its redemption (client secret, access, refresh and ID tokens).
    const idp = await setupIdp(t, 'idp-audit@example.com');
    secrets.add(idp.clientSecret).add(idp.firstPartySecret).add(idp.session);
    const { code: idpCode, verifier: idpVerifier } = await codeFor(t, idp);
    secrets.add(idpCode).add(idpVerifier);
    const tokens = await redeem(t, idp, idpCode, idpVerifier);
    collect(tokens.json);

    // Impersonation: minted at the CLI, used once.
    const { data } = await login(t, 'impersonated-audit@example.com');
    const minted = JSON.parse(await cli('impersonate', '--user', String(data.user_id), '--admin', 'support@corp.example', '--json')) as { token: string };
    secrets.add(minted.token);
    ok(await t.call('POST', '/sdk/v1/impersonation/authenticate', { body: { impersonation_token: minted.token } }), 'impersonation');

    const rows = await t.services.db.kysely.selectFrom('audit_log').selectAll().execute();
    const actions = new Set(rows.map((r) => r.action));
    for (const a of [
      'secret.create',
      'secret.revoke',
      'key.rotate',
      'secret_check.failed',
      'otp.authenticate',
      'magic_link.authenticate',
      'session.revoke',
      'password.create',
      'consent.grant',
      'impersonation.start',
      'impersonation.use',
    ]) {
      assert.ok(actions.has(a), `${a} was recorded (${[...actions].join(', ')})`);
    }
    const found = [...secrets].filter((s) => s.length >= 6);
    assert.ok(found.length >= 30, `the run saw ${found.length} secret values`);
    for (const s of [password, v1Password, first.secret, second.secret, code, linkToken, minted.token, idp.clientSecret]) assert.ok(found.includes(s));
    // Every stored text, with our ids (random only in a UUID or lowercase hex) masked: a 6-digit code may sit by chance inside one.
    const textOf = (row: Json) =>
      Object.entries(row)
        .filter(([k]) => k !== 'created_at')
        .map(([, v]) => String(v))
        .join('\n')
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32}/g, '#');
    const leaks = (row: Json) => found.filter((s) => textOf(row).includes(s));
    // The scan finds what it looks for (a row that did hold one would fail).
    assert.deepEqual(leaks({ action: 'canary', details: JSON.stringify({ reason: `x ${code} y` }) }), [code]);
    for (const row of rows) assert.deepEqual(leaks(row as unknown as Json), [], `audit row ${row.action} holds a secret value`);
  });
});
