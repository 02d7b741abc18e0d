import type { AuthenticateResult, ClientAddedFields, SendResult } from '../api-types.ts';
import type { MethodContext, SdkMethod } from '../method.ts';
import { PKCEStore } from '../pkce/index.ts';
import type { MagicLinkAuthenticateRequest, MagicLinkSendRequest } from '../schemas/magic-links.ts';
import { check } from '../validate.ts';
import { ConfirmationRequiredError, isApiError, PKCEVerifierMissingError, UsageError } from '../errors.ts';

/** Options of a magic-link send (docs/reference/config.md#product-options emailMagicLinksOptions, wire names): the send body without the email. */
export type MagicLinkSendOptions = Omit<MagicLinkSendRequest, 'email' | ClientAddedFields>;

/** Options of a magic-link authenticate: `session_duration_minutes` is required. */
export type MagicLinkAuthenticateOptions = Required<Pick<MagicLinkAuthenticateRequest, 'session_duration_minutes'>>;

/** Token types a redirect URL can carry that magic-link authenticate accepts. */
export type MagicLinkTokenType = 'magic_links' | 'login';

/**
 * What a redirect page should do with a link in this browser (README "Magic-link redirect pages"):
 * - `redeem`: this browser holds the PKCE verifier of the flow (the link was requested here): sign in at once.
 * - `confirm`: no verifier, and the project does not require PKCE: ask the user for one click first,
 *   so nothing that merely opens the link (a mail scanner running JavaScript) signs in.
 * - `other_browser`: the project requires PKCE and this browser has no verifier: the link only works
 *   in the browser that requested it; redeeming here would fail, so nothing is sent and the link stays usable.
 */
export type MagicLinkRedirectStep = 'redeem' | 'confirm' | 'other_browser';

/** A magic-link token found in a redirect page's address. */
export interface MagicLinkRedirect {
  token: string;
  token_type: MagicLinkTokenType;
  /** What to do before (or instead of) redeeming it. */
  step: MagicLinkRedirectStep;
}

/** Email magic links. */
export interface MagicLinks {
  email: {
    /** Sends a sign-in or sign-up link to `email` (PKCE challenge attached when the project requires it). */
    loginOrCreate(email: string, options?: MagicLinkSendOptions): Promise<SendResult>;
    /** Sends a link to an existing user; the secondary variant adds the email to the signed-in user. */
    send(email: string, options?: MagicLinkSendOptions): Promise<SendResult>;
  };
  /** Exchanges the link's token for a session. */
  authenticate(token: string, options: MagicLinkAuthenticateOptions): Promise<AuthenticateResult>;
  /** What a redirect page should do with a link of `token_type` in this browser (see {@link MagicLinkRedirectStep}). */
  redirectStep(token_type: MagicLinkTokenType): Promise<MagicLinkRedirectStep>;
  /**
   * For the host's redirect page: reads `token` and `stytch_token_type` from the URL and, when they
   * came from the page's own address, takes them out of the address bar at once (before any call),
   * then says what to do with the link. Resolves to null when the URL carries no magic-link token.
   * @example
   * const link = await client.magicLinks.readUrl();
   * if (link?.step === 'redeem') await client.magicLinks.authenticate(link.token, { session_duration_minutes: 60 });
   */
  readUrl(options?: { url?: string }): Promise<MagicLinkRedirect | null>;
  /**
   * For the host's redirect page: {@link readUrl}, then signs in when the link was requested in this
   * browser (PKCE verifier present). Without a verifier in a project that does not require PKCE it
   * first awaits `confirm` (show a button; resolve true on its click): without `confirm` it rejects
   * with ConfirmationRequiredError, and with `confirm` resolving false it resolves to null. A
   * PKCE project's link opened elsewhere rejects with PKCEVerifierMissingError without a call.
   * Resolves to null when the URL carries no magic-link token.
   * @example const signedIn = await client.magicLinks.authenticateFromUrl({ session_duration_minutes: 60, confirm: () => clicked });
   */
  authenticateFromUrl(
    options: MagicLinkAuthenticateOptions & {
      url?: string;
      confirm?: (link: MagicLinkRedirect) => boolean | Promise<boolean>;
    },
  ): Promise<AuthenticateResult | null>;
}

/** Token types a redirect URL can carry that magic-link authenticate accepts. */
export const MAGIC_LINK_TOKEN_TYPES: readonly MagicLinkTokenType[] = ['magic_links', 'login'];

function checkOptions(method: string, o: MagicLinkSendOptions | undefined): MagicLinkSendOptions {
  const c = check(method).optionalObject('options', o);
  const opts = o ?? {};
  c.optionalString('login_magic_link_url', opts.login_magic_link_url)
    .optionalString('signup_magic_link_url', opts.signup_magic_link_url)
    .optionalNumber('login_expiration_minutes', opts.login_expiration_minutes)
    .optionalNumber('signup_expiration_minutes', opts.signup_expiration_minutes)
    .optionalString('login_template_id', opts.login_template_id)
    .optionalString('signup_template_id', opts.signup_template_id)
    .optionalBoolean('create_user_as_pending', opts.create_user_as_pending)
    .optionalString('locale', opts.locale);
  return opts;
}

/** Builds the magic-link methods. */
export function createMagicLinks(ctx: MethodContext): MagicLinks {
  // PKCE verifiers per flow (docs/reference/constants.md#client-sdk), kept in the client's storage.
  const pkce = new PKCEStore(ctx.storage, ctx.publicToken);
  const withPkce = async (body: Record<string, unknown>) => {
    if (!(await ctx.bootstrap()).pkce_required_for_email_magic_links) return body;
    const { code_challenge } = await pkce.start('magic_links');
    return { ...body, code_challenge };
  };
  const self: MagicLinks = {
    email: {
      async loginOrCreate(email, options) {
        const method = 'magicLinks.email.loginOrCreate';
        check(method).string('email', email);
        const opts = checkOptions(method, options);
        return ctx.protectedRequest<SendResult>({
          method: 'POST',
          path: '/magic_links/email/login_or_create',
          body: await withPkce({ email, ...opts }),
        });
      },
      async send(email, options) {
        const method = 'magicLinks.email.send';
        check(method).string('email', email);
        const opts = checkOptions(method, options);
        return ctx.protectedRequest<SendResult>({
          method: 'POST',
          path: `/magic_links/email/send/${ctx.sendVariant()}`,
          body: await withPkce({ email, ...opts }),
        });
      },
    },
    async authenticate(token, options) {
      const method = 'magicLinks.authenticate';
      check(method).string('token', token).optionalObject('options', options);
      check(method).number('session_duration_minutes', options?.session_duration_minutes);
      const call = (code_verifier: string | undefined) =>
        ctx.signIn(
          {
            method: 'POST',
            path: '/magic_links/authenticate',
            body: { token, session_duration_minutes: options.session_duration_minutes, ...(code_verifier ? { code_verifier } : {}) },
          },
          true,
        );
      // docs/reference/sdk.md#pkce: a reset email's link may land here, so try the password-reset verifier first and
      // fall back to the magic-link one when the server says the PKCE pair does not match.
      const resetPair = pkce.get('passwords');
      let resp: AuthenticateResult;
      if (resetPair) {
        try {
          resp = await call(resetPair.code_verifier);
          pkce.clear('passwords');
          return resp;
        } catch (e) {
          if (!(isApiError(e) && /pkce/i.test(`${e.error_type} ${e.error_message}`))) throw e;
        }
      }
      resp = await call(pkce.get('magic_links')?.code_verifier);
      pkce.clear('magic_links');
      return resp;
    },
    async redirectStep(token_type) {
      check('magicLinks.redirectStep').string('token_type', token_type);
      // authenticate() tries both verifiers (docs/reference/sdk.md#pkce), so either one proves the flow began here.
      if (pkce.has('magic_links') || pkce.has('passwords')) return 'redeem';
      const boot = await ctx.bootstrap();
      // A `login` link comes from a reset email, bound to the reset flow's challenge.
      const required = token_type === 'login' ? boot.pkce_required_for_password_resets : boot.pkce_required_for_email_magic_links;
      return required ? 'other_browser' : 'confirm';
    },
    async readUrl(options) {
      check('magicLinks.readUrl').optionalObject('options', options).optionalString('url', options?.url);
      const href = options?.url ?? globalThis.location?.href;
      if (!href) return null;
      const url = new URL(href);
      const type = url.searchParams.get('stytch_token_type');
      const token = url.searchParams.get('token');
      if (!token || !MAGIC_LINK_TOKEN_TYPES.some((t) => t === type)) return null;
      // The token is a credential: out of the address bar (history, shoulder, screenshots, a
      // Referer) before anything else happens, the bootstrap call included.
      if (!options?.url && globalThis.history?.replaceState) {
        url.searchParams.delete('token');
        url.searchParams.delete('stytch_token_type');
        globalThis.history.replaceState(globalThis.history.state, '', url.href);
      }
      const token_type = type as MagicLinkTokenType;
      return { token, token_type, step: await self.redirectStep(token_type) };
    },
    async authenticateFromUrl(options) {
      const m = 'magicLinks.authenticateFromUrl';
      check(m).optionalObject('options', options).number('session_duration_minutes', options?.session_duration_minutes).optionalString('url', options.url);
      if (options.confirm !== undefined && typeof options.confirm !== 'function') throw new UsageError(m, 'confirm', 'must be a function.');
      const link = await self.readUrl(options.url !== undefined ? { url: options.url } : {});
      if (!link) return null;
      if (link.step === 'other_browser') throw new PKCEVerifierMissingError();
      if (link.step === 'confirm') {
        if (!options.confirm) throw new ConfirmationRequiredError();
        if (!(await options.confirm(link))) return null;
      }
      return self.authenticate(link.token, { session_duration_minutes: options.session_duration_minutes });
    },
  };
  return self;
}

/** The registry entry (../methods.ts): `client.magicLinks`. */
export const magicLinksMethod = { name: 'magicLinks', create: createMagicLinks } satisfies SdkMethod<'magicLinks', MagicLinks>;
