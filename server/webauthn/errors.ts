/** Error types of the webauthn method (server/README.md error table). */
import type { ErrorTablePart } from '../method.ts';

/** The webauthn method's error types: malformed or unverified credentials, domains, challenges, registrations. */
export const WEBAUTHN_ERRORS = {
  invalid_public_key_credential: {
    status: 400,
    message: "Invalid public key credential. Please confirm you're passing a correctly formatted public key credential.",
  },
  invalid_webauthn_domain: { status: 400, message: 'The WebAuthn domain is not allowed for this origin or project.' },
  duplicate_webauthn_registration: { status: 400, message: 'This WebAuthn credential is already registered.' },
  webauthn_challenge_not_found: { status: 404, message: 'The WebAuthn challenge is unknown, expired or already used. Start the ceremony again.' },
  webauthn_registration_not_found: { status: 404, message: 'WebAuthn registration could not be found.' },
  unable_to_auth_webauthn_registration: { status: 401, message: 'WebAuthn registration could not be authenticated.' },
} as const satisfies ErrorTablePart;
