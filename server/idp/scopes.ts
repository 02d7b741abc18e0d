/**
 * Scopes of the OpenID provider and who may grant them (issue 14, docs/reference/elements/auth-idp-consent.md#screens scope texts, docs/reference/methods/rbac.md#data RBAC): the
 * OpenID Connect scopes anyone may grant; a custom scope is one the project's RBAC policy lists
 * (`rbac_policy.scopes`), grantable when the user's roles hold every permission it maps to.
 */
import type { RBACPolicy } from '../../sdk-core/schemas/index.ts';
import type { IdpScopeResult } from '../../sdk-core/schemas/index.ts';
import type { Services } from '../services.ts';
import { bootstrapData } from '../project/bootstrap.ts';
import { loadUser } from '../users.ts';

/** The standard scopes (OpenID Connect Core 5.4, 11) and their consent texts (docs/reference/elements/auth-idp-consent.md#screens). */
export const STANDARD_SCOPES: Readonly<Record<string, string>> = {
  openid: 'Verify your identity',
  profile: 'View your personal profile information (name, profile picture and language preferences)',
  email: 'View your personal profile information (email address)',
  phone: 'View your personal profile information (phone number)',
  offline_access: "Maintain access to your data even when you're not actively using the app",
};

/** RFC 6749 3.3 scope-token: printable ASCII without space, `"` or `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]{1,256}$/;

/** True when `scope` is a syntactically valid scope token. */
export function isScopeToken(scope: string): boolean {
  return SCOPE_TOKEN.test(scope);
}

/**
 * The user's role ids: the wire user's `roles` (loadUser; the rbac method fills them: the project's
 * default roles, roles by verified email, roles given with setUserRoles). Read through the user so this
 * method needs no import of another method.
 */
export async function userRoleIds(svc: Services, userId: string): Promise<string[]> {
  const user = await loadUser(svc, userId);
  return user?.roles ?? [];
}

/** True when `roles` hold `action` on `resource` (docs/reference/methods/rbac.md#data: an action listed or the wildcard `*`). */
function allowed(policy: RBACPolicy, roles: readonly string[], resource: string, action: string): boolean {
  return policy.roles.some(
    (r) => roles.includes(r.role_id) && r.permissions.some((p) => p.resource_id === resource && (p.actions.includes(action) || p.actions.includes('*'))),
  );
}

/** Judges each requested scope for this user: standard ones always grantable, custom ones by the RBAC policy. */
export async function judgeScopes(svc: Services, userId: string, scopes: readonly string[]): Promise<IdpScopeResult[]> {
  const policy = bootstrapData(svc.project).rbac_policy;
  const needsRoles = scopes.some((s) => !(s in STANDARD_SCOPES));
  return judgeScopesFor(policy, needsRoles ? await userRoleIds(svc, userId) : [], scopes);
}

/**
 * The decision of {@link judgeScopes} for given roles: a custom scope the policy declares is grantable when
 * the roles hold every action of every permission it lists; an undeclared one by nobody.
 */
export function judgeScopesFor(policy: RBACPolicy | null, roles: readonly string[], scopes: readonly string[]): IdpScopeResult[] {
  return scopes.map((scope) => {
    const standard = STANDARD_SCOPES[scope];
    if (standard !== undefined) return { scope, is_grantable: true, description: standard };
    const declared = policy?.scopes.find((s) => s.scope === scope);
    // A scope the policy does not declare maps to no permission anyone holds: nobody can grant it.
    if (!policy || !declared) return { scope, is_grantable: false, description: `Use the ${scope} scope` };
    const perms = declared.permissions ?? [];
    const grantable = perms.every((p) => p.actions.every((a) => allowed(policy, roles, p.resource_id, a)));
    return { scope, is_grantable: grantable, description: declared.description || `Use the ${scope} scope` };
  });
}
