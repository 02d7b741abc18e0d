/**
 * React 18 with the `auth-elements/react` wrapper: React 18 writes every unknown prop on a custom
 * element as an attribute (an object becomes "[object Object]"), so the wrapper sets `config` and
 * the other objects as properties and turns `onAuthEvent` / `onAuthError` into listeners. The page
 * is rendered to HTML at build time (prerender.tsx, what a server-rendering framework does), so the
 * tag is in the page before any script, the kit included, has loaded; main.tsx hydrates it.
 */
import { version } from 'react';
import { AuthLogin } from 'auth-elements/react';
import { loginConfig } from './config.ts';
import { Log, useAuthLog } from './Log.tsx';

/** The page. */
export function App() {
  const log = useAuthLog();
  return (
    <main>
      <h1>Auth Elements in React {version}</h1>
      <AuthLogin id="login" className="login" config={loginConfig} onAuthEvent={log.onEvent} onAuthError={log.onError} />
      <Log {...log} />
    </main>
  );
}
