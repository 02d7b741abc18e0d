// A server component reading the session from cookies() and headers().
import { nextSession } from 'auth-elements/server';
import { cookies, headers } from 'next/headers';
import { sessionVerifier } from '../../lib/verifier.js';

// Rendered per request: the page is the visitor's.
export const dynamic = 'force-dynamic';

export default async function Dashboard() {
  const sources = { cookies: await cookies(), headers: await headers() };
  const auth = await nextSession(sessionVerifier(), sources);
  if (!auth) return <main id="dashboard">Not signed in</main>;
  return (
    <main id="dashboard">
      Signed in as <span id="user-id">{auth.userId}</span>
    </main>
  );
}
