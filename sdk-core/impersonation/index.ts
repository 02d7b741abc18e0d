import type { AuthenticateResult } from '../api-types.ts';
import type { MethodContext, SdkMethod } from '../method.ts';
import { check } from '../validate.ts';

/** Impersonation: a support agent signs in as a user with a one-time token. */
export interface Impersonation {
  /** Exchanges an impersonation token for a session. */
  authenticate(o: { impersonation_token: string }): Promise<AuthenticateResult>;
}

/** Builds the impersonation call. */
export function createImpersonation(ctx: MethodContext): Impersonation {
  return {
    async authenticate(o) {
      check('impersonation.authenticate').optionalObject('options', o).string('impersonation_token', o?.impersonation_token);
      return ctx.signIn({
        method: 'POST',
        path: '/impersonation/authenticate',
        body: { impersonation_token: o.impersonation_token },
      });
    },
  };
}

/** The registry entry (../methods.ts): `client.impersonation`. */
export const impersonationMethod = { name: 'impersonation', create: createImpersonation } satisfies SdkMethod<'impersonation', Impersonation>;
