/** Validator of an RBAC policy (a project's bootstrap `rbac_policy`), for the server: a bad project file fails at start. */
import './zod-config.ts';
import { z } from 'zod/mini';
import type { RBACPolicy } from './bootstrap.ts';
import type { Check, Describes } from './describes.ts';

const id = z.string().check(z.minLength(1), z.maxLength(128));
const actions = z.array(id).check(z.maxLength(256));
const permissions = z.array(z.object({ resource_id: id, actions })).check(z.maxLength(256));
const description = z.string().check(z.maxLength(1024));

/** Validator of {@link RBACPolicy}. */
export const RBACPolicySchema = z.object({
  roles: z.array(z.object({ role_id: id, description: z.optional(description), permissions })),
  resources: z.array(z.object({ resource_id: id, description: z.optional(description), actions })),
  scopes: z.array(z.object({ scope: id, description, permissions: z.optional(permissions) })),
});
type _RBACPolicySchema = Check<Describes<typeof RBACPolicySchema, RBACPolicy>>;
