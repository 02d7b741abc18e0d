/** TOTP (authenticator apps) and recovery codes (docs/reference/methods/totps.md#calls `/totps/*`): the `client.totps` group. */
import type { AuthenticateResult, Meta } from '../api-types.ts';
import type { MethodContext, SdkMethod } from '../method.ts';
import type {
  TOTPAuthenticateRequest,
  TOTPCreateRequest,
  TOTPCreateResponse,
  TOTPRecoverRequest,
  TOTPRecoveryCodesResponse,
  TOTPRotateRecoveryCodesResponse,
} from '../schemas/totps.ts';
import { check } from '../validate.ts';

/** A new TOTP registration. */
export type TOTPCreateResult = TOTPCreateResponse & Meta;

/** Time-based one-time passwords with recovery codes. */
export interface TOTPs {
  /** Creates a TOTP for the signed-in user. */
  create(o: Required<TOTPCreateRequest>): Promise<TOTPCreateResult>;
  /** Authenticates with a TOTP code. */
  authenticate(o: Required<TOTPAuthenticateRequest>): Promise<AuthenticateResult>;
  /** Lists the user's recovery codes. */
  recoveryCodes(): Promise<TOTPRecoveryCodesResponse & Meta>;
  /** Replaces the verified TOTP's recovery codes with new ones, shown this once (a sensitive call); the old ones stop working. */
  rotateRecoveryCodes(): Promise<TOTPRotateRecoveryCodesResponse & Meta>;
  /** Authenticates with a recovery code. */
  recover(o: Required<TOTPRecoverRequest>): Promise<AuthenticateResult>;
}

/** Builds the TOTP calls. */
export function createTOTPs(ctx: MethodContext): TOTPs {
  const signIn = (path: string, body: Record<string, unknown>) => ctx.signIn({ method: 'POST', path, body });
  return {
    async create(o) {
      check('totps.create').optionalObject('options', o).number('expiration_minutes', o?.expiration_minutes);
      return ctx.request({ method: 'POST', path: '/totps', body: { expiration_minutes: o.expiration_minutes } });
    },
    async authenticate(o) {
      check('totps.authenticate')
        .optionalObject('options', o)
        .string('totp_code', o?.totp_code)
        .number('session_duration_minutes', o?.session_duration_minutes);
      return signIn('/totps/authenticate', { ...o });
    },
    async recoveryCodes() {
      return ctx.request({ method: 'POST', path: '/totps/recovery_codes', body: {} });
    },
    async rotateRecoveryCodes() {
      return ctx.request({ method: 'POST', path: '/totps/recovery_codes/rotate', body: {} });
    },
    async recover(o) {
      check('totps.recover')
        .optionalObject('options', o)
        .string('recovery_code', o?.recovery_code)
        .number('session_duration_minutes', o?.session_duration_minutes);
      return signIn('/totps/recover', { ...o });
    },
  };
}

/** The registry entry (./methods.ts): `client.totps`. */
export const totpsMethod = { name: 'totps', create: createTOTPs } satisfies SdkMethod<'totps', TOTPs>;
