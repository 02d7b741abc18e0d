/** The answers every route sends: the success envelope, and the error body of anything thrown. */
import type { APIErrorBody, SchemaErrorBody } from '../sdk-core/schemas/index.ts';
import { ApiError, ERROR_URL_BASE, ERRORS } from './errors.ts';
import { routeLabel } from './ops/route-label.ts';
import type { Ctx } from './services.ts';

/** Success answer in the docs/reference/wire-protocol.md#success-envelope envelope, with the request id and status_code 200. */
export function ok<T extends object>(c: Ctx, payload: T): Response {
  return c.json({ data: { ...payload, request_id: c.get('requestId'), status_code: 200 } }, 200);
}

/**
 * {@link ok} for a payload already serialized (`JSON.stringify` of a plain object), byte for byte the
 * same answer: sessions/authenticate serves a session's unchanged answer again without serializing it
 * anew (about 15% of its CPU per call, --cpu-prof).
 */
export function okSerialized(c: Ctx, payloadJson: string): Response {
  const fields = payloadJson === '{}' ? '{' : `${payloadJson.slice(0, -1)},`;
  const tail = JSON.stringify({ request_id: c.get('requestId'), status_code: 200 }).slice(1);
  return c.body(`{"data":${fields}${tail}}`, 200, { 'content-type': 'application/json' });
}

/** docs/reference/wire-protocol.md#error-bodies error body for an {@link ApiError}; schema errors also carry the `body` key. */
export function errorBody(err: ApiError, requestId: string): APIErrorBody | SchemaErrorBody {
  const body: APIErrorBody = {
    status_code: err.status,
    request_id: requestId,
    error_type: err.errorType,
    error_message: err.message,
    error_url: `${ERROR_URL_BASE}${err.errorType}`,
  };
  if (err.details) body.error_details = err.details;
  if (err.schemaErrors) return { ...body, body: err.schemaErrors };
  return body;
}

/** Error response for anything thrown: ApiErrors as themselves, everything else as a logged 500. */
export function errorResponse(c: Ctx, err: unknown, log: (line: string) => void): Response {
  let apiErr: ApiError;
  // docs/reference/wire-protocol.md#authenticate-answers: the client retries once with a fresh captcha on a text answer saying 'Captcha required'.
  if (err instanceof ApiError && err.errorType === 'captcha_required') return c.text(ERRORS.captcha_required.message, 403);
  // For the request log and metrics (server/ops): rate-limit refusals and lockouts are counted by type.
  if (err instanceof ApiError) c.set('errorType', err.errorType);
  if (err instanceof ApiError) {
    apiErr = err;
  } else {
    log(
      JSON.stringify({
        time: new Date().toISOString(),
        level: 'error',
        request_id: c.get('requestId'),
        method: c.req.method,
        // The pattern, never the raw path (ops/route-label.ts: a path can carry a token or an address).
        route: routeLabel(c, 500),
        error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      }),
    );
    apiErr = new ApiError('internal_server_error', { message: ERRORS.internal_server_error.message });
  }
  const body = errorBody(apiErr, c.get('requestId'));
  // The backend API's errors always carry error_details, as the provider's do (docs/reference/wire-protocol.md#error-bodies).
  if (isBackendPath(c.req.path)) body.error_details ??= {};
  return c.json(body, apiErr.status as 400);
}

/** A path of the `/v1` backend API (every answer in the provider's flat shape); `/v1/public/...` is the IdP's and OAuth's. */
export function isBackendPath(path: string): boolean {
  return path.startsWith('/v1/') && !path.startsWith('/v1/public/');
}
