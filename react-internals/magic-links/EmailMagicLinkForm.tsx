/** Main-screen email form of the email magic-link product (docs/reference/methods/magic-links.md#screens "Email", magic-link variant). */
import { EmailStartForm } from '../components/EmailStartForm.tsx';
import { useWidget } from '../context.ts';
import { startEmailMagicLink } from './send.ts';

/** Email field and 'Continue with email'; on success the widget moves to EmailConfirmation. */
export function EmailMagicLinkForm() {
  const ctx = useWidget();
  return (
    <EmailStartForm
      // 'Try again' empties magicLinkState; the back arrow of another screen keeps what was typed.
      initialEmail={ctx.state.magicLinkState.email}
      // docs/reference/methods/magic-links.md#validation: a bad format blocks the call and shows 'Email format is invalid.' (magic link).
      invalidKey="magicLink.invalidEmail"
      submitKey="magicLink.continue"
      onContinue={(email) => startEmailMagicLink(ctx, email)}
    />
  );
}
