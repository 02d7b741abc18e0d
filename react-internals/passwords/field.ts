/**
 * The new-password field with its strength meter and breach check, for a screen outside the password
 * method (the account page's password section): loaded through index.ts's `loadPasswordField`, a chunk of its own.
 */
export { PasswordInput } from './PasswordInput.tsx';
export { StrengthFeedback, useStrengthCheck } from './StrengthFeedback.tsx';
export { PASSWORD_RULES } from './styles.ts';
