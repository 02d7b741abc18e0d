/** Sending a sign-in link (docs/reference/methods/magic-links.md#rules, docs/reference/methods/magic-links.md#calls): the options from the config and the public start. */
import type { MagicLinkSendOptions } from '../../sdk-core/index.ts';
import { sendForSession } from '../components/send-variant.ts';
import type { ResolvedLoginConfig } from '../config.ts';
import type { StartContext } from '../context.ts';
import { EmailConfirmation } from './lazy.ts';

/** The send options of docs/reference/config.md#product-options emailMagicLinksOptions (wire names), defaults filled. */
export function magicLinkSendOptions(config: ResolvedLoginConfig): MagicLinkSendOptions {
  const eml = config.emailMagicLinks;
  const options: MagicLinkSendOptions = {
    login_expiration_minutes: eml.loginExpirationMinutes,
    signup_expiration_minutes: eml.signupExpirationMinutes,
    create_user_as_pending: eml.createUserAsPending,
  };
  // Without URLs the server falls back to the project's allowlisted redirect URL.
  if (eml.loginRedirectURL) options.login_magic_link_url = eml.loginRedirectURL;
  if (eml.signupRedirectURL) options.signup_magic_link_url = eml.signupRedirectURL;
  // The email's language: otpOptions.locale, else the widget's own (LoginWidget fills config.locale).
  if (config.locale) options.locale = config.locale;
  return options;
}

/**
 * Emails a sign-in link to `email`, tells the host and shows EmailConfirmation. docs/reference/methods/magic-links.md#rules: with a
 * session the link goes through the secondary endpoint (it adds this email to the signed-in user);
 * without one, login_or_create also signs new users up. The magic-link method's public start: the
 * password flow's passwordless send uses it too.
 * @throws what the send throws
 */
export async function startEmailMagicLink(ctx: StartContext, email: string): Promise<void> {
  const { client, config, emit, dispatch } = ctx;
  // The confirmation screen's chunk is awaited too, so it renders with the screen change (a chunk
  // that cannot be fetched is the screen's to say).
  const [resp] = await Promise.all([
    sendForSession(client, client.magicLinks.email, email, magicLinkSendOptions(config)),
    EmailConfirmation.preload().catch(() => undefined),
  ]);
  client.telemetry.log('email_sent');
  emit({ type: 'MAGIC_LINK_LOGIN_OR_CREATE', data: { ...resp, email } });
  dispatch({ type: 'magic_link_sent', email });
}
