/** Impersonation request body of docs/reference/methods/impersonation.md#calls (`POST /impersonation/authenticate`), shared by the client and the server. */
import './zod-config.ts';
import { z } from 'zod/mini';
import type { Check, Describes } from './describes.ts';

/** Body of `POST /impersonation/authenticate`. */
export const ImpersonationAuthenticateRequest = z.object({
  impersonation_token: z.string().check(z.maxLength(256)),
});
/** Body of `POST /impersonation/authenticate`: the one-time token an admin minted. */
export interface ImpersonationAuthenticateRequest {
  impersonation_token: string;
}
type _ImpersonationAuthenticateRequest = Check<Describes<typeof ImpersonationAuthenticateRequest, ImpersonationAuthenticateRequest>>;
