import assert from 'node:assert/strict';
import nodeCrypto, { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { after, before, describe, it, mock } from 'node:test';
import type { InboxMessage } from '../../sdk-core/schemas/index.ts';
import { readLiveProjectFile } from '../project/file.ts';
import { login, type TestApp, tempDir, testApp } from '../test-helpers.ts';
import { findOrCreateUserByEmail } from '../users.ts';
import { findPassword, setPassword } from './store.ts';
import { assertPasswordLength, hashPassword, normalizePassword, SCRYPT_PARAMS, verifyPassword } from './hash.ts';
import { checkStrength, isBreachedPassword } from './strength.ts';

const STRONG = 'violet-Harbor-quietly-47';
const STRONG2 = 'amber Tundra whistles 93';
const RESET_URL = 'http://localhost:3000/reset';

async function inbox(t: TestApp, to: string): Promise<InboxMessage[]> {
  return (await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(to)}`)).json.messages as InboxMessage[];
}

describe('password hashing and strength (unit)', () => {
  it('scrypt round trip at the production cost, NFKC, parameters in the hash, wrong password fails', async () => {
    assert.equal(SCRYPT_PARAMS.logN, 15);
    const h = await hashPassword(normalizePassword(STRONG), SCRYPT_PARAMS.logN);
    assert.match(h, /^scrypt\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    assert.equal(await verifyPassword(normalizePassword(STRONG), h), true);
    assert.equal(await verifyPassword(normalizePassword(`${STRONG}x`), h), false);
    // NFKC: the full-width form verifies against the ASCII one.
    const fw = await hashPassword(normalizePassword('ｐａｓｓｗｏｒｄ１２３'));
    assert.equal(await verifyPassword(normalizePassword('password123'), fw), true);
    assert.equal(await verifyPassword('x', 'garbage'), false);
    // The tests' own cost (test-helpers: cheapHashingForTests) is named in its hash and verifies the same way.
    const cheap = await hashPassword(normalizePassword(STRONG));
    assert.match(cheap, /^scrypt\$10\$8\$1\$/);
    assert.equal(await verifyPassword(normalizePassword(STRONG), cheap), true);
    assert.equal(await verifyPassword(normalizePassword(`${STRONG}x`), cheap), false);
  });

  it('no truncation: passwords differing after 72 bytes differ; > 256 bytes refused', async () => {
    const base = 'x'.repeat(100);
    const h = await hashPassword(`${base}A`);
    assert.equal(await verifyPassword(`${base}B`, h), false);
    assert.doesNotThrow(() => assertPasswordLength('é'.repeat(128)));
    assert.throws(() => assertPasswordLength('é'.repeat(129)), /256 bytes/);
  });

  it('zxcvbn policy: weak, strong, breached, email parts count against it', () => {
    const weak = checkStrength('password1', { kind: 'zxcvbn' });
    assert.equal(weak.valid_password, false);
    assert.equal(weak.breached_password, true);
    assert.ok(weak.score <= 1);
    assert.ok(weak.feedback.warning.length > 0);
    const strong = checkStrength(STRONG, { kind: 'zxcvbn' });
    assert.equal(strong.valid_password, true);
    assert.equal(strong.score, 4);
    assert.equal(strong.strength_policy, 'zxcvbn');
    assert.equal(isBreachedPassword('Qwerty123'), true);
    const withEmail = checkStrength('gracehopper', { kind: 'zxcvbn' }, 'grace.hopper@navy.mil');
    const withoutEmail = checkStrength('gracehopper', { kind: 'zxcvbn' });
    assert.ok(withEmail.score <= withoutEmail.score);
    assert.equal(checkStrength('short', { kind: 'zxcvbn' }).valid_password, false);
  });

  it('LUDS policy reports missing characters and complexity', () => {
    const p = { kind: 'luds', minLength: 10, complexity: 3 } as const;
    const r = checkStrength('abcdefg', p);
    assert.equal(r.strength_policy, 'luds');
    assert.equal(r.valid_password, false);
    assert.deepEqual(r.feedback.luds_requirements, {
      has_lower_case: true,
      has_upper_case: false,
      has_digit: false,
      has_symbol: false,
      missing_complexity: 2,
      missing_characters: 3,
    });
    const ok = checkStrength('Zebra7-kites', p);
    assert.equal(ok.valid_password, true);
    assert.equal(ok.feedback.luds_requirements.missing_complexity, 0);
    assert.equal(checkStrength('qwertyuiop', { kind: 'luds', minLength: 8, complexity: 1 }).valid_password, false, 'breached passwords never pass');
  });
});

describe('password endpoints', () => {
  let t: TestApp;
  before(async () => {
    // New projects require PKCE for resets (and magic links); these tests cover resets without it, and
    // PKCE where they pass a code_challenge themselves.
    t = await testApp({ bootstrap: { pkce_required_for_password_resets: false, pkce_required_for_email_magic_links: false } });
  });
  after(() => t.close());

  it('create signs up and signs in; users/search says password; authenticate signs in', async () => {
    assert.equal((await t.call('POST', '/sdk/v1/users/search', { body: { email: 'pw@example.com' } })).json.data!.userType, 'new');
    const c = await t.call('POST', '/sdk/v1/passwords', { body: { email: 'PW@example.com', password: STRONG, session_duration_minutes: 60 } });
    assert.equal(c.status, 200, JSON.stringify(c.json));
    const cd = c.json.data as { user: { password: { requires_reset: boolean } | null }; session: { authentication_factors: { type: string }[] } };
    assert.equal(cd.user.password?.requires_reset, false);
    assert.equal(cd.session.authentication_factors[0]!.type, 'password');
    assert.equal((await t.call('POST', '/sdk/v1/users/search', { body: { email: 'pw@example.com' } })).json.data!.userType, 'password');
    const a = await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email: 'pw@example.com', password: STRONG, session_duration_minutes: 30 } });
    assert.equal(a.status, 200);
    assert.equal(a.json.data!.user_id, c.json.data!.user_id);
    const dup = await t.call('POST', '/sdk/v1/passwords', { body: { email: 'pw@example.com', password: STRONG2 } });
    assert.equal(dup.json.error_type, 'duplicate_email');
  });

  it('create refuses weak, breached and over-long passwords', async () => {
    const weak = await t.call('POST', '/sdk/v1/passwords', { body: { email: 'weak@example.com', password: 'abcdefgh1' } });
    assert.equal(weak.status, 400);
    assert.ok(['weak_password', 'breached_password'].includes(String(weak.json.error_type)));
    const breached = await t.call('POST', '/sdk/v1/passwords', { body: { email: 'weak@example.com', password: 'iloveyou' } });
    assert.equal(breached.json.error_type, 'breached_password');
    const long = await t.call('POST', '/sdk/v1/passwords', { body: { email: 'weak@example.com', password: 'é'.repeat(200) } });
    assert.equal(long.json.error_type, 'password_too_long');
    const sixtyFour = await t.call('POST', '/sdk/v1/passwords', { body: { email: 'long@example.com', password: `${STRONG}${'-q7Z'.repeat(10)}` } });
    assert.equal(sixtyFour.status, 200, 'passwords of 64+ characters are accepted');
    assert.equal((await t.call('POST', '/sdk/v1/users/search', { body: { email: 'weak@example.com' } })).json.data!.userType, 'new', 'no user left behind');
  });

  it('wrong password, unknown account and passwordless user all answer the same 401, each after a scrypt at the cost of the stored hashes', async () => {
    const known = await t.call('POST', '/sdk/v1/passwords', { body: { email: 'known@example.com', password: STRONG } });
    await login(t, 'otp-only@example.com');
    const storedCost = Number((await findPassword(t.services, String(known.json.data!.user_id)))?.hash.split('$')[1]);
    // Counted, not timed (a wall-clock bound failed on a fast machine): node:crypto's scrypt is watched,
    // and syncBuiltinESMExports hands the watcher to hash.ts's named import.
    const scrypt = mock.method(nodeCrypto, 'scrypt');
    syncBuiltinESMExports();
    const answers = [];
    try {
      for (const email of ['known@example.com', 'nobody@example.com', 'otp-only@example.com']) {
        scrypt.mock.resetCalls();
        const r = await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email, password: STRONG2 } });
        // An unknown account's first answer also makes the dummy hash it verifies against (once per process).
        const costs = scrypt.mock.calls.map((c) => Math.log2((c.arguments[3] as { N: number }).N));
        answers.push({ email, status: r.status, type: r.json.error_type, message: r.json.error_message, costs });
      }
    } finally {
      scrypt.mock.restore();
      syncBuiltinESMExports();
    }
    for (const a of answers) assert.deepEqual([a.status, a.type, a.message], [401, 'unauthorized_credentials', 'Unauthorized credentials.']);
    // Every path verifies once at the stored hashes' cost: an unknown account is never answered without the work.
    for (const a of answers) {
      assert.ok(a.costs.length >= 1, `${a.email}: answered without a scrypt`);
      assert.deepEqual(new Set(a.costs), new Set([storedCost]), `${a.email}: scrypt costs ${a.costs.join(', ')}, stored ${storedCost}`);
    }
    assert.equal((await t.call('POST', '/sdk/v1/users/search', { body: { email: 'otp-only@example.com' } })).json.data!.userType, 'passwordless');
  });

  it('create for a passwordless user -> reset_password (dedupe through the reset email)', async () => {
    await login(t, 'dedupe@example.com');
    const r = await t.call('POST', '/sdk/v1/passwords', { body: { email: 'dedupe@example.com', password: STRONG } });
    assert.equal(r.status, 400);
    assert.equal(r.json.error_type, 'reset_password');
  });

  it('reset by email: same 200 for unknown emails (no email sent); link resets, signs in, and works once', async () => {
    const unknown = await t.call('POST', '/sdk/v1/passwords/email/reset/start', {
      body: { email: 'nobody2@example.com', reset_password_redirect_url: RESET_URL },
    });
    assert.equal(unknown.status, 200);
    assert.deepEqual(Object.keys(unknown.json.data!).sort(), ['request_id', 'status_code']);
    assert.equal((await inbox(t, 'nobody2@example.com')).length, 0);

    await t.call('POST', '/sdk/v1/passwords', { body: { email: 'reset@example.com', password: STRONG } });
    const { token: oldSession } = (await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email: 'reset@example.com', password: STRONG } })).json
      .data as { token: string } & Record<string, string>;
    const known = await t.call('POST', '/sdk/v1/passwords/email/reset/start', {
      body: {
        email: 'reset@example.com',
        reset_password_redirect_url: RESET_URL,
        login_redirect_url: 'http://localhost:3000/login',
        reset_password_expiration_minutes: 10,
        locale: 'en',
      },
    });
    assert.deepEqual(Object.keys(known.json.data!).sort(), ['request_id', 'status_code']);
    const m = (await inbox(t, 'reset@example.com'))[0]!;
    const u = new URL(m.link!);
    assert.equal(`${u.origin}${u.pathname}`, RESET_URL);
    assert.equal(u.searchParams.get('stytch_token_type'), 'reset_password');
    assert.ok(m.text.includes('http://localhost:3000/login?stytch_token_type=login&token='));
    const token = u.searchParams.get('token')!;

    const weak = await t.call('POST', '/sdk/v1/passwords/email/reset', { body: { token, password: 'password' } });
    assert.equal(weak.json.error_type, 'breached_password', 'a refused password does not burn the link');
    const r = await t.call('POST', '/sdk/v1/passwords/email/reset', { body: { token, password: STRONG2, session_duration_minutes: 30 } });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const again = await t.call('POST', '/sdk/v1/passwords/email/reset', { body: { token, password: STRONG2 } });
    assert.equal(again.json.error_type, 'unable_to_auth_magic_link');
    assert.equal((await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email: 'reset@example.com', password: STRONG } })).status, 401);
    assert.equal((await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email: 'reset@example.com', password: STRONG2 } })).status, 200);
    assert.ok(oldSession === undefined || (await t.call('GET', '/sdk/v1/users/me', { secret: String(oldSession) })).status === 401);
  });

  it('reset token expires; its login link also signs in through magic_links/authenticate', async () => {
    await t.call('POST', '/sdk/v1/passwords', { body: { email: 'exp@example.com', password: STRONG } });
    await t.call('POST', '/sdk/v1/passwords/email/reset/start', {
      body: { email: 'exp@example.com', reset_password_redirect_url: RESET_URL, reset_password_expiration_minutes: 5 },
    });
    const token = new URL((await inbox(t, 'exp@example.com'))[0]!.link!).searchParams.get('token')!;
    t.advance(5 * 60_000 + 1);
    assert.equal((await t.call('POST', '/sdk/v1/passwords/email/reset', { body: { token, password: STRONG2 } })).json.error_type, 'unable_to_auth_magic_link');
    await t.call('POST', '/sdk/v1/passwords/email/reset/start', { body: { email: 'exp@example.com', reset_password_redirect_url: RESET_URL } });
    const token2 = new URL((await inbox(t, 'exp@example.com'))[0]!.link!).searchParams.get('token')!;
    const ml = await t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { token: token2 } });
    assert.equal(ml.status, 200);
  });

  it('reset with PKCE: wrong or missing verifier -> pkce_mismatch; required by the project -> pkce_required', async () => {
    const verifier = 'f'.repeat(128);
    const code_challenge = createHash('sha256').update(verifier).digest('base64url');
    await t.call('POST', '/sdk/v1/passwords', { body: { email: 'pkce-reset@example.com', password: STRONG } });
    await t.call('POST', '/sdk/v1/passwords/email/reset/start', {
      body: { email: 'pkce-reset@example.com', reset_password_redirect_url: RESET_URL, code_challenge },
    });
    const token = new URL((await inbox(t, 'pkce-reset@example.com'))[0]!.link!).searchParams.get('token')!;
    assert.equal((await t.call('POST', '/sdk/v1/passwords/email/reset', { body: { token, password: STRONG2 } })).json.error_type, 'pkce_mismatch');
    assert.equal(
      (await t.call('POST', '/sdk/v1/passwords/email/reset', { body: { token, password: STRONG2, code_verifier: 'e'.repeat(128) } })).json.error_type,
      'pkce_mismatch',
    );
    assert.equal((await t.call('POST', '/sdk/v1/passwords/email/reset', { body: { token, password: STRONG2, code_verifier: verifier } })).status, 200);

    const strict = await testApp({ bootstrap: { pkce_required_for_password_resets: true } });
    try {
      const r = await strict.call('POST', '/sdk/v1/passwords/email/reset/start', { body: { email: 'a@example.com', reset_password_redirect_url: RESET_URL } });
      assert.equal(r.json.error_type, 'pkce_required');
    } finally {
      await strict.close();
    }
  });

  it('reset start checks the redirect URL and the email', async () => {
    const bad = await t.call('POST', '/sdk/v1/passwords/email/reset/start', {
      body: { email: 'a@example.com', reset_password_redirect_url: 'https://evil.example/' },
    });
    assert.equal(bad.json.error_type, 'invalid_redirect_url');
    const email = await t.call('POST', '/sdk/v1/passwords/email/reset/start', { body: { email: 'nope', reset_password_redirect_url: RESET_URL } });
    assert.equal(email.json.error_type, 'invalid_email');
  });

  it('existing_password reset and session reset', async () => {
    await t.call('POST', '/sdk/v1/passwords', { body: { email: 'change@example.com', password: STRONG } });
    const wrong = await t.call('POST', '/sdk/v1/passwords/existing_password/reset', {
      body: { email: 'change@example.com', existing_password: STRONG2, new_password: STRONG2 },
    });
    assert.equal(wrong.json.error_type, 'unauthorized_credentials');
    const r = await t.call('POST', '/sdk/v1/passwords/existing_password/reset', {
      body: { email: 'change@example.com', existing_password: STRONG, new_password: STRONG2, session_duration_minutes: 30 },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const session = String(r.json.data!.session_token);
    const none = await t.call('POST', '/sdk/v1/passwords/session/reset', { body: { password: STRONG } });
    assert.equal(none.json.error_type, 'user_unauthenticated');
    const s = await t.call('POST', '/sdk/v1/passwords/session/reset', { body: { password: STRONG, session_duration_minutes: 30 }, secret: session });
    assert.equal(s.status, 200, JSON.stringify(s.json));
    assert.equal((await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email: 'change@example.com', password: STRONG } })).status, 200);
  });

  it('a breached password found at sign-in -> breached_password, flagged requires_reset', async () => {
    // A password set before it appeared on the list: written straight to storage, as policy would refuse it now.
    const inst = await testApp();
    try {
      const user = await findOrCreateUserByEmail(inst.services, 'old@example.com');
      await setPassword(inst.services, user.user_id, 'iloveyou');
      const call = (path: string, body: unknown) => inst.call('POST', path, { body });
      const r = await call('/sdk/v1/passwords/authenticate', { email: 'old@example.com', password: 'iloveyou' });
      assert.equal(r.status, 400);
      assert.equal(r.json.error_type, 'breached_password');
      assert.equal((await findPassword(inst.services, user.user_id))?.requires_reset, 1);
      const wrong = await call('/sdk/v1/passwords/authenticate', { email: 'old@example.com', password: STRONG });
      assert.equal(wrong.json.error_type, 'unauthorized_credentials', 'only the right password learns of the flag');
    } finally {
      await inst.close();
    }
  });

  it('strength_check answers the docs/reference/methods/passwords.md#data shape; bad input -> 400', async () => {
    const r = await t.call('POST', '/sdk/v1/passwords/strength_check', { body: { email: 'ada@example.com', password: 'ada12345' } });
    assert.equal(r.status, 200);
    const d = r.json.data as Record<string, unknown> & { feedback: Record<string, unknown> };
    for (const key of ['score', 'valid_password', 'breached_password', 'strength_policy']) assert.ok(key in d, key);
    assert.deepEqual(Object.keys(d.feedback).sort(), ['luds_requirements', 'suggestions', 'warning']);
    assert.equal(d.valid_password, false);
    assert.equal((await t.call('POST', '/sdk/v1/passwords/strength_check', { body: { password: STRONG } })).json.data!.valid_password, true);
    assert.equal((await t.call('POST', '/sdk/v1/passwords/strength_check', { body: {} })).json.error_type, 'invalid_request_body');
    assert.equal(
      (await t.call('POST', '/sdk/v1/passwords/strength_check', { raw: '{', headers: { 'content-type': 'application/json' } })).json.error_type,
      'invalid_json',
    );
    assert.equal((await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email: 'x@example.com' } })).json.error_type, 'invalid_request_body');
    assert.equal((await t.call('POST', '/sdk/v1/users/search', { body: { email: 'bad' } })).json.error_type, 'invalid_email');
  });
});

describe('LUDS project', () => {
  it('bootstrap password_config drives the policy', async () => {
    const t = await testApp({ bootstrap: { password_config: { luds_complexity: 4, luds_minimum_count: 12 } } });
    try {
      const b = await t.call('GET', `/sdk/v1/projects/bootstrap/${t.publicToken}`);
      assert.deepEqual(b.json.data!.password_config, { luds_complexity: 4, luds_minimum_count: 12 });
      const r = await t.call('POST', '/sdk/v1/passwords/strength_check', { body: { password: 'Abc1!' } });
      const d = r.json.data as {
        strength_policy: string;
        valid_password: boolean;
        feedback: { luds_requirements: { missing_characters: number; missing_complexity: number } };
      };
      assert.equal(d.strength_policy, 'luds');
      assert.equal(d.valid_password, false);
      assert.equal(d.feedback.luds_requirements.missing_characters, 7);
      assert.equal(d.feedback.luds_requirements.missing_complexity, 0);
      const weak = await t.call('POST', '/sdk/v1/passwords', { body: { email: 'l@example.com', password: 'alllowercaseletters' } });
      assert.equal(weak.json.error_type, 'weak_password');
      const ok = await t.call('POST', '/sdk/v1/passwords', { body: { email: 'l@example.com', password: 'Quartz-Falcon-9x' } });
      assert.equal(ok.status, 200, JSON.stringify(ok.json));
    } finally {
      await t.close();
    }
  });
});

describe("password_strength_policy 'none' (docs/reference/methods/passwords.md#validation: policy none shows nothing)", () => {
  it('strength_check holds only the length bounds; a common password is neither refused nor flagged', async () => {
    const t = await testApp({ passwordStrengthPolicy: 'none' });
    try {
      const check = async (password: string) =>
        (await t.call('POST', '/sdk/v1/passwords/strength_check', { body: { email: 'n@example.com', password } })).json.data as {
          strength_policy: string;
          valid_password: boolean;
          breached_password: boolean;
          score: number;
          feedback: { warning: string; suggestions: string[] };
        };
      // On the breached list and weak by zxcvbn: under 'none' neither counts.
      assert.equal(isBreachedPassword('password'), true);
      const common = await check('password');
      assert.equal(common.strength_policy, 'none');
      assert.equal(common.valid_password, true);
      assert.equal(common.breached_password, false);
      assert.equal(common.feedback.warning, '');
      assert.deepEqual(common.feedback.suggestions, []);
      // The length bounds still hold.
      const short = await check('abc1234');
      assert.equal(short.strength_policy, 'none');
      assert.equal(short.valid_password, false);
      assert.equal((await check('é'.repeat(129))).valid_password, false, 'over 256 bytes');

      // Create and sign in with it: no weak_password, no breached_password, no reset flag.
      const created = await t.call('POST', '/sdk/v1/passwords', { body: { email: 'n@example.com', password: 'password' } });
      assert.equal(created.status, 200, JSON.stringify(created.json));
      const signedIn = await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email: 'n@example.com', password: 'password' } });
      assert.equal(signedIn.status, 200, JSON.stringify(signedIn.json));
      const tooShort = await t.call('POST', '/sdk/v1/passwords', { body: { email: 'n2@example.com', password: 'abc1234' } });
      assert.equal(tooShort.json.error_type, 'weak_password');
    } finally {
      await t.close();
    }
  });

  it('the default policy still refuses the same password', async () => {
    const t = await testApp();
    try {
      const r = await t.call('POST', '/sdk/v1/passwords', { body: { email: 'd@example.com', password: 'password' } });
      assert.equal(r.json.error_type, 'breached_password');
    } finally {
      await t.close();
    }
  });

  it('a live project file chooses it with password_strength_policy', async () => {
    const dir = tempDir();
    try {
      const file = `${dir.dir}/project.json`;
      writeFileSync(
        file,
        JSON.stringify({
          public_token: 'public-token-live-0123456789abcdef',
          project_name: 'Live Co',
          allowed_origins: ['https://app.example.com'],
          password_strength_policy: 'none',
        }),
      );
      const t = await testApp({ liveProject: readLiveProjectFile(file), logger: () => undefined });
      try {
        const r = await t.call('POST', '/sdk/v1/passwords/strength_check', { body: { password: 'password' } });
        assert.equal(r.json.data!.strength_policy, 'none');
      } finally {
        await t.close();
      }
      writeFileSync(
        file,
        JSON.stringify({ public_token: 'public-token-live-0123456789abcdef', project_name: 'x', allowed_origins: [], password_strength_policy: 'off' }),
      );
      assert.throws(() => readLiveProjectFile(file), /password_strength_policy/);
    } finally {
      dir.cleanup();
    }
  });

  it('unit: checkStrength under none skips scoring', () => {
    const r = checkStrength(normalizePassword('password'), { kind: 'none' });
    assert.deepEqual([r.strength_policy, r.valid_password, r.breached_password, r.score], ['none', true, false, 0]);
  });
});
