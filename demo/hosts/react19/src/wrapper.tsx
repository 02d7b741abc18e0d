/**
 * React 19 with the `auth-elements/react` wrapper (written for React 18, which sets no properties on
 * custom elements): it must work unchanged under React 19, rendering the widgets with the app's React.
 */
import { version } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthLogin } from 'auth-elements/react';
import { loginConfig } from './config.ts';
import { Log, useAuthLog } from './Log.tsx';

function App() {
  const log = useAuthLog();
  return (
    <main>
      <h1>Auth Elements in React {version}, through the wrapper</h1>
      <AuthLogin id="login" className="login" config={loginConfig} onAuthEvent={log.onEvent} onAuthError={log.onError} />
      <Log {...log} />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
