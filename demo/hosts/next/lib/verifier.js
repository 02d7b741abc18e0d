// One verifier for the whole app: its key set is cached across requests.
// AUTH_SERVER_URL, AUTH_PROJECT_ID (and AUTH_SECRET for the server fallback) come from the environment.
import { createSessionVerifier } from 'auth-elements/server';

let verifier;

/** The app's session verifier, made on first use (the environment is read at run time, not at build). */
export function sessionVerifier() {
  verifier ??= createSessionVerifier({
    serverUrl: process.env.AUTH_SERVER_URL,
    projectId: process.env.AUTH_PROJECT_ID,
    ...(process.env.AUTH_SECRET ? { secret: process.env.AUTH_SECRET } : {}),
  });
  return verifier;
}
