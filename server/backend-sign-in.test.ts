/**
 * Backend-driven sign-in through the provider's own Node SDK (npm `stytch`, pointed at this server with
 * `env`): every magic-link, passcode and password call of its client against the real server over HTTP,
 * so the request keys it sends pass the strict bodies and the answers carry what its types promise
 * (server/backend-sign-in.ts; the routes in the methods' backend.ts). SQLite, and Postgres with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import * as stytch from 'stytch';
import { createProjectSecret } from './backend/secrets.ts';
import { codeOf, linkTokenOf } from './test-backend.ts';
import { testApp } from './test-helpers.ts';

it("the provider's Node SDK signs in by magic link, invite, passcode (joining by session_token and session_jwt) and password, and resets a password", async () => {
  const t = await testApp({ bootstrap: { pkce_required_for_email_magic_links: false, pkce_required_for_password_resets: false } });
  try {
    const base = await t.listen();
    const { secret } = await createProjectSecret(t.services.db.kysely, t.services.project, t.clock.t);
    const client = new stytch.Client({ project_id: t.projectId, secret, env: `${base}/` });
    const ml = await client.magicLinks.email.loginOrCreate({
      email: 'sdk@example.com',
      login_magic_link_url: 'http://localhost:3000/a',
      signup_magic_link_url: 'http://localhost:3000/a',
    });
    assert.equal(ml.status_code, 200);
    const auth = await client.magicLinks.authenticate({ token: await linkTokenOf(t, 'sdk@example.com'), session_duration_minutes: 60 });
    assert.ok(auth.session_token);
    const inv = await client.magicLinks.email.invite({ email: 'inv@example.com', invite_magic_link_url: 'http://localhost:3000/a', name: { first_name: 'I' } });
    assert.equal(inv.status_code, 200);
    const otp = await client.otps.email.loginOrCreate({ email: 'sdk2@example.com' });
    const oa = await client.otps.authenticate({
      method_id: otp.email_id,
      code: await codeOf(t, 'sdk2@example.com'),
      session_duration_minutes: 30,
      session_custom_claims: { a: 1 },
    });
    assert.deepEqual(oa.session?.custom_claims, { a: 1 });
    const sms = await client.otps.sms.send({ phone_number: '+14155552671', session_token: oa.session_token });
    assert.ok(sms.phone_id);
    const sa = await client.otps.authenticate({ method_id: sms.phone_id, code: await codeOf(t, '+14155552671'), session_jwt: oa.session_jwt });
    assert.equal(sa.session?.authentication_factors.length, 2);
    const pw = await client.passwords.create({
      email: 'sdk3@example.com',
      password: 'correct horse battery staple 42!',
      session_duration_minutes: 60,
      trusted_metadata: { x: 1 },
    });
    assert.ok(pw.email_id);
    const pa = await client.passwords.authenticate({ email: 'sdk3@example.com', password: 'correct horse battery staple 42!' });
    assert.equal(pa.session_token, '');
    const sc = await client.passwords.strengthCheck({ password: 'abc' });
    assert.equal(sc.valid_password, false);
    const rs = await client.passwords.email.resetStart({ email: 'sdk3@example.com', reset_password_redirect_url: 'http://localhost:3000/a' });
    assert.ok(rs.user_id);
    const r = await client.passwords.email.reset({
      token: await linkTokenOf(t, 'sdk3@example.com'),
      password: 'another long passphrase 77?',
      session_duration_minutes: 30,
    });
    assert.ok(r.session_jwt);
    await assert.rejects(
      client.otps.authenticate({ method_id: otp.email_id, code: '000000' }),
      (e: { error_type?: string }) => e.error_type === 'otp_code_not_found',
    );
  } finally {
    await t.close();
  }
});
