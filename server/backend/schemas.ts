/**
 * zod/mini schemas of the `/v1` backend API's request bodies (issue 27), in the provider's shapes (its
 * Node SDK sends exactly these keys). Objects are strict where a field could be a mass assignment (a user
 * update naming `user_id`, `status`, `created_at` or a factor is refused, not ignored); the methods'
 * fields (`ServerMethod.userFields`) are merged in by the routes.
 */
import { z } from 'zod/mini';
import { sessionDurationMinutes } from '../../sdk-core/schemas/sessions.ts';

/** Longest external id (the application's own id of a user). */
export const EXTERNAL_ID_MAX = 128;
/** Largest `trusted_metadata` / `untrusted_metadata` / `session_custom_claims` object, serialised (bytes). */
export const BACKEND_JSON_FIELD_MAX_BYTES = 4096;

const namePart = z.optional(z.string().check(z.maxLength(256)));
/** The provider's `name` object. */
export const UserName = z.strictObject({ first_name: namePart, middle_name: namePart, last_name: namePart });
/** Request attributes the provider's SDK may pass along (fraud signals): accepted, not stored. */
const Attributes = z.optional(
  z.object({ ip_address: z.optional(z.string().check(z.maxLength(256))), user_agent: z.optional(z.string().check(z.maxLength(1024))) }),
);
const JsonObject = z.record(z.string().check(z.maxLength(256)), z.unknown());
const externalId = z.string().check(z.minLength(1), z.maxLength(EXTERNAL_ID_MAX), z.regex(/^[\x21-\x7e]+$/));

/** The core fields of `PUT /v1/users/{id}` (the methods' are added by the route). */
export const USER_UPDATE_FIELDS = {
  name: z.optional(UserName),
  attributes: Attributes,
  trusted_metadata: z.optional(JsonObject),
  untrusted_metadata: z.optional(JsonObject),
  external_id: z.optional(externalId),
};

/** The core fields of `POST /v1/users` (the methods' are added by the route). */
export const USER_CREATE_FIELDS = {
  ...USER_UPDATE_FIELDS,
  email: z.optional(z.string().check(z.maxLength(512))),
  phone_number: z.optional(z.string().check(z.maxLength(64))),
  create_user_as_pending: z.optional(z.boolean()),
};

/** `authorization_check` of sessions/authenticate. */
export const AuthorizationCheckSchema = z.strictObject({
  resource_id: z.string().check(z.minLength(1), z.maxLength(256)),
  action: z.string().check(z.minLength(1), z.maxLength(256)),
});

/** Body of `POST /v1/sessions/authenticate`: a session token or a session JWT (exactly one). */
export const BackendSessionsAuthenticateRequest = z.strictObject({
  session_token: z.optional(z.string().check(z.minLength(1), z.maxLength(1024))),
  session_jwt: z.optional(z.string().check(z.minLength(1), z.maxLength(16_384))),
  session_duration_minutes: z.optional(sessionDurationMinutes),
  session_custom_claims: z.optional(z.record(z.string().check(z.minLength(1), z.maxLength(256)), z.unknown())),
  authorization_check: z.optional(AuthorizationCheckSchema),
});

/** Body of `POST /v1/sessions/revoke`: a session id, token or JWT (exactly one). */
export const BackendSessionsRevokeRequest = z.strictObject({
  session_id: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
  session_token: z.optional(z.string().check(z.minLength(1), z.maxLength(1024))),
  session_jwt: z.optional(z.string().check(z.minLength(1), z.maxLength(16_384))),
});

/** Most results one `POST /v1/users/search` page returns; a larger `limit` is capped to it (the provider's maximum). */
export const USER_SEARCH_MAX_LIMIT = 1000;
/** Results per page when `limit` is absent (the provider's default). */
export const USER_SEARCH_DEFAULT_LIMIT = 100;
/** Most operands one search query may combine. */
export const USER_SEARCH_MAX_OPERANDS = 20;

/** One operand of the search query: `filter_name` and a `filter_value` checked by that operand's own schema. */
export const SearchOperandSchema = z.object({ filter_name: z.string().check(z.minLength(1), z.maxLength(64)), filter_value: z.unknown() });

/** Body of `POST /v1/users/search`. */
export const BackendUsersSearchRequest = z.strictObject({
  cursor: z.optional(z.nullable(z.string().check(z.maxLength(512)))),
  limit: z.optional(
    z.pipe(
      z.int().check(z.gte(1)),
      z.transform((n: number) => Math.min(n, USER_SEARCH_MAX_LIMIT)),
    ),
  ),
  query: z.optional(
    z.nullable(
      z.strictObject({
        operator: z.enum(['AND', 'OR']),
        operands: z.array(SearchOperandSchema).check(z.maxLength(USER_SEARCH_MAX_OPERANDS)),
      }),
    ),
  ),
});
