/** Dev inbox and project info, registered for test projects only (live projects answer 404). */
import type { DevProjectInfo, InboxMessage, InboxResponse } from '../../sdk-core/schemas/index.ts';
import type { Services } from '../http.ts';
import { clearInbox, listInbox } from '../messaging/dev-inbox.ts';
import type { Route } from './types.ts';

/** Escapes text for HTML element content and quoted attributes. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function renderInbox(projectName: string, messages: InboxMessage[]): string {
  const items = messages
    .map(
      (m) => `<li>
  <div class="meta">${escapeHtml(m.sent_at)} · ${escapeHtml(m.channel)} · to <b>${escapeHtml(m.to)}</b></div>
  <div class="subject">${escapeHtml(m.subject ?? '')}</div>
  ${m.code ? `<div class="code">${escapeHtml(m.code)}</div>` : ''}
  ${m.link ? `<div class="link">${escapeHtml(m.link)}</div>` : ''}
  <pre>${escapeHtml(m.text)}</pre>
</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="3">
<title>Dev inbox · ${escapeHtml(projectName)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#19303D}
ul{list-style:none;padding:0}li{border:1px solid #ccd;border-radius:8px;padding:.75rem 1rem;margin:.75rem 0}
.meta{font-size:.85rem;color:#5C727D}.subject{font-weight:600;margin:.25rem 0}
.code{font:700 1.6rem ui-monospace,monospace;letter-spacing:.2em}pre{white-space:pre-wrap;margin:.5rem 0 0}
</style></head><body>
<h1>Dev inbox</h1>
<p>Messages sent by the test project <b>${escapeHtml(projectName)}</b>, newest first. Refreshes every 3 s. JSON: <a href="/dev/inbox.json">/dev/inbox.json</a></p>
${messages.length === 0 ? '<p><i>No messages yet.</i></p>' : `<ul>${items}</ul>`}
</body></html>`;
}

/** Registers `/dev/inbox`, `/dev/inbox.json` (GET, DELETE) and `/dev/project.json`. */
export function devRoutes(route: Route, svc: Services): void {
  const pid = svc.project.project_id;

  route('GET', '/dev/inbox', async (c) => {
    const messages = await listInbox(svc.db, pid, c.req.query('to'));
    c.header('Cache-Control', 'no-store');
    // Everything is escaped, and the CSP forbids scripts anyway: message text is attacker-influenced.
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    return c.html(renderInbox(svc.project.project_name, messages));
  });

  route('GET', '/dev/inbox.json', async (c) => {
    const body: InboxResponse = { messages: await listInbox(svc.db, pid, c.req.query('to')) };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });

  route('DELETE', '/dev/inbox.json', async (c) => {
    await clearInbox(svc.db, pid);
    return c.json({ messages: [] } satisfies InboxResponse);
  });

  route('GET', '/dev/project.json', (c) => {
    const info: DevProjectInfo = {
      public_token: svc.project.public_token,
      project_id: pid,
      project_name: svc.project.project_name,
      mode: 'test',
      api_base_url: new URL(c.req.url).origin,
      allowed_origins: svc.project.config.allowed_origins,
      redirect_urls: svc.project.config.redirect_urls,
    };
    c.header('Cache-Control', 'no-store');
    return c.json(info);
  });
}
