/**
 * Answers of calls whose shapes the server does not share yet: typed by what the client reads
 * (SPEC §3 "Other responses read"), with the protocol's request_id and status_code.
 */
import type { AuthenticateResponse } from './schemas/index.ts';

/** Fields the protocol adds to every success payload. */
export interface Meta {
  request_id: string;
  status_code: number;
}

/** An authenticate-type answer with its meta fields. */
export type AuthenticateResult = AuthenticateResponse & Meta;

/** An answer with nothing to read but its meta fields. */
export type BasicResult = Meta;

/** A send answer: the method id to authenticate with (OTP) or the user it went to. */
export interface SendResult extends Meta {
  method_id?: string;
  user_id?: string;
  email_id?: string;
  phone_id?: string;
  user_created?: boolean;
}

/** Whether a call's send endpoint is the primary variant (no session) or the secondary one (SPEC §4). */
export type SendVariant = 'primary' | 'secondary';
