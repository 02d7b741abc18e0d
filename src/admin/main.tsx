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

/**
 * The server's own project's public token, from the console's config (server/admin/console.ts). Not the
 * dev server's /dev/project.json: that one carries a secret, and the console never receives one.
 */
async function publicToken(): Promise<string> {
  try {
    const resp = await fetch('/admin/config.json', { credentials: 'omit', headers: { accept: 'application/json' }, cache: 'no-store' });
    const body = resp.ok ? ((await resp.json()) as { public_token?: unknown }) : {};
    if (typeof body.public_token === 'string') return body.public_token;
  } catch {
    // The message below.
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
