/**
 * The client calls of issue 30's server part not yet on this branch (h-profile-server adds them to sdk-core):
 * typed here so the sections compile; each shim goes once that branch is merged.
 */
import type { AuthClient, Session, User } from '../../sdk-core/index.ts';

/** A session of the user with its device, as `GET /sessions` lists it. */
export type DeviceSession = Session & { device: { browser: string | null; os: string | null; device_type: string | null }; current: boolean };

interface PendingUser {
  update(o: { name: { first_name: string; last_name: string } }): Promise<User>;
  makePrimary(kind: 'email' | 'phone_number', id: string): Promise<User>;
  deleteAccount(): Promise<unknown>;
}
interface PendingSessions {
  list(): Promise<DeviceSession[]>;
  revokeSession(id: string): Promise<void>;
  revokeOthers(): Promise<void>;
}
interface PendingTotps {
  rotateRecoveryCodes(): Promise<{ recovery_codes: string[] }>;
}
interface PendingOAuth {
  attach(provider: string): Promise<{ oauth_attach_token: string }>;
}

/** `client.user`'s new calls. */
export const userCalls = (c: AuthClient): PendingUser => c.user as unknown as PendingUser;
/** `client.session`'s new calls. */
export const sessionCalls = (c: AuthClient): PendingSessions => c.session as unknown as PendingSessions;
/** `client.totps`'s new call. */
export const totpCalls = (c: AuthClient): PendingTotps => c.totps as unknown as PendingTotps;
/** `client.oauth`'s new call. */
export const oauthCalls = (c: AuthClient): PendingOAuth => c.oauth as unknown as PendingOAuth;
