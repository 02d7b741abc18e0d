/**
 * B2B organization member search (docs/reference/methods/b2b.md#calls `POST /b2b/organizations/members/search`), shared by the client
 * and the server. The SDK's `b2b.searchMember` looks one member up by email; the same call without
 * `email_address` pages through the organization's members (`cursor`, `limit`, `results_metadata`, as the
 * provider's member search pages).
 */
import './zod-config.ts';
import { z } from 'zod/mini';
import type { Check, Describes } from './describes.ts';

/** Members per page when the body names no limit. */
export const B2B_SEARCH_DEFAULT_LIMIT = 100;
/** Most members per page (the provider's maximum). */
export const B2B_SEARCH_MAX_LIMIT = 1000;

/** Body of `POST /b2b/organizations/members/search`. */
export const B2BMemberSearchRequest = z.object({
  organization_id: z.string().check(z.minLength(1), z.maxLength(256)),
  email_address: z.optional(z.string().check(z.maxLength(1024))),
  cursor: z.optional(z.string().check(z.maxLength(1024))),
  limit: z.optional(z.int().check(z.gte(1), z.lte(B2B_SEARCH_MAX_LIMIT))),
});
/** Body of `POST /b2b/organizations/members/search`. */
export interface B2BMemberSearchRequest {
  organization_id: string;
  /** One member by address (the SDK's searchMember); absent: a page of all members. */
  email_address?: string;
  /** `results_metadata.next_cursor` of the previous page. */
  cursor?: string;
  limit?: number;
}
type _B2BMemberSearchRequest = Check<Describes<typeof B2BMemberSearchRequest, B2BMemberSearchRequest>>;

/** One role of a member and where it comes from. */
export interface B2BMemberRole {
  role_id: string;
  sources: { type: 'direct_assignment'; details: Record<string, never> }[];
}

/** A member of an organization as the search answers it. */
export interface B2BMember {
  member_id: string;
  organization_id: string;
  email_address: string;
  name: string;
  status: 'active' | 'invited';
  roles: B2BMemberRole[];
  created_at: string;
}

/** Payload of `POST /b2b/organizations/members/search`. */
export interface B2BMemberSearchResponse {
  /** The member with `email_address`, or null (also null for a page of members). */
  member: B2BMember | null;
  /** This page of members (the one match for an address search). */
  members: B2BMember[];
  results_metadata: { total: number; next_cursor: string | null };
}
