/**
 * The magic-links method's `/v1` backend routes (issue 27, backend-driven sign-in): send,
 * login_or_create, invite and authenticate in the provider's backend shapes, authenticated by a project
 * secret (checked before these handlers). They run the same code as the `/sdk/v1` routes (routes.ts):
 * the same limits, enumeration rules and redirect allowlist; no captcha (a backend has none).
 */
import { z } from 'zod/mini';
import { linkExpirationMinutes } from '../../sdk-core/schemas/magic-links.ts';
import { codeChallenge, codeVerifier } from '../../sdk-core/schemas/pkce.ts';
import { bodyEmail, limitEmailSend, resolveRedirect } from '../auth-helpers.ts';
import { readJson } from '../body.ts';
import { ApiError } from '../errors.ts';
import { backendOk } from '../backend/auth.ts';
import type { BackendRoute } from '../routes/types.ts';
import type { Ctx, Services } from '../services.ts';
import { findEmail, findOrCreateUserByEmail } from '../users.ts';
import {
  BackendAttributes,
  backendSendUser,
  backendSendUserFields,
  backendSessionFields,
  backendSignIn,
  checkNewUserProfile,
  sessionToJoin,
  setNewUserProfile,
  UserProfileFields,
} from '../backend-sign-in.ts';
import { loginOrCreateLink, prepareLink, redeemLink, sendPrimaryLink, sendSecondaryLink } from './routes.ts';

/** Lifetime of an invite link when the call names none: one week, the provider's default (and its longest). */
export const INVITE_EXPIRATION_DEFAULT = 10080;

// Bounded strings keep stored rows and logs small; the lengths are generous for real values.
const shortString = z.string().check(z.maxLength(256));
const urlString = z.string().check(z.maxLength(2048));
const emailString = z.string().check(z.maxLength(1024));

/** What both sends take: the link's URLs, lifetimes, PKCE challenge and language. */
const linkFields = {
  email: emailString,
  login_magic_link_url: z.optional(urlString),
  signup_magic_link_url: z.optional(urlString),
  login_expiration_minutes: z.optional(linkExpirationMinutes),
  signup_expiration_minutes: z.optional(linkExpirationMinutes),
  login_template_id: z.optional(shortString),
  signup_template_id: z.optional(shortString),
  code_challenge: z.optional(codeChallenge),
  locale: z.optional(shortString),
  attributes: z.optional(BackendAttributes),
};

/** Body of `POST /v1/magic_links/email/send` (the provider's; `user_id` or `session_token` adds the address to that user). */
export const BackendLinkSendRequest = z.strictObject({
  ...linkFields,
  ...backendSendUserFields,
});

/** Body of `POST /v1/magic_links/email/login_or_create`. */
export const BackendLinkLoginOrCreateRequest = z.strictObject({ ...linkFields, create_user_as_pending: z.optional(z.boolean()) });

/** Body of `POST /v1/magic_links/email/invite`: the new user's profile, and the link's URL, lifetime and language. */
export const BackendLinkInviteRequest = z.strictObject({
  email: emailString,
  invite_magic_link_url: z.optional(urlString),
  invite_expiration_minutes: z.optional(linkExpirationMinutes),
  invite_template_id: z.optional(shortString),
  locale: z.optional(shortString),
  attributes: z.optional(BackendAttributes),
  ...UserProfileFields,
});

/** Body of `POST /v1/magic_links/authenticate`. */
export const BackendLinkAuthenticateRequest = z.strictObject({
  token: z.string().check(z.maxLength(512)),
  code_verifier: z.optional(codeVerifier),
  ...backendSessionFields,
});

/**
 * Invites an address: a new user, pending until the link is clicked, with the profile the call gives.
 * An address whose user is pending is invited again (its profile unchanged); one whose user is active
 * is refused with duplicate_email. The link is a sign-up link (the same token kind, redeemed by
 * magic_links/authenticate) that lives `invite_expiration_minutes`; it carries no PKCE challenge,
 * since the invitee opens it on a device that never held a verifier.
 */
async function invite(c: Ctx, svc: Services, body: z.infer<typeof BackendLinkInviteRequest>) {
  const email = bodyEmail(body.email);
  const url = resolveRedirect(c, svc, body.invite_magic_link_url || undefined, 'invite_magic_link_url');
  await checkNewUserProfile(body);
  const known = await findEmail(svc, email);
  if (known) {
    const user = await svc.db.kysely.selectFrom('users').select('status').where('user_id', '=', known.user_id).executeTakeFirst();
    if (user?.status !== 'pending') throw new ApiError('duplicate_email');
  }
  await limitEmailSend(c, svc, 'magic_link_send', email);
  const user = await findOrCreateUserByEmail(svc, email, 'pending');
  if (user.created) await setNewUserProfile(svc, user.user_id, body);
  const minutes = body.invite_expiration_minutes ?? INVITE_EXPIRATION_DEFAULT;
  const prepared = await prepareLink(svc, {
    userId: user.user_id,
    emailId: user.email_id,
    email,
    signup: true,
    url,
    minutes,
    codeChallenge: null,
    locale: body.locale,
    invite: { firstName: body.name?.first_name ?? null },
  });
  await svc.outbox.enqueueMessage(prepared.message, { expiresAt: prepared.expiresAt });
  return { user_id: user.user_id, email_id: user.email_id };
}

/** Registers the magic-links method's `/v1` routes. */
export function magicLinkBackendRoutes(route: BackendRoute, svc: Services): void {
  route('POST', '/v1/magic_links/email/send', async (c) => {
    const body = await readJson(c, BackendLinkSendRequest, svc.maxBodyBytes);
    const userId = await backendSendUser(svc, body);
    const sent = userId === undefined ? await sendPrimaryLink(c, svc, body.email, body) : await sendSecondaryLink(c, svc, userId, body.email, body);
    return backendOk(c, { user_id: sent.user_id, email_id: sent.email_id });
  });

  route('POST', '/v1/magic_links/email/login_or_create', async (c) => {
    const body = await readJson(c, BackendLinkLoginOrCreateRequest, svc.maxBodyBytes);
    return backendOk(c, await loginOrCreateLink(c, svc, body.email, body));
  });

  route('POST', '/v1/magic_links/email/invite', async (c) => {
    const body = await readJson(c, BackendLinkInviteRequest, svc.maxBodyBytes);
    return backendOk(c, await invite(c, svc, body));
  });

  route('POST', '/v1/magic_links/authenticate', async (c) => {
    const body = await readJson(c, BackendLinkAuthenticateRequest, svc.maxBodyBytes);
    const joined = await sessionToJoin(svc, body);
    const { row, factor } = await redeemLink(c, svc, body.token, body.code_verifier);
    const answer = await backendSignIn(c, svc, { userId: row.user_id, factor, body, joined });
    return backendOk(c, { ...answer, method_id: row.email_id });
  });
}
