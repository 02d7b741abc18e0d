/** What `<auth-user-profile>` tells the host (docs/reference/elements/user-profile.md#events). */
import type { ProfileSection } from './sections.ts';

/** Payloads of the profile events, by type. */
export interface ProfileEventData {
  /** A change to the account was saved; data: the section and what changed (e.g. `email_added`). */
  PROFILE_UPDATE: { section: ProfileSection; change: string };
  /** The user deleted their account (the session is gone). */
  ACCOUNT_DELETED: Record<string, never>;
}

/** The profile event types (their part of AuthEventType); values are stable across releases. */
export const PROFILE_EVENTS = {
  PROFILE_UPDATE: 'PROFILE_UPDATE',
  ACCOUNT_DELETED: 'ACCOUNT_DELETED',
} as const;
