/**
 * The project's two-step sign-in settings (issue 29, docs/reference/mfa.md#policy): the project file's and
 * createApp's `mfa`, its schema, defaults and the one reader every part uses ({@link mfaSettings}).
 */
import { z } from 'zod/mini';
import type { MfaBootstrap, MfaFactorKind, MfaPolicy } from '../../sdk-core/schemas/bootstrap.ts';
import type { AuthenticationFactor } from '../../sdk-core/schemas/index.ts';
import type { Project } from '../project/config.ts';

/** The values of `mfa.policy`: off (the provider's protocol, unchanged), optional (users who enrolled), required (every user). */
export const MFA_POLICIES = ['off', 'optional', 'required'] as const satisfies readonly MfaPolicy[];

/** The second factors a project may count (`mfa.factors`), in the order answers list them. */
export const MFA_FACTORS = ['totp', 'sms_otp', 'webauthn', 'recovery_code'] as const satisfies readonly MfaFactorKind[];

/** The settings with every key present (defaults applied), as the server and the bootstrap read them. */
export type MfaSettings = MfaBootstrap;

/** A project that sets nothing: policy off (the wire protocol byte-for-byte as the provider's). */
export const MFA_DEFAULTS: Readonly<MfaSettings> = Object.freeze({
  policy: 'off',
  factors: [...MFA_FACTORS],
  trust_device_days: 30,
  reverification_minutes: 10,
});

/** Schema of the `mfa` key of the project file and of createApp's `mfa` option: each key optional, unknown keys refused. */
export const MfaConfigSchema = z
  .strictObject({
    policy: z.optional(z.enum(MFA_POLICIES)),
    factors: z.optional(z.array(z.enum(MFA_FACTORS)).check(z.minLength(1), z.maxLength(MFA_FACTORS.length))),
    trust_device_days: z.optional(z.int().check(z.gte(0), z.lte(365))),
    reverification_minutes: z.optional(z.int().check(z.gte(0), z.lte(1440))),
  })
  .check(
    // Under `required` a user with nothing enrols a TOTP: a list without it would leave them enrolling for ever.
    z.refine((c) => c.policy !== 'required' || c.factors === undefined || c.factors.includes('totp'), {
      message: 'must include totp under policy required (the enrolment of a user with no second factor is a TOTP)',
      path: ['factors'],
    }),
  );

/** The `mfa` setting as the project file and createApp give it (each key optional). */
export type MfaConfig = z.infer<typeof MfaConfigSchema>;

/** The project's `mfa` settings with the defaults applied; factors deduplicated, in {@link MFA_FACTORS} order. */
export function mfaSettings(project: Pick<Project, 'config'>): MfaSettings {
  const given: MfaConfig = project.config.mfa ?? {};
  const factors = given.factors ? MFA_FACTORS.filter((f) => given.factors?.includes(f)) : [...MFA_DEFAULTS.factors];
  return {
    policy: given.policy ?? MFA_DEFAULTS.policy,
    factors,
    trust_device_days: given.trust_device_days ?? MFA_DEFAULTS.trust_device_days,
    reverification_minutes: given.reverification_minutes ?? MFA_DEFAULTS.reverification_minutes,
  };
}

/**
 * The second-factor kind a session factor proves (a passkey, a phone's passcode, the TOTP, a recovery
 * code), or null for a factor that is never a second one (email, password, OAuth...): the gate does not
 * ask for the same factor twice (docs/reference/mfa.md#gate).
 */
export function secondFactorKindOf(factor: AuthenticationFactor): MfaFactorKind | null {
  if (factor.type === 'webauthn') return 'webauthn';
  if (factor.type === 'totp') return 'totp';
  if (factor.type === 'recovery_codes') return 'recovery_code';
  if (factor.type === 'otp' && 'phone_number_factor' in factor) return 'sms_otp';
  return null;
}
