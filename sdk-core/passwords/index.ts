import type { AuthenticateResult, BasicResult, ClientAddedFields, Meta } from '../api-types.ts';
import type { MethodContext, SdkMethod } from '../method.ts';
import { PKCEStore } from '../pkce/index.ts';
import type {
  PasswordCredentialsRequest,
  PasswordResetByEmailRequest,
  PasswordResetByExistingRequest,
  PasswordResetBySessionRequest,
  PasswordResetStartRequest,
  PasswordStrengthCheckRequest,
  PasswordStrengthCheckResponse,
} from '../schemas/passwords.ts';
import { check } from '../validate.ts';

/** Answer of a strength check (docs/reference/methods/passwords.md#data). */
export type StrengthCheckResult = PasswordStrengthCheckResponse & Meta;

/** Options of a reset-email send: the reset-start body without the email. */
export type ResetByEmailStartOptions = Omit<PasswordResetStartRequest, 'email' | ClientAddedFields>;

/** Email, password and the new session's length, as create and authenticate take them. */
export type PasswordCredentials = Required<Omit<PasswordCredentialsRequest, ClientAddedFields>>;

/** Passwords (docs/reference/methods/passwords.md#calls). */
export interface Passwords {
  /** Signs a new user up with a password. */
  create(o: PasswordCredentials): Promise<AuthenticateResult>;
  /** Signs in with email and password. */
  authenticate(o: PasswordCredentials): Promise<AuthenticateResult>;
  /** Sends a reset email (PKCE challenge attached when the project requires it). */
  resetByEmailStart(o: Pick<PasswordResetStartRequest, 'email'> & ResetByEmailStartOptions): Promise<BasicResult>;
  /** Sets a new password with the reset email's token. */
  resetByEmail(o: Required<Omit<PasswordResetByEmailRequest, ClientAddedFields>>): Promise<AuthenticateResult>;
  /** Replaces a known password. */
  resetByExistingPassword(o: Required<PasswordResetByExistingRequest>): Promise<AuthenticateResult>;
  /** Replaces the password of the signed-in user. */
  resetBySession(o: Required<PasswordResetBySessionRequest>): Promise<AuthenticateResult>;
  /** Scores a password (email improves the zxcvbn estimate). */
  strengthCheck(o: PasswordStrengthCheckRequest): Promise<StrengthCheckResult>;
}

/** Builds the password methods. */
export function createPasswords(ctx: MethodContext): Passwords {
  // PKCE verifiers per flow (docs/reference/constants.md#client-sdk), kept in the client's storage.
  const pkce = new PKCEStore(ctx.storage, ctx.publicToken);
  const signIn = async (path: string, method: string, o: PasswordCredentials) => {
    check(method).optionalObject('options', o);
    check(method).string('email', o?.email).string('password', o?.password).number('session_duration_minutes', o?.session_duration_minutes);
    return ctx.signIn({ method: 'POST', path, body: { ...o } }, true);
  };
  return {
    create: (o) => signIn('/passwords', 'passwords.create', o),
    authenticate: (o) => signIn('/passwords/authenticate', 'passwords.authenticate', o),
    async resetByEmailStart(o) {
      const method = 'passwords.resetByEmailStart';
      check(method).optionalObject('options', o);
      check(method)
        .string('email', o?.email)
        .optionalString('login_redirect_url', o.login_redirect_url)
        .optionalString('reset_password_redirect_url', o.reset_password_redirect_url)
        .optionalNumber('reset_password_expiration_minutes', o.reset_password_expiration_minutes)
        .optionalString('reset_password_template_id', o.reset_password_template_id)
        .optionalString('locale', o.locale);
      let body: Record<string, unknown> = { ...o };
      if ((await ctx.bootstrap()).pkce_required_for_password_resets) {
        body = { ...body, code_challenge: (await pkce.start('passwords')).code_challenge };
      }
      return ctx.protectedRequest({ method: 'POST', path: '/passwords/email/reset/start', body });
    },
    async resetByEmail(o) {
      const method = 'passwords.resetByEmail';
      check(method).optionalObject('options', o);
      check(method).string('token', o?.token).string('password', o?.password).number('session_duration_minutes', o?.session_duration_minutes);
      const verifier = pkce.get('passwords')?.code_verifier;
      const resp = await ctx.signIn({ method: 'POST', path: '/passwords/email/reset', body: { ...o, ...(verifier ? { code_verifier: verifier } : {}) } }, true);
      pkce.clear('passwords');
      return resp;
    },
    async resetByExistingPassword(o) {
      const method = 'passwords.resetByExistingPassword';
      check(method).optionalObject('options', o);
      check(method)
        .string('email', o?.email)
        .string('existing_password', o?.existing_password)
        .string('new_password', o?.new_password)
        .number('session_duration_minutes', o?.session_duration_minutes);
      return ctx.signIn({ method: 'POST', path: '/passwords/existing_password/reset', body: { ...o } }, true);
    },
    async resetBySession(o) {
      const method = 'passwords.resetBySession';
      check(method).optionalObject('options', o);
      check(method).string('password', o?.password).number('session_duration_minutes', o?.session_duration_minutes);
      return ctx.signIn({ method: 'POST', path: '/passwords/session/reset', body: { ...o } });
    },
    async strengthCheck(o) {
      const method = 'passwords.strengthCheck';
      check(method).optionalObject('options', o);
      check(method).optionalString('email', o?.email).string('password', o?.password);
      return ctx.request({ method: 'POST', path: '/passwords/strength_check', body: { ...o } });
    },
  };
}

/** The registry entry (../methods.ts): `client.passwords`. */
export const passwordsMethod = { name: 'passwords', create: createPasswords } satisfies SdkMethod<'passwords', Passwords>;
