/**
 * Attacks on B2B member search and roles (issue 15): probing which organizations exist (a foreign and a
 * made-up organization must answer alike), a hand-made cursor meant to walk into another organization, an
 * invited (not yet active) member, a claim on a member's address without proving it, and a role that a
 * sign-up could grab through `roles_by_email`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addOrganizationMember, createOrganization } from '../../server/b2b/index.ts';
import { createSession } from '../../server/sessions.ts';
import { login, type TestApp, testApp } from '../../server/test-helpers.ts';
import { findOrCreateUserByEmail, loadUser } from '../../server/users.ts';

const search = (t: TestApp, token: string, body: Record<string, unknown>) =>
  t.call('POST', '/sdk/v1/b2b/organizations/members/search', { secret: token, body });
/** An answer without its per-request parts, to compare two refusals byte for byte. */
const stable = (r: { status: number; json: Record<string, unknown> }) => ({ status: r.status, ...r.json, request_id: undefined });

describe('attack: B2B member search', () => {
  let t: TestApp;
  let mine: string;
  let theirs: string;
  let token: string;
  before(async () => {
    t = await testApp();
    mine = (await createOrganization(t.services.db, t.projectId, { name: 'Mine', slug: 'mine' })).organization_id;
    theirs = (await createOrganization(t.services.db, t.projectId, { name: 'Theirs', slug: 'theirs' })).organization_id;
    await addOrganizationMember(t.services.db, t.projectId, mine, { email: 'me@mine.example' });
    await addOrganizationMember(t.services.db, t.projectId, mine, { email: 'zz-last@mine.example' });
    for (const e of ['aa@theirs.example', 'secret-ceo@theirs.example', 'zz@theirs.example'])
      await addOrganizationMember(t.services.db, t.projectId, theirs, { email: e });
    token = (await login(t, 'me@mine.example', 600)).token;
  });
  after(() => t.close());

  it('a foreign organization and a made-up one answer the same: no oracle for which organizations exist', async () => {
    const foreign = await search(t, token, { organization_id: theirs, email_address: 'secret-ceo@theirs.example' });
    const madeUp = await search(t, token, {
      organization_id: 'organization-test-00000000-0000-0000-0000-000000000000',
      email_address: 'secret-ceo@theirs.example',
    });
    assert.equal(foreign.status, 404);
    assert.deepEqual(stable(foreign), stable(madeUp));
  });

  it('a hand-made cursor only moves within the caller’s organization', async () => {
    // A cursor is the last address of a page; one before every address of the other organization.
    const cursor = Buffer.from('m1:a', 'utf8').toString('base64url');
    const r = await search(t, token, { organization_id: mine, cursor });
    assert.equal(r.status, 200);
    const emails = ((r.json.data as { members: { email_address: string }[] }).members ?? []).map((m) => m.email_address);
    assert.deepEqual(emails, ['me@mine.example', 'zz-last@mine.example']);
    for (const bad of ['', '%%%', Buffer.from('x').toString('base64url'), 'm1:'.repeat(300)]) {
      const res = await search(t, token, { organization_id: mine, cursor: bad });
      assert.ok(res.status === 400, `${bad}: ${res.status}`);
    }
  });

  it('an invited member, and someone holding a member’s address unverified, cannot search', async () => {
    await addOrganizationMember(t.services.db, t.projectId, theirs, { email: 'invited@theirs.example', status: 'invited' });
    const invited = (await login(t, 'invited@theirs.example', 600)).token;
    assert.equal((await search(t, invited, { organization_id: theirs })).json.error_type, 'organization_not_found');
    const squatter = await findOrCreateUserByEmail(t.services, 'zz@theirs.example');
    const { token: s } = await createSession(t.services, {
      userId: squatter.user_id,
      durationMinutes: 60,
      ip: '127.0.0.1',
      userAgent: 'attack',
      factor: { type: 'password', delivery_method: 'knowledge', last_authenticated_at: new Date(t.clock.t).toISOString() },
    });
    assert.equal((await search(t, s, { organization_id: theirs })).json.error_type, 'organization_not_found');
  });
});

describe('attack: grabbing a role through roles_by_email', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({
      liveProject: {
        public_token: 'public-token-live-rolegrab00001',
        project_name: 'Role Grab',
        allowed_origins: ['https://app.example.com'],
        roles_by_email: { 'admin@corp.example': ['admin'] },
      },
    });
  });
  after(() => t.close());

  it('signing up with the admin’s address (unverified) gives no admin role, in the answer or the session JWT', async () => {
    const u = await findOrCreateUserByEmail(t.services, 'admin@corp.example');
    assert.deepEqual((await loadUser(t.services, u.user_id))?.roles, ['stytch_user']);
    const { row, token } = await createSession(t.services, {
      userId: u.user_id,
      durationMinutes: 60,
      ip: '127.0.0.1',
      userAgent: 'attack',
      factor: { type: 'password', delivery_method: 'knowledge', last_authenticated_at: new Date(t.clock.t).toISOString() },
    });
    assert.ok(row);
    const r = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: token, body: {}, origin: 'https://app.example.com' });
    assert.deepEqual((r.json.data as { session: { roles: string[] } }).session.roles, ['stytch_user']);
  });
});
