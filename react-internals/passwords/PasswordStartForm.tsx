/**
 * The Email tab of a password product (docs/reference/methods/passwords.md#screens "Password"): email, then a user lookup whose
 * userType picks create (new), log in (password) or an automatic passwordless send; a project with
 * enumeration protection answers alike for every address, and the next screen offers both paths.
 */
import { useEffect } from 'react';
import { EmailStartForm } from '../components/EmailStartForm.tsx';
import { useWidget } from '../context.ts';
import { loadPasswordScreens } from './lazy.ts';
import { sendPasswordless } from './send.ts';

/** Email field and Continue; moves to PasswordCreateOrLogin, or sends the passwordless message. */
export function PasswordStartForm() {
  const ctx = useWidget();
  useEffect(() => {
    // Warm the next screens' chunk while the user types (errors surface on submit).
    loadPasswordScreens().catch(() => undefined);
  }, []);

  const onContinue = async (address: string) => {
    // The next screen's code is awaited too, so it renders (and takes focus) with the screen change.
    const [{ userType, enumeration_protected: hidden }] = await Promise.all([ctx.client.user.search(address), loadPasswordScreens()]);
    if (hidden === true) {
      // The server answers alike for every address: offer signing in first, creating an account beside it.
      ctx.dispatch({ type: 'password_user_found', email: address, userType: 'existing', offerBoth: true });
    } else if (userType === 'passwordless') await sendPasswordless(ctx, address);
    else ctx.dispatch({ type: 'password_user_found', email: address, userType: userType === 'new' ? 'new' : 'existing' });
  };

  return (
    <EmailStartForm
      initialEmail={ctx.state.passwordState.email}
      labelKey="password.emailLabel"
      // docs/reference/methods/passwords.md#validation: 'Email format is invalid.' for the password flow; a bad format blocks the call.
      invalidKey="password.emailInvalid"
      submitKey="button.continue"
      autoComplete="username"
      onContinue={onContinue}
    />
  );
}
