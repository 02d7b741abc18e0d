/**
 * The admin console's entry (issue 31), built to dist/admin/admin.js and served by the reference
 * server at /admin (docs/reference/admin.md). It finds the server's own project's public token, makes
 * the page's one client with it, adopts the console's sheets (the page's CSP allows no inline style)
 * and draws the console.
 */
import { createRoot } from 'react-dom/client';
import { createClient } from '../index.ts';
import { App } from './App.tsx';
import { adminSheets } from './styles.ts';

/** Where the server names its own project: the console's config, else the dev server's project file. */
const CONFIG_URLS = ['/admin/config.json', '/dev/project.json'];

/** The server's own project's public token. */
async function publicToken(): Promise<string> {
  for (const url of CONFIG_URLS) {
    try {
      const resp = await fetch(url, { credentials: 'omit', headers: { accept: 'application/json' } });
      if (!resp.ok) continue;
      const body = (await resp.json()) as { public_token?: unknown };
      if (typeof body.public_token === 'string') return body.public_token;
    } catch {
      // The next place, or the error below.
    }
  }
  throw new Error('The server did not name its project (GET /admin/config.json).');
}

document.adoptedStyleSheets = [...document.adoptedStyleSheets, ...adminSheets()];
const root = document.getElementById('admin-root');
if (root) {
  try {
    const client = createClient(await publicToken(), { apiBaseUrl: window.location.origin });
    createRoot(root).render(<App client={client} />);
  } catch (e) {
    root.textContent = e instanceof Error ? e.message : String(e);
  }
}
