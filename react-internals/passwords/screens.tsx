/** The password screens' lazy chunk: one switch from screen name to component (loaded by PasswordScreen). */
import { assertNever } from '../login/state.ts';
import { PasswordBreached } from './PasswordBreached.tsx';
import { PasswordConfirmation } from './PasswordConfirmation.tsx';
import { PasswordCreateOrLogin } from './PasswordCreateOrLogin.tsx';
import { PasswordDedupe } from './PasswordDedupe.tsx';
import { PasswordForgot } from './PasswordForgot.tsx';
import type { PasswordScreenName } from './PasswordScreen.tsx';
import { PasswordResetForm } from './PasswordResetForm.tsx';
import { PasswordSetNew } from './PasswordSetNew.tsx';

/** Renders password screen `screen`; exhaustive over the SPEC §2 password screens. */
export function PasswordScreens(props: { screen: PasswordScreenName }) {
  switch (props.screen) {
    case 'PasswordCreateOrLogin':
      return <PasswordCreateOrLogin />;
    case 'PasswordForgot':
      return <PasswordForgot />;
    case 'PasswordBreached':
      return <PasswordBreached />;
    case 'PasswordSetNew':
      return <PasswordSetNew />;
    case 'PasswordDedupe':
      return <PasswordDedupe />;
    case 'PasswordConfirmation':
      return <PasswordConfirmation />;
    case 'PasswordResetForm':
      return <PasswordResetForm />;
    default:
      return assertNever(props.screen);
  }
}
