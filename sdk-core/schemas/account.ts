/** Bodies of the account calls: users/me update, token exchange, trusted-token attestation. */
import './zod-config.ts';
import { z } from 'zod/mini';
import type { Check, Describes } from './describes.ts';
import { sessionDurationMinutes } from './sessions.ts';

/** Largest untrusted_metadata accepted, serialised (bytes); the provider caps it similarly. */
export const UNTRUSTED_METADATA_MAX_BYTES = 4096;

/** Longest part of a user's name (characters), as the backend API's `PUT /v1/users/{id}` takes it. */
export const NAME_PART_MAX_LENGTH = 256;

const namePart = z.optional(z.string().check(z.maxLength(NAME_PART_MAX_LENGTH)));

/** The parts of the provider's `name` a user sets; an absent part is kept, `''` clears it. */
export interface UserNameUpdate {
  first_name?: string;
  middle_name?: string;
  last_name?: string;
}

/** Body of `PUT /users/me`. */
export const UsersMeUpdateRequest = z.object({
  untrusted_metadata: z.optional(z.record(z.string(), z.unknown())),
  name: z.optional(z.strictObject({ first_name: namePart, middle_name: namePart, last_name: namePart })),
});
/** Parsed body of `PUT /users/me`. */
export interface UsersMeUpdateRequest {
  untrusted_metadata?: Record<string, unknown>;
  name?: UserNameUpdate;
}
type _UsersMeUpdateRequest = Check<Describes<typeof UsersMeUpdateRequest, UsersMeUpdateRequest>>;

/** Body of `POST /users/{emails,phone_numbers}/{id}/primary` and `DELETE /users/me` (empty; unknown keys are ignored). */
export const UsersEmptyRequest = z.object({});
/** Parsed body of the account calls that take none. */
export type UsersEmptyRequest = Record<string, never>;
type _UsersEmptyRequest = Check<Describes<typeof UsersEmptyRequest, UsersEmptyRequest>>;

/** Body of `POST /sessions/exchange_access_token`. */
export const ExchangeAccessTokenRequest = z.object({
  access_token: z.string().check(z.maxLength(4096)),
  session_duration_minutes: z.optional(sessionDurationMinutes),
});
/** Parsed body of `POST /sessions/exchange_access_token`. */
export interface ExchangeAccessTokenRequest {
  access_token: string;
  session_duration_minutes?: number;
}
type _ExchangeAccessTokenRequest = Check<Describes<typeof ExchangeAccessTokenRequest, ExchangeAccessTokenRequest>>;

/** Body of `POST /sessions/attest`. */
export const SessionsAttestRequest = z.object({
  profile_id: z.string().check(z.maxLength(256)),
  token: z.string().check(z.maxLength(16384)),
  session_duration_minutes: z.optional(sessionDurationMinutes),
});
/** Parsed body of `POST /sessions/attest`. */
export interface SessionsAttestRequest {
  profile_id: string;
  token: string;
  session_duration_minutes?: number;
}
type _SessionsAttestRequest = Check<Describes<typeof SessionsAttestRequest, SessionsAttestRequest>>;

/** An application the user granted access, as `GET /users/connected_apps` lists it. */
export interface ConnectedAppInfo {
  connected_app_id: string;
  name: string;
  description: string;
  logo_url: string | null;
  scopes_granted: string;
}
