/**
 * The console's one way to the server (issue 31): every call goes to the backend API `/v1/...` with the
 * operator's own session in `Authorization: Bearer` (docs/reference/admin.md), never a project secret.
 * A browser never adds that header by itself and no cookie opens /v1, so a cross-site page cannot make
 * these calls for the operator (CSRF). 401 means the session is gone; 403 `admin_role_required` means the
 * account is not an admin: both end what the console shows (the `onAuthLost` callback).
 */

/** Why the console stops showing its pages. */
export type AuthLost = 'expired' | 'forbidden';

/** A /v1 call's failure: its status, the provider's `error_type` and `error_message`. */
export class AdminApiError extends Error {
  /** The HTTP status (0: the server could not be reached). */
  readonly status: number;
  /** The stable error_type of the answer ('network_error' when there was none). */
  readonly errorType: string;
  constructor(status: number, errorType: string, message: string) {
    super(message);
    this.name = 'AdminApiError';
    this.status = status;
    this.errorType = errorType;
  }
}

/** The calls the console makes. */
export interface AdminApi {
  /** `method path` with a JSON body (if any); the answer's JSON. */
  call<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

/** The session token getter and what to do when the session no longer opens the API. */
export function createAdminApi(sessionJwt: () => string | null, onAuthLost: (why: AuthLost) => void): AdminApi {
  return {
    async call<T>(method: string, path: string, body?: unknown): Promise<T> {
      const token = sessionJwt();
      if (!token) {
        onAuthLost('expired');
        throw new AdminApiError(401, 'unauthorized_credentials', 'No session.');
      }
      let resp: Response;
      try {
        resp = await fetch(path, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), accept: 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
          credentials: 'omit',
          cache: 'no-store',
        });
      } catch (e) {
        throw new AdminApiError(0, 'network_error', e instanceof Error ? e.message : String(e));
      }
      const text = await resp.text();
      let json: Record<string, unknown> = {};
      try {
        json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        // A non-JSON answer (a proxy's error page): the status speaks for it.
      }
      if (!resp.ok) {
        const errorType = typeof json['error_type'] === 'string' ? json['error_type'] : `http_${resp.status}`;
        const message = typeof json['error_message'] === 'string' ? json['error_message'] : resp.statusText;
        if (resp.status === 401) onAuthLost('expired');
        else if (resp.status === 403 && errorType === 'admin_role_required') onAuthLost('forbidden');
        throw new AdminApiError(resp.status, errorType, message);
      }
      return json as T;
    },
  };
}
