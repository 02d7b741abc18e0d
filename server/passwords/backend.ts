/**
 * The passwords method's `/v1` backend routes (issue 27, backend-driven sign-in): create, authenticate,
 * strength_check, and reset by email (start, reset) in the provider's backend shapes, authenticated by a
 * project secret (checked before these handlers). They run the same code as the `/sdk/v1` routes
 * (routes.ts): the same strength policy, attempt limits and guard, and reset/start's same answer for
 * every address; no captcha (a backend has none).
 */
import { z } from 'zod/mini';
import { linkExpirationMinutes } from '../../sdk-core/schemas/magic-links.ts';
import { codeChallenge, codeVerifier } from '../../sdk-core/schemas/pkce.ts';
import {
  BackendAttributes,
  backendSessionFields,
  backendSignIn,
  checkNewUserProfile,
  sessionToJoin,
  setNewUserProfile,
  UserProfileFields,
} from '../backend-sign-in.ts';
import { backendOk } from '../backend/auth.ts';
import { readJson } from '../body.ts';
import { decoyId } from '../client-keys.ts';
import type { BackendRoute } from '../routes/types.ts';
import type { Services } from '../services.ts';
import { findEmail } from '../users.ts';
import { passwordPolicy } from './strength.ts';
import { authenticatePassword, createPasswordUser, passwordFactor, passwordStrength, resetPasswordByEmail, startPasswordReset } from './routes.ts';

// Bounded strings keep stored rows and logs small; the lengths are generous for real values.
const shortString = z.string().check(z.maxLength(256));
const urlString = z.string().check(z.maxLength(2048));
const emailString = z.string().check(z.maxLength(1024));
// Long enough for any password the byte cap accepts (the cap itself answers password_too_long).
const passwordString = z.string().check(z.maxLength(4096));

/** Body of `POST /v1/passwords` (create): the credentials, the new user's profile, and the session fields. */
export const BackendPasswordCreateRequest = z.strictObject({
  email: emailString,
  password: passwordString,
  ...UserProfileFields,
  // A new user has no session to join: the provider's create takes no session_token.
  session_duration_minutes: backendSessionFields.session_duration_minutes,
  session_custom_claims: backendSessionFields.session_custom_claims,
  attributes: backendSessionFields.attributes,
  telemetry_id: backendSessionFields.telemetry_id,
});

/** Body of `POST /v1/passwords/authenticate`. */
export const BackendPasswordAuthenticateRequest = z.strictObject({ email: emailString, password: passwordString, ...backendSessionFields });

/** Body of `POST /v1/passwords/strength_check`. */
export const BackendPasswordStrengthCheckRequest = z.strictObject({ password: passwordString, email: z.optional(emailString) });

/** Body of `POST /v1/passwords/email/reset/start`. */
export const BackendPasswordResetStartRequest = z.strictObject({
  email: emailString,
  reset_password_redirect_url: z.optional(urlString),
  login_redirect_url: z.optional(urlString),
  reset_password_expiration_minutes: z.optional(linkExpirationMinutes),
  reset_password_template_id: z.optional(shortString),
  code_challenge: z.optional(codeChallenge),
  locale: z.optional(shortString),
  attributes: z.optional(BackendAttributes),
});

/** Body of `POST /v1/passwords/email/reset`. */
export const BackendPasswordResetRequest = z.strictObject({
  token: z.string().check(z.maxLength(512)),
  password: passwordString,
  code_verifier: z.optional(codeVerifier),
  ...backendSessionFields,
});

/** Registers the passwords method's `/v1` routes. */
export function passwordBackendRoutes(route: BackendRoute, svc: Services): void {
  route('POST', '/v1/passwords', async (c) => {
    const body = await readJson(c, BackendPasswordCreateRequest, svc.maxBodyBytes);
    await sessionToJoin(svc, body);
    await checkNewUserProfile(body);
    const user = await createPasswordUser(c, svc, body.email, body.password);
    await setNewUserProfile(svc, user.user_id, body);
    const answer = await backendSignIn(c, svc, { userId: user.user_id, factor: passwordFactor(svc, user), body, joined: null });
    return backendOk(c, { ...answer, email_id: user.email_id });
  });

  route('POST', '/v1/passwords/authenticate', async (c) => {
    const body = await readJson(c, BackendPasswordAuthenticateRequest, svc.maxBodyBytes);
    const joined = await sessionToJoin(svc, body);
    const user = await authenticatePassword(c, svc, body.email, body.password);
    return backendOk(c, await backendSignIn(c, svc, { userId: user.user_id, factor: passwordFactor(svc, user), body, joined }));
  });

  route('POST', '/v1/passwords/strength_check', async (c) => {
    const body = await readJson(c, BackendPasswordStrengthCheckRequest, svc.maxBodyBytes);
    // The provider's answer also says whether create refuses breached passwords: it does unless the policy is none.
    const breachDetection = passwordPolicy(svc.project).kind !== 'none';
    return backendOk(c, { ...passwordStrength(svc, body.password, body.email), breach_detection_on_create: breachDetection });
  });

  route('POST', '/v1/passwords/email/reset/start', async (c) => {
    const body = await readJson(c, BackendPasswordResetStartRequest, svc.maxBodyBytes);
    const email = await startPasswordReset(c, svc, body);
    // The provider answers the user's ids; an address without an account gets stable decoy ids, so the
    // answer tells known and unknown addresses no more apart than the SDK's empty one (client-keys.ts).
    const known = await findEmail(svc, email);
    return backendOk(c, { user_id: known?.user_id ?? decoyId(svc, 'user', email), email_id: known?.email_id ?? decoyId(svc, 'email', email) });
  });

  route('POST', '/v1/passwords/email/reset', async (c) => {
    const body = await readJson(c, BackendPasswordResetRequest, svc.maxBodyBytes);
    // A session_token is checked like everywhere, but joins nothing: the new password signs the user out
    // everywhere (store.ts setPassword), that session too, so only a new one (session_duration_minutes) follows.
    await sessionToJoin(svc, body);
    const row = await resetPasswordByEmail(c, svc, body.token, body.code_verifier, body.password);
    const answer = await backendSignIn(c, svc, { userId: row.user_id, factor: passwordFactor(svc, row), body, joined: null });
    return backendOk(c, { ...answer, reset_sessions: true });
  });
}
