/**
 * Answers of calls whose shapes the server does not share yet: typed by what the client reads
 * (docs/reference/wire-protocol.md#entities "Other responses read"), with the protocol's request_id and status_code.
 */
import type { ResponseMeta } from './schemas/envelope.ts';
import type { AuthenticateResponse } from './schemas/sessions.ts';

/** Fields the protocol adds to every success payload. */
export type Meta = ResponseMeta;

/**
 * A wire body as a call's options: the fields in `K` become required (the SDK asks for what the
 * protocol leaves optional, e.g. `session_duration_minutes`, docs/reference/sdk.md#validation-rules).
 */
export type WithRequired<T, K extends keyof T> = Omit<T, K> & Required<Pick<T, K>>;

/** Fields the client adds to a body itself (captcha and fingerprint tokens, PKCE), never the caller. */
export type ClientAddedFields = 'captcha_token' | 'dfp_telemetry_id' | 'code_challenge' | 'code_verifier';

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

/** Whether a call's send endpoint is the primary variant (no session) or the secondary one (docs/reference/sdk.md#send-variants). */
export type SendVariant = 'primary' | 'secondary';
