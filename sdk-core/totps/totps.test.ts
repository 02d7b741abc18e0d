/**
 * The lazily loaded groups of issue 15 through the client against the real reference server: TOTP enrolment
 * and step-up (`client.totps`), impersonation (`client.impersonation`) and member search (`client.b2b`).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addOrganizationMember, createOrganization } from '../../server/b2b/index.ts';
import { type Db, openDatabase } from '../../server/db/index.ts';
import { mintImpersonationToken } from '../../server/impersonation/index.ts';
import { totpCode } from '../../server/totps/otp.ts';
import type { AuthClient } from '../client.ts';
import { ApiError } from '../errors.ts';
import { recordingClient, referenceServer, signInByEmail } from '../test-support.ts';

describe('client.totps, client.impersonation, client.b2b against the real server', () => {
  let db: Db;
  let projectId: string;
  const made: AuthClient[] = [];
  const { server, dataDir } = referenceServer({}, made);
  before(async () => {
    db = await openDatabase({ dataDir });
    projectId = ((await (await fetch(`${server.url}/dev/project.json`)).json()) as { project_id: string }).project_id;
  });
  after(() => db.close());

  it('enrols a TOTP, steps the session up with a code, lists and uses a recovery code', async () => {
    const { client, paths } = recordingClient(server, made);
    await signInByEmail(client, server.url, 'sdk-totp@example.com');
    const created = await client.totps.create({ expiration_minutes: 30 });
    assert.match(created.qr_code, /^data:image\/png;base64,/);
    assert.equal(created.recovery_codes.length, 10);
    const stepped = await client.totps.authenticate({ totp_code: totpCode({ secret: created.secret }, Date.now()), session_duration_minutes: 60 });
    assert.deepEqual(
      stepped.session.authentication_factors.map((f) => f.type),
      ['otp', 'totp'],
    );
    // The client keeps the stepped-up session.
    assert.deepEqual(
      client.session.getSync()?.authentication_factors.map((f) => f.type),
      ['otp', 'totp'],
    );
    const listed = await client.totps.recoveryCodes();
    assert.deepEqual([...(listed.totps[0]?.recovery_codes ?? [])].sort(), [...created.recovery_codes].sort());
    const recovered = await client.totps.recover({ recovery_code: created.recovery_codes[0] ?? '', session_duration_minutes: 60 });
    assert.ok(recovered.session.authentication_factors.some((f) => f.type === 'recovery_codes'));
    await assert.rejects(
      client.totps.recover({ recovery_code: created.recovery_codes[0] ?? '', session_duration_minutes: 60 }),
      (e: unknown) => e instanceof ApiError && e.error_type === 'totp_recovery_code_not_found',
    );
    assert.ok(paths.includes('/totps') && paths.includes('/totps/authenticate') && paths.includes('/totps/recover'));
  });

  it('rotateRecoveryCodes gives new codes once; the old ones stop working', async () => {
    const { client } = recordingClient(server, made);
    await signInByEmail(client, server.url, 'sdk-totp-rotate@example.com');
    const created = await client.totps.create({ expiration_minutes: 30 });
    await client.totps.authenticate({ totp_code: totpCode({ secret: created.secret }, Date.now()), session_duration_minutes: 60 });
    const rotated = await client.totps.rotateRecoveryCodes();
    assert.equal(rotated.recovery_codes.length, 10);
    assert.equal(rotated.totp_id, created.totp_id);
    await assert.rejects(
      client.totps.recover({ recovery_code: created.recovery_codes[0] ?? '', session_duration_minutes: 60 }),
      (e: unknown) => e instanceof ApiError && e.error_type === 'totp_recovery_code_not_found',
    );
    const recovered = await client.totps.recover({ recovery_code: rotated.recovery_codes[0] ?? '', session_duration_minutes: 60 });
    assert.ok(recovered.session.authentication_factors.some((f) => f.type === 'recovery_codes'));
  });

  it('impersonation.authenticate signs in as the user with an admin-minted token, once', async () => {
    const { client: userClient } = recordingClient(server, made);
    await signInByEmail(userClient, server.url, 'sdk-impersonated@example.com');
    const userId = userClient.user.getSync()?.user_id ?? '';
    const { token } = await mintImpersonationToken(db, projectId, userId, { adminId: 'support-1' });
    const { client: agent } = recordingClient(server, made);
    const r = await agent.impersonation.authenticate({ impersonation_token: token });
    assert.equal(r.user_id, userId);
    assert.equal(agent.session.getSync()?.authentication_factors[0]?.type, 'impersonated');
    await assert.rejects(
      agent.impersonation.authenticate({ impersonation_token: token }),
      (e: unknown) => e instanceof ApiError && e.error_type === 'impersonation_token_not_found',
    );
  });

  it('b2b.searchMember finds a member of the caller’s organization', async () => {
    const org = (await createOrganization(db, projectId, { name: 'SDK Org', slug: 'sdk-org' })).organization_id;
    await addOrganizationMember(db, projectId, org, { email: 'sdk-member@example.com' });
    await addOrganizationMember(db, projectId, org, { email: 'sdk-colleague@example.com', name: 'Colleague' });
    const { client } = recordingClient(server, made);
    await signInByEmail(client, server.url, 'sdk-member@example.com');
    const r = await client.b2b.searchMember({ organization_id: org, email_address: 'sdk-colleague@example.com' });
    assert.equal(r.member?.name, 'Colleague');
    assert.equal((await client.b2b.searchMember({ organization_id: org, email_address: 'nobody@example.com' })).member, null);
  });
});
