/** TEMPORARY stand-in for the /v1 seam of branch h-v1api (removed at the merge). */
import type { Handler, Method } from './routes/types.ts';
import type { Ctx } from './services.ts';

/** Registers a `/v1` route behind the project-secret check. */
export type BackendRoute = (method: Method, path: string, handler: Handler) => void;

/** The provider's flat backend answer. */
export function backendOk<T extends object>(c: Ctx, payload: T): Response {
  return c.json({ status_code: 200, request_id: c.get('requestId'), ...payload }, 200);
}
