/** What the magic-link form tells the host (docs/reference/elements/auth-login.md#events onEvent). */
import type { SendResult } from '../../sdk-core/index.ts';

/** Payloads of the magic-link events, by type. */
export interface MagicLinkEventData {
  /** A sign-in link was emailed; data: the send answer plus the address. */
  MAGIC_LINK_LOGIN_OR_CREATE: SendResult & { email: string };
}

/** The magic-link event types (their part of AuthEventType); values are stable across releases. */
export const MAGIC_LINK_EVENTS = {
  MAGIC_LINK_LOGIN_OR_CREATE: 'MAGIC_LINK_LOGIN_OR_CREATE',
} as const;
