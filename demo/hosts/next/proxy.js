// Next.js 16's proxy (middleware.js before it): /admin and below need a session; without one the
// visitor is sent to /login?next=<path>.
import { nextMiddleware } from 'auth-elements/server';
import { sessionVerifier } from './lib/verifier.js';

let guard;

export function proxy(request) {
  guard ??= nextMiddleware(sessionVerifier(), { loginUrl: '/login' });
  return guard(request);
}

export const config = { matcher: ['/admin/:path*'] };
