/**
 * React 19, the Next.js pattern: a client component renders <auth-login> at once and imports the
 * kit in useEffect, so the tag is in the page before the kit has loaded. React 19 sets a defined
 * tag's properties, but on a tag that is not defined yet it writes an object prop as the text
 * "[object Object]"; so objects are passed once the kit has loaded (`ready`), and React sets them as
 * properties then. Events need no wait: React 19 listens to `onauth-event` on any custom element.
 */
import { useEffect, useState, version } from 'react';
import { createRoot } from 'react-dom/client';
import type {} from 'auth-elements/react'; // JSX types of the tags
import { loginConfig } from './config.ts';
import { Log, useAuthLog } from './Log.tsx';

/** Loads the kit after the first render (a client-only import); true once the tags are defined. */
function useAuthElements(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void import('auth-elements/react').then(({ defineAuthElements }) => {
      defineAuthElements();
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

function App() {
  const ready = useAuthElements();
  const log = useAuthLog();
  return (
    <main>
      <h1>Auth Elements in React {version}</h1>
      <auth-login id="login" config={ready ? loginConfig : undefined} onauth-event={log.onEvent} onauth-error={log.onError} />
      <Log {...log} />
      <p>
        <a href="./wrapper.html">The same with the auth-elements/react wrapper</a>
      </p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
