/**
 * Organizations and their members (issue 15 B2B): admin functions to create them (for the admin CLI and
 * tests; the server has no admin HTTP surface) and the wire shape of a member.
 */
import { type B2BMember, normalizeEmail } from '../../sdk-core/schemas/index.ts';
import { newId } from '../crypto.ts';
import type { Db } from '../db/index.ts';
import type { OrganizationMembersTable } from './tables.ts';

/** A slug: what the provider's default slug pattern allows. */
const SLUG = /^[a-z0-9._~-]{2,128}$/;
const ROLE_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/**
 * Creates an organization of project `projectId`; its id and slug.
 * @throws Error for an empty name (or over 256 characters), a malformed slug, or a slug already taken in the project
 */
export async function createOrganization(
  db: Db,
  projectId: string,
  o: { name: string; slug: string; now?: number },
): Promise<{ organization_id: string; slug: string }> {
  const name = o.name.trim();
  if (name === '' || name.length > 256) throw new Error('createOrganization: name must be 1 to 256 characters');
  if (!SLUG.test(o.slug)) throw new Error(`createOrganization: slug ${JSON.stringify(o.slug)} must match ${SLUG}`);
  const organization_id = newId('organization', projectId.startsWith('project-live-') ? 'live' : 'test');
  const row = await db.kysely
    .insertInto('organizations')
    .values({ organization_id, project_id: projectId, name, slug: o.slug, created_at: o.now ?? Date.now() })
    .onConflict((oc) => oc.columns(['project_id', 'slug']).doNothing())
    .returning('organization_id')
    .executeTakeFirst();
  if (!row) throw new Error(`createOrganization: slug ${o.slug} is taken in project ${projectId}`);
  return { organization_id, slug: o.slug };
}

/** What {@link addOrganizationMember} takes. */
export interface NewMember {
  email: string;
  name?: string;
  /** Role ids of the member in this organization (added to the user's own roles when the server checks). */
  roles?: readonly string[];
  status?: 'active' | 'invited';
  now?: number;
}

/**
 * Adds a member (by email address) to an organization of project `projectId`; the member id. An address
 * already a member keeps its row (idempotent: the existing id is returned).
 * @throws Error for an unknown organization of that project, a malformed address or role id
 */
export async function addOrganizationMember(db: Db, projectId: string, organizationId: string, m: NewMember): Promise<string> {
  const k = db.kysely;
  const email = normalizeEmail(m.email);
  if (email === null) throw new Error(`addOrganizationMember: ${JSON.stringify(m.email)} is not an email address`);
  const roles = [...new Set(m.roles ?? [])];
  for (const r of roles) if (!ROLE_ID.test(r)) throw new Error(`addOrganizationMember: ${JSON.stringify(r)} is not a role id`);
  const org = await k
    .selectFrom('organizations')
    .select('organization_id')
    .where('organization_id', '=', organizationId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!org) throw new Error(`addOrganizationMember: no organization ${organizationId} in project ${projectId}`);
  const memberId = newId('member', projectId.startsWith('project-live-') ? 'live' : 'test');
  await k
    .insertInto('organization_members')
    .values({
      member_id: memberId,
      project_id: projectId,
      organization_id: organizationId,
      email_address: email,
      name: (m.name ?? '').slice(0, 256),
      status: m.status ?? 'active',
      roles: JSON.stringify(roles),
      created_at: m.now ?? Date.now(),
    })
    .onConflict((oc) => oc.columns(['organization_id', 'email_address']).doNothing())
    .execute();
  const row = await k
    .selectFrom('organization_members')
    .select('member_id')
    .where('organization_id', '=', organizationId)
    .where('email_address', '=', email)
    .executeTakeFirstOrThrow();
  return row.member_id;
}

/** A member's role ids (a corrupt value reads as none). */
export function memberRoleIds(row: Pick<OrganizationMembersTable, 'roles'>): string[] {
  try {
    const v: unknown = JSON.parse(row.roles);
    return Array.isArray(v) ? v.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

/** Wire shape of a member row. */
export function toMember(row: OrganizationMembersTable): B2BMember {
  return {
    member_id: row.member_id,
    organization_id: row.organization_id,
    email_address: row.email_address,
    name: row.name,
    status: row.status === 'invited' ? 'invited' : 'active',
    roles: memberRoleIds(row).map((role_id) => ({ role_id, sources: [{ type: 'direct_assignment', details: {} }] })),
    created_at: new Date(row.created_at).toISOString(),
  };
}
