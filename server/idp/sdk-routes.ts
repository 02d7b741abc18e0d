/**
 * The SDK calls behind `<auth-idp-consent>` (docs/reference/methods/idp.md#calls / issue 14): authorize start and submit, logout
 * start; and the signed-in user's connected apps and the access-token exchange, which concern the
 * tokens this provider issues (moved here from core's account routes).
 */
import { recordAudit } from '../audit/record.ts';
import {
  type ConnectedAppInfo,
  ExchangeAccessTokenRequest,
  IdpAuthorizeStartRequest,
  type IdpAuthorizeStartResponse,
  IdpAuthorizeSubmitRequest,
  type IdpAuthorizeSubmitResponse,
  IdpLogoutStartRequest,
  type IdpLogoutStartResponse,
} from '../../sdk-core/schemas/index.ts';
import { requireSession } from '../auth-helpers.ts';
import type { SessionsTable } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { requireProjectAuth } from '../basic-auth.ts';
import { readJson } from '../body.ts';
import { ok } from '../responses.ts';
import type { Ctx, Services } from '../services.ts';
import type { Route } from '../routes/types.ts';
import { refuseImpersonated } from '../session-factors.ts';
import { DEFAULT_SESSION_DURATION_MINUTES, findLiveSession } from '../sessions.ts';
import { signInOrSecondStep } from '../mfa/gate.ts';
import { checkAuthorizeParams, checkClientAndRedirect, withQuery } from './authorize.ts';
import { exactUriMatch, findIdpClient, type IdpClient } from './clients.ts';
import { judgeScopes } from './scopes.ts';
import { issueCode, liveAccessToken, rememberConsent, rememberedScopes, revokeClientGrants } from './store.ts';
import { idTokenHintSubject, issuerOf } from './tokens.ts';

/** Whether the user must be asked: never for a first-party client, else unless every scope was consented before. */
async function consentRequired(svc: Services, client: IdpClient, userId: string, scopes: readonly string[], prompt: string | undefined): Promise<boolean> {
  if (prompt === 'consent') return true;
  if (client.client_type === 'first_party') return false;
  const remembered = await rememberedScopes(svc, userId, client.client_id);
  return !scopes.every((s) => remembered.has(s));
}

/** The session named by the Basic secret, or null when signed out (no error: logout works without one). */
async function optionalSession(c: Ctx, svc: Services): Promise<SessionsTable | null> {
  const creds = requireProjectAuth(c, svc);
  if (creds.secret === '' || creds.secret === creds.publicToken) return null;
  return findLiveSession(svc, creds.secret);
}

/** Registers the SDK routes of the provider. */
export function idpSdkRoutes(route: Route, svc: Services): void {
  const k = svc.db.kysely;

  route('POST', '/sdk/v1/idp/oauth/authorize/start', async (c) => {
    // docs/reference/methods/idp.md#rules: the authorize flow needs a signed-in user (user_unauthenticated otherwise).
    const session = await requireSession(c, svc);
    const body = await readJson(c, IdpAuthorizeStartRequest, svc.maxBodyBytes);
    const client = await checkClientAndRedirect(svc, body.client_id, body.redirect_uri);
    const { scopes } = checkAuthorizeParams({ ...body, scopes: body.scopes ?? [] });
    const scope_results = await judgeScopes(svc, session.user_id, scopes);
    const grantable = scope_results.filter((s) => s.is_grantable).map((s) => s.scope);
    // prompt=none (OIDC Core 3.1.2.1): no screen may be shown; the element submits at once and the
    // submit answers error=consent_required if consent was needed.
    const required = body.prompt === 'none' ? false : await consentRequired(svc, client, session.user_id, grantable, body.prompt);
    const answer: IdpAuthorizeStartResponse = {
      consent_required: required,
      client: { client_id: client.client_id, client_name: client.client_name, logo_url: client.logo_url, client_type: client.client_type },
      scope_results,
    };
    return ok(c, answer);
  });

  route('POST', '/sdk/v1/idp/oauth/authorize/submit', async (c) => {
    const session = await requireSession(c, svc);
    const body = await readJson(c, IdpAuthorizeSubmitRequest, svc.maxBodyBytes);
    const client = await checkClientAndRedirect(svc, body.client_id, body.redirect_uri);
    const { scopes, codeChallenge } = checkAuthorizeParams({ ...body, scopes: body.scopes ?? [] });
    const iss = issuerOf(c, svc);
    const grantable = (await judgeScopes(svc, session.user_id, scopes)).filter((s) => s.is_grantable).map((s) => s.scope);
    const required = await consentRequired(svc, client, session.user_id, grantable, body.prompt);
    let redirect_uri: string;
    if (required && !body.consent_granted) {
      // RFC 6749 4.1.2.1 / OIDC Core 3.1.2.6: the client learns the user said no (or could not be asked).
      const error = body.prompt === 'none' ? 'consent_required' : 'access_denied';
      redirect_uri = withQuery(body.redirect_uri, { error, error_description: 'The user did not grant access.', state: body.state, iss });
    } else if (grantable.length === 0) {
      redirect_uri = withQuery(body.redirect_uri, {
        error: 'invalid_scope',
        error_description: 'None of the requested scopes can be granted.',
        state: body.state,
        iss,
      });
    } else {
      // A grant is lasting access: an impersonated session may not issue one.
      refuseImpersonated(session);
      await rememberConsent(svc, session.user_id, client, grantable);
      const code = await issueCode(svc, {
        client,
        userId: session.user_id,
        redirectUri: body.redirect_uri,
        codeChallenge,
        nonce: body.nonce ?? null,
        scopes: grantable,
        authTime: session.started_at,
      });
      // RFC 9207: `iss` tells the client which provider answered (mix-up defence).
      redirect_uri = withQuery(body.redirect_uri, { code, state: body.state, iss });
    }
    const answer: IdpAuthorizeSubmitResponse = { redirect_uri };
    return ok(c, answer);
  });

  route('POST', '/sdk/v1/oauth/logout/start', async (c) => {
    const session = await optionalSession(c, svc);
    const body = await readJson(c, IdpLogoutStartRequest, svc.maxBodyBytes);
    const client = await findIdpClient(svc, body.client_id);
    if (!client) throw new ApiError('idp_client_not_found');
    if (!exactUriMatch(client.post_logout_redirect_uris, body.post_logout_redirect_uri)) throw new ApiError('idp_post_logout_redirect_uri_mismatch');
    let hintSubject: string | null = null;
    if (body.id_token_hint !== undefined) {
      hintSubject = await idTokenHintSubject(c, svc, body.id_token_hint, client.client_id);
      if (hintSubject === null) throw new ApiError('idp_invalid_id_token_hint');
    }
    // OIDC RP-Initiated Logout 2: without a hint naming the signed-in user, ask the user first (a page
    // must not sign people out on another site's say-so). Nobody signed in: nothing to ask.
    const consent_required = session !== null && hintSubject !== session.user_id;
    const answer: IdpLogoutStartResponse = { consent_required, redirect_uri: withQuery(body.post_logout_redirect_uri, { state: body.state }) };
    return ok(c, answer);
  });

  route('GET', '/sdk/v1/users/connected_apps', async (c) => {
    const session = await requireSession(c, svc);
    const rows = await k
      .selectFrom('connected_apps')
      .selectAll()
      .where('user_id', '=', session.user_id)
      .where('project_id', '=', svc.project.project_id)
      .where('revoked_at', 'is', null)
      .orderBy('created_at')
      .execute();
    const connected_apps: ConnectedAppInfo[] = rows.map((r) => ({
      connected_app_id: r.connected_app_id,
      name: r.name,
      description: r.description,
      logo_url: r.logo_url,
      scopes_granted: r.scopes_granted,
    }));
    return ok(c, { connected_apps });
  });

  route('POST', '/sdk/v1/users/connected_apps/:id/revoke', async (c) => {
    const session = await requireSession(c, svc);
    const id = c.req.param('id') ?? '';
    const res = await k
      .updateTable('connected_apps')
      .set({ revoked_at: svc.now() })
      .where('user_id', '=', session.user_id)
      .where('connected_app_id', '=', id)
      .where('project_id', '=', svc.project.project_id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (res.numUpdatedRows === 0n) throw new ApiError('connected_app_not_found');
    await svc.events.emit({ type: 'consent.revoked', user_id: session.user_id, client_id: id, scopes: [] });
    // Revoking the app revokes what it holds: its access and refresh tokens stop working at once, and
    // its next authorize asks for consent again.
    await k.deleteFrom('access_tokens').where('user_id', '=', session.user_id).where('connected_app_id', '=', id).execute();
    await revokeClientGrants(svc, session.user_id, id);
    await recordAudit(svc, {
      action: 'consent.revoke',
      actor: { kind: 'user', id: session.user_id },
      target: { kind: 'idp_client', id },
      details: { client_id: id },
    });
    return ok(c, {});
  });

  route('POST', '/sdk/v1/sessions/exchange_access_token', async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, ExchangeAccessTokenRequest, svc.maxBodyBytes);
    const now = svc.now();
    const row = await liveAccessToken(svc, body.access_token);
    if (!row) throw new ApiError('invalid_access_token');
    // A full session is more than any third-party app was granted: only the project's own (first-party)
    // apps may trade their access token for one.
    if (row.grant_id !== null) {
      const client = await findIdpClient(svc, row.connected_app_id);
      if (client?.client_type !== 'first_party') {
        throw new ApiError('invalid_access_token', { message: 'Only an access token issued to a first-party client can be exchanged for a session.' });
      }
    }
    // A session for an end user from a token: a first factor like any other (docs/reference/mfa.md#gate).
    const answer = await signInOrSecondStep(c, svc, {
      userId: row.user_id,
      factor: { type: 'oauth_access_token_exchange', delivery_method: 'oauth_access_token_exchange', last_authenticated_at: new Date(now).toISOString() },
      durationMinutes: body.session_duration_minutes ?? DEFAULT_SESSION_DURATION_MINUTES,
    });
    return ok(c, answer);
  });
}
