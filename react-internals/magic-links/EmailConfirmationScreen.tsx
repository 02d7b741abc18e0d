/** EmailConfirmation (docs/reference/methods/magic-links.md#screens): 'Check your email', mailbox links, 'Try again'. */
import { useWidget } from '../context.ts';
import type { StringKey } from '../strings.ts';
import { text } from '../text.ts';
import { type MailboxProvider, mailboxLinks, senderDomain } from './mailbox.ts';
import { Heading } from '../components/Heading.tsx';

const LINK_TEXT: Record<MailboxProvider, StringKey> = {
  gmail: 'magicLink.openGmail',
  yahoo: 'magicLink.openYahoo',
  outlook: 'magicLink.openOutlook',
};

/** The screen shown after a magic link was sent. */
export function EmailConfirmationScreen() {
  const { client, config, strings, state, bootstrap, dispatch } = useWidget();
  const domain = senderDomain(config.emailMagicLinks.domainHint, bootstrap?.email_domains);
  const onTryAgain = () => {
    client.telemetry.log('email_try_again_clicked');
    dispatch({ type: 'magic_link_try_again' });
  };
  return (
    <>
      <Heading>{strings['magicLink.confirmTitle']}</Heading>
      <p className="ae-text" part="text">
        {text(strings, 'magicLink.confirmText', { email: state.magicLinkState.email })}
      </p>
      <ul className="ae-mailboxes">
        {mailboxLinks(domain).map((link) => (
          <li key={link.provider}>
            <a
              className="ae-button ae-button-secondary"
              part={`button secondary-button mailbox-link mailbox-${link.provider}`}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              data-mailbox={link.provider}
            >
              {strings[LINK_TEXT[link.provider]]}
              <span className="ae-visually-hidden"> {strings['magicLink.newTab']}</span>
            </a>
          </li>
        ))}
      </ul>
      <div className="ae-row">
        <span className="ae-helper" part="helper">
          {strings['magicLink.didntGet']}
        </span>
        <button type="button" className="ae-link" part="button try-again-button" onClick={onTryAgain}>
          {strings['magicLink.tryAgain']}
        </button>
      </div>
    </>
  );
}
