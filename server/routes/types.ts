/**
 * The route-registration seam: the app records every path so it can answer 405 for other methods, and
 * reads each route's policy (captcha, cross-origin calls) from where the route is registered, so core
 * keeps no list of any method's paths.
 */
import type { Ctx } from '../services.ts';

/** HTTP methods the routes use. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route from a page on another origin. Absent: only the project's allowed origins (a
 * foreign browser call is refused with invalid_origin before any work; a call without Origin is
 * server-to-server).
 * - `navigation`: a foreign page's navigation or form POST lands here (an OAuth provider sends the browser
 *   back); no CORS headers for it, and no preflight is answered; the route's own single-use state is its
 *   CSRF defence.
 * - `self-checked`: the handler refuses a foreign origin itself, with an error the page can read; every
 *   origin gets CORS headers (with credentials).
 * - `public`: any relying party's page may call it and read the answer, without credentials (none are
 *   read there: the client's credentials, PKCE and bearer tokens are the defences, RFC 6749, 7636, 6750).
 */
export type CrossOrigin = 'navigation' | 'self-checked' | 'public';

/** What the app enforces on a route before its handler runs. */
export interface RoutePolicy {
  /**
   * The call sends messages or signs in (what a bot would hammer): when the project requires captcha,
   * it needs a valid `captcha_token` in its JSON body, else the plain text 'Captcha required' (captcha.ts).
   */
  readonly captcha?: boolean;
  /** Calls from other origins (see {@link CrossOrigin}); applies to the path, whatever the HTTP method. */
  readonly crossOrigin?: CrossOrigin;
}

/** A route's handler. */
export type Handler = (c: Ctx) => Promise<Response> | Response;

/** Registers one handler, with its policy when it has one (before the handler, which stays the last argument); see app.ts. */
export interface Route {
  (method: Method, path: string, handler: Handler): void;
  (method: Method, path: string, policy: RoutePolicy, handler: Handler): void;
}

/**
 * Registers one route of the `/v1` backend API (issue 27; `path` starts with `/v1/`). The app checks the
 * project secret (Basic `project_id:secret`, server/backend/auth.ts) before the handler, which reads the
 * authenticated project with `backendProject(c)` and answers with `backendOk`; no browser may call it (no
 * CORS preflight is answered, a call carrying Origin is refused), and other HTTP methods get 405.
 */
export type BackendRoute = (method: Method, path: string, handler: Handler) => void;
