/**
 * Two-step sign-in (issue 29, docs/reference/sdk.md#two-step-sign-in): the `client.mfa` group. After a first factor
 * answered `mfa_required` (and an intermediate token, kept in its cookie by the session manager),
 * these calls finish the sign-in with a second factor, sending that token instead of a session.
 * The passkey second step is `client.webauthn.authenticate` with `intermediate_session_token`
 * (`intermediateToken()` here): a method imports no other method.
 */
import type { AuthenticateResult, Meta, SendResult } from '../api-types.ts';
import { NoSessionError, UsageError } from '../errors.ts';
import type { MethodContext, SdkMethod } from '../method.ts';
import type { MfaRequired, TrustedDevice, TrustedDevicesResponse } from '../schemas/second-step.ts';
import type { TOTPCreateResponse } from '../schemas/totps.ts';
import { check, type Validator } from '../validate.ts';
import { onRequired } from './on-required.ts';

/** What every finishing call takes beside its code. */
export interface MfaFinishOptions {
  /** The new session's length in minutes. */
  session_duration_minutes: number;
  /** Remember this device for the project's `trust_device_days`: a later first factor here skips the second step. */
  trust_device?: boolean;
}

/** An answer that ends the second step: the session (both factors), plus the device token when one was asked for. */
export interface MfaAuthenticateResult extends AuthenticateResult {
  /** `dvt_...`, kept by the client and sent with later sign-ins; present when `trust_device` was true. */
  device_token?: string;
}

/** The enrolment's new TOTP: its QR code, manual key and recovery codes. */
export type MfaEnrolTOTPResult = TOTPCreateResponse & Meta;

/** The second step of sign-in. */
export interface MFA {
  /** The pending second step: the last first factor's `mfa_required`, or null when none waits. */
  factors(): Promise<MfaRequired | null>;
  /**
   * Calls `callback` when a first factor asks for a second step, and with null when it ends; returns the
   * unsubscribe function. Synchronous and in the client's core (a widget subscribes when it mounts): it
   * loads only the second-step holder every sign-in loads anyway, not this group.
   */
  onRequired(callback: (required: MfaRequired | null) => void): () => void;
  /** The pending intermediate token (for `client.webauthn.authenticate`'s passkey second step), or null. */
  intermediateToken(): Promise<string | null>;
  /** Forgets this device's trust token: the next sign-in here asks the second step again. */
  forgetDevice(): Promise<void>;
  /** The signed-in user's trusted devices (live ones, newest first), each with its browser and system. */
  trustedDevices(): Promise<TrustedDevice[]>;
  /** Withdraws one of the signed-in user's trusted devices: its next sign-in asks the second step again. */
  revokeTrustedDevice(deviceId: string): Promise<void>;
  /** Authenticator-app code. */
  totp: {
    /** Finishes with a TOTP code (also confirms a TOTP just enrolled). */
    authenticate(o: MfaFinishOptions & { totp_code: string }): Promise<MfaAuthenticateResult>;
  };
  /** Finishes with a recovery code of the user's TOTP. */
  recover(o: MfaFinishOptions & { recovery_code: string }): Promise<MfaAuthenticateResult>;
  /** A passcode by text message to the user's verified phone. */
  sms: {
    /** Sends a passcode to the hinted phone; answers its method id. */
    send(): Promise<SendResult>;
    /** Finishes with the passcode. */
    authenticate(o: MfaFinishOptions & { method_id: string; code: string }): Promise<MfaAuthenticateResult>;
  };
  /** Enrolment under the `required` policy, when `enrolment_required` is true. */
  enrol: {
    /** Creates the user's TOTP; confirm it with `totp.authenticate`. */
    totp(o?: { expiration_minutes?: number }): Promise<MfaEnrolTOTPResult>;
  };
}

/** Builds the second-step calls. */
export function createMFA(ctx: MethodContext): MFA {
  // The intermediate token of the pending step; a call without one is a usage error naming it.
  const token = (method: string): string => {
    const ist = ctx.sessions.getIntermediateToken();
    if (!ist) throw new UsageError(method, 'intermediate_session_token', 'is missing: no first factor is waiting for a second one.');
    return ist;
  };
  const finishing = (v: Validator, o: Partial<MfaFinishOptions> | undefined): Validator =>
    v.number('session_duration_minutes', o?.session_duration_minutes).optionalBoolean('trust_device', o?.trust_device);
  const finish = (method: string, path: string, fields: Record<string, unknown>, o: MfaFinishOptions) =>
    ctx.signIn<MfaAuthenticateResult>({
      method: 'POST',
      path,
      body: {
        ...fields,
        intermediate_session_token: token(method),
        session_duration_minutes: o.session_duration_minutes,
        ...(o.trust_device !== undefined ? { trust_device: o.trust_device } : {}),
      },
    });
  return {
    // The whole group loads on first use (issue 16's core budget): its reads are asynchronous too.
    factors: async () => (await ctx.secondStep()).pending(),
    onRequired: (callback) => onRequired(ctx, callback),
    intermediateToken: async () => ctx.sessions.getIntermediateToken(),
    async forgetDevice() {
      (await ctx.secondStep()).forgetDevice();
    },
    async trustedDevices() {
      if (!ctx.sessions.getTokens()) throw new NoSessionError();
      return (await ctx.request<TrustedDevicesResponse>({ method: 'GET', path: '/users/me/trusted_devices' })).trusted_devices;
    },
    async revokeTrustedDevice(deviceId) {
      const v = check('mfa.revokeTrustedDevice').string('device_id', deviceId);
      if (deviceId === '') throw v.fail('device_id', 'must not be empty.');
      if (!ctx.sessions.getTokens()) throw new NoSessionError();
      await ctx.request({ method: 'DELETE', path: `/users/me/trusted_devices/${encodeURIComponent(deviceId)}` });
    },
    totp: {
      async authenticate(o) {
        const m = 'mfa.totp.authenticate';
        finishing(check(m).optionalObject('options', o).string('totp_code', o?.totp_code), o);
        return finish(m, '/totps/authenticate', { totp_code: o.totp_code }, o);
      },
    },
    async recover(o) {
      const m = 'mfa.recover';
      finishing(check(m).optionalObject('options', o).string('recovery_code', o?.recovery_code), o);
      return finish(m, '/totps/recover', { recovery_code: o.recovery_code }, o);
    },
    sms: {
      async send() {
        return ctx.request<SendResult>({ method: 'POST', path: '/otps/sms/send', body: { intermediate_session_token: token('mfa.sms.send') } });
      },
      async authenticate(o) {
        const m = 'mfa.sms.authenticate';
        finishing(check(m).optionalObject('options', o).string('method_id', o?.method_id).string('code', o?.code), o);
        return finish(m, '/otps/authenticate', { method_id: o.method_id, token: o.code }, o);
      },
    },
    enrol: {
      async totp(o = {}) {
        const m = 'mfa.enrol.totp';
        check(m).optionalObject('options', o).optionalNumber('expiration_minutes', o?.expiration_minutes);
        return ctx.request<MfaEnrolTOTPResult>({
          method: 'POST',
          path: '/totps',
          body: { intermediate_session_token: token(m), ...(o.expiration_minutes !== undefined ? { expiration_minutes: o.expiration_minutes } : {}) },
        });
      },
    },
  };
}

/** The registry entry (../methods.ts): `client.mfa`. */
export const mfaMethod = { name: 'mfa', create: createMFA } satisfies SdkMethod<'mfa', MFA>;
