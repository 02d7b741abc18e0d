/** `POST /users/search` of docs/reference/methods/users.md#calls: how an email signs in. */
import './zod-config.ts';
import { z } from 'zod/mini';
import type { Check, Describes } from './describes.ts';

/** Body of `POST /users/search`. */
export const UserSearchRequest = z.object({
  email: z.string().check(z.maxLength(1024)),
});
/** Parsed body of `POST /users/search`. */
export interface UserSearchRequest {
  email: string;
}
type _UserSearchRequest = Check<Describes<typeof UserSearchRequest, UserSearchRequest>>;

/** How an email signs in (docs/reference/methods/passwords.md#data userType): unknown, with a password, or only passwordless methods. */
export type UserType = 'new' | 'password' | 'passwordless';

/** Payload of `POST /users/search`. */
export interface UserSearchResponse {
  userType: UserType;
  /**
   * Our server's extension: true when the project hides whether an address has an account
   * (enumeration protection); `userType` is then 'password' for every address, and a widget should offer
   * creating an account beside signing in. Absent from the provider's own answers.
   */
  enumeration_protected?: boolean;
}
