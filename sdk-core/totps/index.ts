import type { AuthenticateResult, BasicResult } from '../api-types.ts';
import type { ApiRequester } from '../method-context.ts';
import { check } from '../validate.ts';

/** A new TOTP registration. */
export interface TOTPCreateResult extends BasicResult {
  totp_id: string;
  secret: string;
  qr_code: string;
  recovery_codes: string[];
}

/** Time-based one-time passwords with recovery codes. */
export interface TOTPs {
  /** Creates a TOTP for the signed-in user. */
  create(o: { expiration_minutes: number }): Promise<TOTPCreateResult>;
  /** Authenticates with a TOTP code. */
  authenticate(o: { totp_code: string; session_duration_minutes: number }): Promise<AuthenticateResult>;
  /** Lists the user's recovery codes. */
  recoveryCodes(): Promise<BasicResult & { totps: { totp_id: string; recovery_codes: string[] }[] }>;
  /** Authenticates with a recovery code. */
  recover(o: { recovery_code: string; session_duration_minutes: number }): Promise<AuthenticateResult>;
}

/** Builds the TOTP calls. */
export function createTOTPs(ctx: ApiRequester): TOTPs {
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
    async recover(o) {
      check('totps.recover')
        .optionalObject('options', o)
        .string('recovery_code', o?.recovery_code)
        .number('session_duration_minutes', o?.session_duration_minutes);
      return signIn('/totps/recover', { ...o });
    },
  };
}
