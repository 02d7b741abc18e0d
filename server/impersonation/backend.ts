/**
 * The admin console's impersonation call (issue 31, docs/reference/admin.md#impersonation): `POST
 * /v1/impersonation { user_id, reason, redirect_url? }` mints the same single-use token as the CLI's
 * `impersonate` (store.ts) and answers it with a link to the project's redirect page carrying it
 * (`stytch_token_type=impersonation`; null when the project has no concrete one and none is asked), whose page redeems it with `client.impersonation.authenticate`.
 * The impersonator recorded is the admin whose session called (else the project secret's id); the call's
 * audit row names them too (server/audit/record.ts).
 */
import { z } from 'zod/mini';
import { callerAdminId } from '../admin/access.ts';
import { linkWithToken, resolveRedirect } from '../auth-helpers.ts';
import { backendOk } from '../backend/auth.ts';
import { requireBackendUser } from '../backend/users.ts';
import { readJson } from '../body.ts';
import type { BackendRoute } from '../routes/types.ts';
import type { Services } from '../services.ts';
import { mintImpersonationToken } from './store.ts';

const ImpersonationBody = z.strictObject({
  user_id: z.string().check(z.minLength(1), z.maxLength(256)),
  reason: z.string().check(z.minLength(1), z.maxLength(500)),
  redirect_url: z.optional(z.string().check(z.maxLength(2048))),
});

/** Registers `POST /v1/impersonation`. */
export function impersonationBackendRoutes(route: BackendRoute, svc: Services): void {
  route('POST', '/v1/impersonation', async (c) => {
    const body = await readJson(c, ImpersonationBody, svc.maxBodyBytes);
    await requireBackendUser(svc, body.user_id);
    // An asked URL must be on the allowlist; without one, the project's first concrete redirect URL, else no link (the token alone).
    let base: string | null = null;
    try {
      base = resolveRedirect(c, svc, body.redirect_url, 'redirect_url');
    } catch (err) {
      if (body.redirect_url !== undefined) throw err;
    }
    const admin = callerAdminId(c) ?? `secret:${c.get('backendSecretId') ?? 'unknown'}`;
    const minted = await mintImpersonationToken(svc.db, svc.project.project_id, body.user_id, { adminId: admin, reason: body.reason, now: svc.now() });
    // The token is a credential for the user's account: never cached on the way.
    c.header('Cache-Control', 'no-store');
    return backendOk(c, {
      user_id: body.user_id,
      url: base === null ? null : linkWithToken(base, 'impersonation', minted.token),
      token: minted.token,
      expires_at: new Date(minted.expiresAt).toISOString(),
    });
  });
}
