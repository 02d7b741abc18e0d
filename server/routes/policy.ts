/**
 * The registered routes' policies (routes/types.ts `RoutePolicy`), looked up by request path before any
 * handler runs: the CORS middleware (app.ts) asks whether a path takes calls from other origins, the
 * captcha guard (captcha.ts) whether a call needs a token. Literal paths are one map lookup (the hot
 * path, sessions/authenticate, has no policy and costs that); paths with parameters are tried only
 * when the request starts with their literal part.
 */
import type { CrossOrigin, Method, RoutePolicy } from './types.ts';

interface PathPolicy {
  crossOrigin?: CrossOrigin;
  captcha: Set<Method>;
  /** A `/v1` backend route (routes/types.ts BackendRoute): secret-authenticated, never called by a browser. */
  backend?: true;
}

/** A Hono path pattern (`/v1/public/:project_id/oauth2/token`) as an anchored RegExp; `:name` is one path segment. */
function patternRegExp(path: string): RegExp {
  const parts = path.split('/').map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}$`);
}

/** The policies of the routes registered so far. */
export class RoutePolicies {
  private readonly exact = new Map<string, PathPolicy>();
  private readonly patterns: { prefix: string; re: RegExp; policy: PathPolicy }[] = [];

  /**
   * Records `policy` for `method` `path` (nothing when it is empty).
   * @throws Error when two registrations of one path declare different cross-origin policies
   */
  add(method: Method, path: string, policy: RoutePolicy | undefined): void {
    if (!policy?.captcha && !policy?.crossOrigin) return;
    const entry = this.entry(path);
    if (entry.backend) throw new Error(`route ${path} is a backend route: it takes no policy`);
    if (policy.crossOrigin) {
      if (entry.crossOrigin && entry.crossOrigin !== policy.crossOrigin) throw new Error(`route ${path} declares two cross-origin policies`);
      entry.crossOrigin = policy.crossOrigin;
    }
    if (policy.captcha) entry.captcha.add(method);
  }

  /**
   * Records `path` as a `/v1` backend route.
   * @throws Error when the path also has a route with a policy (a backend path is nothing else)
   */
  addBackend(path: string): void {
    const entry = this.entry(path);
    if (entry.crossOrigin || entry.captcha.size > 0) throw new Error(`route ${path} is a backend route: it takes no policy`);
    entry.backend = true;
  }

  /** True when `path` is a `/v1` backend route's. */
  backend(path: string): boolean {
    return this.lookup(path)?.backend === true;
  }

  private entry(path: string): PathPolicy {
    const param = path.indexOf('/:');
    // Two spellings of one pattern (`:id`, `:user_id`) are one entry: compared by their RegExp, built once.
    const re = param === -1 ? null : patternRegExp(path);
    let entry = re === null ? this.exact.get(path) : this.patterns.find((p) => p.re.source === re.source)?.policy;
    if (!entry) {
      entry = { captcha: new Set() };
      if (re === null) this.exact.set(path, entry);
      else this.patterns.push({ prefix: path.slice(0, param + 1), re, policy: entry });
    }
    return entry;
  }

  private lookup(path: string): PathPolicy | undefined {
    const hit = this.exact.get(path);
    if (hit) return hit;
    for (const p of this.patterns) if (path.startsWith(p.prefix) && p.re.test(path)) return p.policy;
    return undefined;
  }

  /** The cross-origin policy of the route at `path`, if it declares one. */
  crossOrigin(path: string): CrossOrigin | undefined {
    return this.lookup(path)?.crossOrigin;
  }

  /** True when `method` `path` is a route that needs a captcha token (when the project requires captcha). */
  captcha(method: string, path: string): boolean {
    return this.lookup(path)?.captcha.has(method as Method) ?? false;
  }
}
