/**
 * The impersonation method: `POST /sdk/v1/impersonation/authenticate` redeems an admin-minted token
 * (store.ts) for a 60-minute session of the user, marked as impersonated: its one factor is
 * `{type: 'impersonated', impersonated_factor: {impersonator_id}}`, which the session JWT carries too,
 * and sessions/authenticate never extends it (server/sessions.ts). Each redemption is an audit row.
 */
import { ImpersonationAuthenticateRequest } from '../../sdk-core/schemas/index.ts';
import { recordAudit } from '../audit/record.ts';
import { claimOnce } from '../claim-once.ts';
import { newId, sha256Hex } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import { requireProjectAuth } from '../basic-auth.ts';
import { readJson } from '../body.ts';
import { clientIp, userAgent } from '../request.ts';
import { ok } from '../responses.ts';
import type { Services } from '../services.ts';
import type { Route } from '../routes/types.ts';
import { authenticateAnswer, createSession } from '../sessions.ts';
import { IMPERSONATED_SESSION_MINUTES } from './store.ts';

/** Registers the impersonation route. */
export function impersonationRoutes(route: Route, svc: Services): void {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;

  route('POST', '/sdk/v1/impersonation/authenticate', async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, ImpersonationAuthenticateRequest, svc.maxBodyBytes);
    const now = svc.now();
    // Single use: exactly one of any number of parallel redemptions gets the row back; the project is
    // part of the condition, so a token of another project is simply unknown here.
    const spent = await claimOnce(k, 'impersonation_tokens', { token_hash: sha256Hex(body.impersonation_token), project_id: pid }, { now });
    if (!spent.ok) throw new ApiError('impersonation_token_not_found');
    const claimed = spent.row;
    const ip = clientIp(c, svc);
    const ua = userAgent(c);
    const { row, token } = await createSession(svc, {
      userId: claimed.user_id,
      durationMinutes: IMPERSONATED_SESSION_MINUTES,
      ip,
      userAgent: ua,
      factor: {
        type: 'impersonated',
        delivery_method: 'impersonation',
        last_authenticated_at: new Date(now).toISOString(),
        impersonated_factor: { impersonator_id: claimed.impersonator_id },
      },
    });
    await svc.events.emit({ type: 'impersonation.used', user_id: claimed.user_id, session_id: row.session_id, impersonator_id: claimed.impersonator_id });
    await k
      .insertInto('impersonation_audit')
      .values({
        audit_id: newId('impersonation', 'audit'),
        project_id: pid,
        user_id: claimed.user_id,
        impersonator_id: claimed.impersonator_id,
        event: 'authenticated',
        reason: claimed.reason,
        session_id: row.session_id,
        ip_address: ip,
        user_agent: ua.slice(0, 512),
        at: now,
      })
      .execute();
    await recordAudit(svc, {
      action: 'impersonation.use',
      actor: { kind: 'admin', id: claimed.impersonator_id },
      target: { kind: 'user', id: claimed.user_id },
      details: { session_id: row.session_id, reason: claimed.reason },
    });
    return ok(c, await authenticateAnswer(svc, row, token));
  });
}
