/**
 * @simplewebauthn/server, loaded at the first ceremony rather than at start: importing it costs about
 * 0.4 s of CPU, paid by every server start (and test process) whether or not a passkey is ever used.
 */
type Library = typeof import('@simplewebauthn/server');

let library: Promise<Library> | undefined;

/** The WebAuthn library, imported once on first use. */
export function webauthnLibrary(): Promise<Library> {
  library ??= import('@simplewebauthn/server');
  return library;
}
