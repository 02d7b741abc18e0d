/** The /v1 shapes the console reads (issue 31; docs/reference/admin.md, docs/reference/wire-protocol.md#backend-api). */
import type { User } from '../../sdk-core/schemas/users.ts';

/** A user as /v1 answers it: the client's shape plus the backend's fields and the admin status. */
export type AdminUser = Omit<User, 'status'> & { status: 'active' | 'pending' | 'suspended'; is_locked?: boolean; external_id?: string };

/** `POST /v1/users/search`'s answer. */
export interface UserSearchAnswer {
  results: AdminUser[];
  results_metadata: { total: number; next_cursor: string | null };
}

/** One session of `GET /v1/sessions`. */
export interface AdminSession {
  session_id: string;
  started_at: string;
  last_accessed_at?: string;
  expires_at: string;
  authentication_factors?: { type?: string; delivery_method?: string }[];
  attributes?: { ip_address?: string; user_agent?: string };
}
