import { ApiError, type ApiErrorFields, ApiUnreachableError, CaptchaRequiredError, type SchemaIssue, SchemaError } from './errors.ts';
import { isRecord } from './schemas/stored.ts';

export { CaptchaRequiredError } from './errors.ts';

/** HTTP methods the SDK API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call to the SDK API. */
export interface ApiRequest {
  method: HttpMethod;
  /** Path below /sdk/v1, starting with a slash. */
  path: string;
  body?: unknown;
  /** Skip the Authorization header (telemetry). */
  noAuth?: boolean;
  /** Cancels the call; it then fails like a network error. */
  signal?: AbortSignal;
}

/** A call that has not finished by then is abandoned (ms); long enough for a slow mobile link. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** The fetch function signature the client needs; injectable for tests and fault injection. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** What the HTTP client needs from its owner. */
export interface HttpClientOptions {
  publicToken: string;
  /** Base URL without /sdk/v1, e.g. http://localhost:8787. */
  baseUrl: string;
  fetch?: FetchLike;
  sessionToken: () => string | null;
  telemetryHeader: () => string;
  /** Abandon a call after this many ms (default {@link DEFAULT_REQUEST_TIMEOUT_MS}); 0 or Infinity waits forever. */
  timeoutMs?: number;
}

/** Reads schema issues from a schema-error body, which holds them under body, params or query. */
function schemaIssues(json: Record<string, unknown>): SchemaIssue[] | null {
  for (const key of ['body', 'params', 'query']) {
    const list = json[key];
    if (Array.isArray(list)) {
      return list.map((i) => ({
        dataPath: isRecord(i) && typeof i.dataPath === 'string' ? i.dataPath : '',
        message: isRecord(i) && typeof i.message === 'string' ? i.message : String(i),
      }));
    }
  }
  return null;
}

/** Talks the wire protocol of docs/reference/wire-protocol.md#error-bodies: auth headers, data envelope, and every error class of docs/reference/errors.md#error-classes. */
export interface HttpClient {
  /** Sends one call and returns the unwrapped `data` payload, or throws an SDK error. */
  request<T>(req: ApiRequest): Promise<T>;
}

/**
 * The client's {@link HttpClient}. A function over closures rather than a class: a minifier renames
 * locals but never property names, which matters in the client's core (issue 16).
 */
export function createHttpClient(opts: HttpClientOptions): HttpClient {
  const fetchFn: FetchLike = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const { publicToken } = opts;
  return {
    async request<T>(req: ApiRequest): Promise<T> {
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        'X-SDK-Client': opts.telemetryHeader(),
      };
      const origin = globalThis.location?.origin;
      if (origin) headers['X-SDK-Parent-Host'] = origin;
      // Basic auth from the public token and the session token, or the public token twice.
      if (!req.noAuth) headers.Authorization = `Basic ${btoa(`${publicToken}:${opts.sessionToken() ?? publicToken}`)}`;
      const init: RequestInit = { method: req.method, headers, credentials: 'include' };
      if (req.body !== undefined && req.method !== 'GET') init.body = JSON.stringify(req.body);

      // A server that accepts the connection and never answers would otherwise hold the call (and
      // the background refresh waiting on it) forever. The timer covers the body too: headers can
      // arrive and the body stall. Real timers on purpose: the injected clock drives only the
      // refresh schedule, and a call's deadline is about the network.
      const controller = new AbortController();
      let timedOut = false;
      const timeoutMs = opts.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
      const timer =
        timeoutMs > 0 && Number.isFinite(timeoutMs)
          ? setTimeout(() => {
              timedOut = true;
              controller.abort();
            }, timeoutMs)
          : null;
      const onCallerAbort = () => controller.abort();
      if (req.signal?.aborted) controller.abort();
      req.signal?.addEventListener('abort', onCallerAbort, { once: true });
      init.signal = controller.signal;
      let res: Response;
      let text: string | null;
      try {
        try {
          res = await fetchFn(`${opts.baseUrl}/sdk/v1${req.path}`, init);
        } catch (cause) {
          throw new ApiUnreachableError(timedOut ? 'timeout' : 'network', { cause });
        }
        text = await res.text().catch(() => null);
        // docs/reference/errors.md#error-classes: a timeout or cancel is a network failure, so the refresh retries it with backoff.
        if (text === null && controller.signal.aborted) {
          throw timedOut
            ? new ApiUnreachableError('timeout', { cause: new Error(`no answer within ${timeoutMs} ms`) })
            : new ApiUnreachableError('network', { cause: new Error('cancelled by the caller') });
        }
      } finally {
        if (timer !== null) clearTimeout(timer);
        req.signal?.removeEventListener('abort', onCallerAbort);
      }
      if (text === null) throw new ApiUnreachableError('no_response');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (cause) {
        if (text.includes('Captcha required')) throw new CaptchaRequiredError();
        throw new ApiUnreachableError('invalid_json', { cause });
      }
      if (!isRecord(json)) throw new ApiUnreachableError('invalid_response');

      if (res.ok) {
        if (!isRecord(json.data)) throw new ApiUnreachableError('invalid_response');
        return json.data as T;
      }
      const issues = schemaIssues(json);
      if (issues) throw new SchemaError(issues);
      const type = json.error_type;
      if (typeof type === 'string') {
        if (type === 'captcha_required') throw new CaptchaRequiredError();
        const str = (v: unknown) => (typeof v === 'string' ? v : '');
        const fields: ApiErrorFields = {
          status_code: typeof json.status_code === 'number' ? json.status_code : res.status,
          error_type: type,
          error_message: str(json.error_message),
          error_url: str(json.error_url),
        };
        if (typeof json.request_id === 'string') fields.request_id = json.request_id;
        if (json.error_details !== undefined) fields.error_details = json.error_details;
        throw new ApiError(fields);
      }
      throw new ApiUnreachableError('no_response');
    },
  };
}
