import type { AuthenticateResult, SendResult } from '../api-types.ts';
import type { ApiRequester } from '../method-context.ts';
import { check } from '../validate.ts';
import { isApiError } from '../errors.ts';

/** Options of a magic-link send (SPEC §3 emailMagicLinksOptions, wire names). */
export interface MagicLinkSendOptions {
  login_magic_link_url?: string;
  signup_magic_link_url?: string;
  login_expiration_minutes?: number;
  signup_expiration_minutes?: number;
  login_template_id?: string;
  signup_template_id?: string;
  create_user_as_pending?: boolean;
  locale?: string;
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
  authenticate(token: string, options: { session_duration_minutes: number }): Promise<AuthenticateResult>;
  /**
   * For the host's redirect page: reads `stytch_token_type` and `token` from the URL, signs in with
   * a magic-link (or reset email login) token, and strips the token from the address bar.
   * Resolves to null when the URL carries no magic-link token.
   * @example const signedIn = await client.magicLinks.authenticateFromUrl({ session_duration_minutes: 60 });
   */
  authenticateFromUrl(options: { session_duration_minutes: number; url?: string }): Promise<AuthenticateResult | null>;
}

/** Token types a redirect URL can carry that magic-link authenticate accepts. */
export const MAGIC_LINK_TOKEN_TYPES = ['magic_links', 'login'] as const;

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
export function createMagicLinks(ctx: ApiRequester): MagicLinks {
  const withPkce = async (body: Record<string, unknown>) => {
    if (!(await ctx.bootstrap()).pkce_required_for_email_magic_links) return body;
    const { code_challenge } = await ctx.pkce.start('magic_links');
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
      // SPEC §4: a reset email's link may land here, so try the password-reset verifier first and
      // fall back to the magic-link one when the server says the PKCE pair does not match.
      const resetPair = ctx.pkce.get('passwords');
      let resp: AuthenticateResult;
      if (resetPair) {
        try {
          resp = await call(resetPair.code_verifier);
          ctx.pkce.clear('passwords');
          return resp;
        } catch (e) {
          if (!(isApiError(e) && /pkce/i.test(`${e.error_type} ${e.error_message}`))) throw e;
        }
      }
      resp = await call(ctx.pkce.get('magic_links')?.code_verifier);
      ctx.pkce.clear('magic_links');
      return resp;
    },
    async authenticateFromUrl(options) {
      const m = 'magicLinks.authenticateFromUrl';
      check(m).optionalObject('options', options).number('session_duration_minutes', options?.session_duration_minutes).optionalString('url', options.url);
      const href = options.url ?? globalThis.location?.href;
      if (!href) return null;
      const url = new URL(href);
      const type = url.searchParams.get('stytch_token_type');
      const token = url.searchParams.get('token');
      if (!token || !(MAGIC_LINK_TOKEN_TYPES as readonly (string | null)[]).includes(type)) return null;
      const resp = await self.authenticate(token, { session_duration_minutes: options.session_duration_minutes });
      // A used token in the address bar only invites a confusing second attempt on reload.
      if (!options.url && globalThis.history?.replaceState) {
        url.searchParams.delete('token');
        url.searchParams.delete('stytch_token_type');
        globalThis.history.replaceState(globalThis.history.state, '', url.href);
      }
      return resp;
    },
  };
  return self;
}
