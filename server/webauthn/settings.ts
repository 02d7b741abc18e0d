/**
 * The webauthn method's project settings (key `webauthn`). Data only: core reads it through
 * server/method-data.ts without loading the method's code, so it imports nothing of the method.
 */
import { z } from 'zod/mini';

/** WebAuthn settings of a project: user verification required / preferred / discouraged (default preferred), RP name. */
export const WebAuthnSettings = z.object({
  user_verification: z._default(z.enum(['required', 'preferred', 'discouraged']), 'preferred'),
  /** Relying-party name shown by authenticators; default the project name. */
  rp_name: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
/** WebAuthn settings of a project, defaults applied. */
export type WebAuthnSettings = z.output<typeof WebAuthnSettings>;

/** The webauthn method's settings: top-level project keys and their schemas (absent: the defaults). */
export const WEBAUTHN_SETTINGS = { webauthn: z.prefault(WebAuthnSettings, {}) } as const;
