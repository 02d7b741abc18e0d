// A route handler: the Request itself goes to the verifier (cookie or Authorization: Bearer).
import { isSessionVerificationError } from 'auth-elements/server';
import { sessionVerifier } from '../../../lib/verifier.js';

export async function GET(request) {
  try {
    const auth = await sessionVerifier().verify(request);
    return Response.json({ user_id: auth.userId, session_id: auth.session.session_id, roles: auth.session.roles });
  } catch (e) {
    if (isSessionVerificationError(e)) return Response.json({ error: e.code }, { status: e.status });
    throw e;
  }
}
