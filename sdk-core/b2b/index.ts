import type { BasicResult } from '../api-types.ts';
import type { MethodContext, SdkMethod } from '../method.ts';
import { check } from '../validate.ts';

/** Business-to-business lookups. */
export interface B2B {
  /** Finds an organization member by email. */
  searchMember(o: { email_address: string; organization_id: string }): Promise<BasicResult & { member: Record<string, unknown> | null }>;
}

/** Builds the B2B calls. */
export function createB2B(ctx: MethodContext): B2B {
  return {
    async searchMember(o) {
      check('b2b.searchMember').optionalObject('options', o).string('email_address', o?.email_address).string('organization_id', o?.organization_id);
      return ctx.request({ method: 'POST', path: '/b2b/organizations/members/search', body: { ...o } });
    },
  };
}

/** The registry entry (../methods.ts): `client.b2b`. */
export const b2bMethod = { name: 'b2b', create: createB2B } satisfies SdkMethod<'b2b', B2B>;
