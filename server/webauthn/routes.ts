/**
 * WebAuthn and passkeys (docs/reference/methods/webauthn.md#calls `/webauthn/*`, docs/reference/security.md#webauthn): registration under a session, discoverable
 * (primary) and session-bound (secondary) authentication, rename, and removal of a registration.
 * Ceremonies are verified by @simplewebauthn/server; challenges are 32 random bytes kept in the
 * database, single use (a conditional UPDATE claims them), valid 5 minutes.
 */
import type { Services } from '../services.ts';
import type { Route } from '../routes/types.ts';
import { authenticationRoutes } from './authentication.ts';
import { managementRoutes } from './management.ts';
import { registrationRoutes } from './registration.ts';

/** Registers the WebAuthn routes: registration, authentication, and the management of registrations. */
export function webauthnRoutes(route: Route, svc: Services): void {
  registrationRoutes(route, svc);
  authenticationRoutes(route, svc);
  managementRoutes(route, svc);
}
