/** Dev inbox, suppression simulators and project info, registered for test projects only (live projects answer 404). */
import { z } from 'zod/mini';
import type { DevProjectInfo, InboxMessage, InboxResponse } from '../../sdk-core/schemas/index.ts';
import { devSecret } from '../backend/secrets.ts';
import { parseBody, readBodyText, readJson } from '../body.ts';
import { ApiError } from '../errors.ts';
import type { Ctx, Services } from '../services.ts';
import { MFA_POLICIES, mfaSettings } from '../mfa/config.ts';
import { clearInbox, type InboxMessageWithHtml, inboxHtml, listInbox, listInboxWithHtml } from '../messaging/dev-inbox.ts';
import { InboundMessageRequest, listSuppressions, reactivateEmail, recordEmailBounce, recordInboundMessage, type SuppressionEntry } from '../suppressions.ts';
import { setPageSecurityHeaders } from './static.ts';
import type { Route } from './types.ts';

/** Body of `POST /dev/bounce` and `DELETE /dev/bounce`. */
export const DevBounceRequest = z.object({
  email: z.string().check(z.maxLength(320)),
  detail: z.optional(z.string().check(z.maxLength(1000))),
});

/** Body of `POST /dev/mfa`: the demo's two-step switch (`/?mfa=required`, README "Demo"). */
export const DevMfaRequest = z.object({ policy: z.enum(MFA_POLICIES) });

/** Escapes text for HTML element content and quoted attributes. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * A dev body as JSON, or form-encoded when it comes from the /dev/inbox page's forms (which cannot
 * send JSON without scripts, and the page allows none).
 */
async function readDevBody<S extends z.ZodMiniType>(c: Ctx, schema: S, maxBytes: number): Promise<{ body: z.infer<S>; form: boolean }> {
  if (/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) {
    const text = await readBodyText(c, maxBytes);
    return { body: parseBody(schema, Object.fromEntries(new URLSearchParams(text))), form: true };
  }
  return { body: await readJson(c, schema, maxBytes), form: false };
}

/** After a form post, back to the inbox page the form was on (keeping its query), else /dev/inbox. */
function backToInbox(c: Ctx): Response {
  let target = '/dev/inbox';
  const referer = c.req.header('referer');
  if (referer) {
    try {
      const u = new URL(referer);
      if (u.origin === new URL(c.req.url).origin && u.pathname === '/dev/inbox') target = `${u.pathname}${u.search}`;
    } catch {
      // not a URL: the default page
    }
  }
  return c.redirect(target, 303);
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

/** Reply controls for a text message, or the bounce button for an email. */
function messageControls(m: InboxMessage): string {
  if (m.channel === 'email') {
    return `<form class="ctl" method="post" action="/dev/bounce">${hidden('email', m.to)}<button type="submit">Bounce (hard)</button></form>`;
  }
  const who = hidden('channel', m.channel) + hidden('from', m.to);
  const quick = (word: string) =>
    `<form class="ctl" method="post" action="/dev/inbound">${who}${hidden('text', word)}<button type="submit">Reply ${word}</button></form>`;
  return `<form class="ctl" method="post" action="/dev/inbound">${who}<label>Reply from ${escapeHtml(m.to)} <input name="text" maxlength="1600" placeholder="STOP, START or any text"></label> <button type="submit">Send reply</button></form>
  ${quick('STOP')}${quick('START')}`;
}

function renderSuppressions(entries: SuppressionEntry[]): string {
  if (entries.length === 0) return '<p><i>No suppressed destinations.</i></p>';
  const rows = entries
    .map(
      (e) =>
        `<tr><td>${escapeHtml(e.channel)}</td><td>${escapeHtml(e.address)}</td><td>${e.reason === 'bounced' ? 'inactive (bounced)' : 'unsubscribed'}</td><td>${escapeHtml(e.detail ?? '')}</td><td>${escapeHtml(e.created_at)}</td></tr>`,
    )
    .join('\n');
  return `<table><thead><tr><th>Channel</th><th>Address</th><th>Status</th><th>Detail</th><th>Since</th></tr></thead><tbody>${rows}</tbody></table>
<p class="meta">A number resubscribes by replying START, UNSTOP or YES; an inactive email is reactivated by an admin only (<code>DELETE /dev/bounce</code> with <code>{"email"}</code>).</p>`;
}

/**
 * The inbox page's styles, served as a file: the page's CSP allows no inline style (issue 10: no
 * page of this server needs 'unsafe-inline').
 */
export const INBOX_CSS = `body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#19303D}
ul{list-style:none;padding:0}li{border:1px solid #ccd;border-radius:8px;padding:.75rem 1rem;margin:.75rem 0}
.meta{font-size:.85rem;color:#5C727D}.subject{font-weight:600;margin:.25rem 0}
.code{font:700 1.6rem ui-monospace,monospace;letter-spacing:.2em}pre{white-space:pre-wrap;margin:.5rem 0 0}
.ctls{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.5rem}.ctl{margin:0}.badge{color:#8C1C13;font-weight:600}
table{border-collapse:collapse;font-size:.9rem}td,th{border:1px solid #ccd;padding:.25rem .5rem;text-align:left}
.parts{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:.75rem;margin-top:.5rem}.parts pre{margin:0}
iframe.html{width:100%;min-height:320px;border:1px solid #ccd;border-radius:4px;background:#fff}
`;

function renderInbox(projectName: string, messages: InboxMessageWithHtml[], suppressions: SuppressionEntry[], refresh: boolean, sections: string): string {
  const suppressed = new Set(suppressions.map((e) => `${e.channel} ${e.address}`));
  const items = messages
    .map(
      (m) => `<li>
  <div class="meta">${escapeHtml(m.sent_at)} · ${escapeHtml(m.channel)} · to <b>${escapeHtml(m.to)}</b>${suppressed.has(`${m.channel} ${m.to}`) ? ` · <span class="badge">${m.channel === 'email' ? 'inactive' : 'unsubscribed'}</span>` : ''}</div>
  <div class="subject">${escapeHtml(m.subject ?? '')}</div>
  ${m.code ? `<div class="code">${escapeHtml(m.code)}</div>` : ''}
  ${m.link ? `<div class="link">${escapeHtml(m.link)}</div>` : ''}
  ${
    // The HTML part, as the project wrote it, beside the text: in a sandboxed frame (no script, an
    // opaque origin), served by /dev/inbox/:id/html under a CSP of its own (sandbox, no script).
    m.html
      ? `<div class="parts"><pre>${escapeHtml(m.text)}</pre><iframe class="html" sandbox="" referrerpolicy="no-referrer" title="HTML part" src="/dev/inbox/${encodeURIComponent(m.id)}/html"></iframe></div>`
      : `<pre>${escapeHtml(m.text)}</pre>`
  }
  <div class="ctls">${messageControls(m)}</div>
</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
${refresh ? '<meta http-equiv="refresh" content="3">' : ''}
<title>Dev inbox · ${escapeHtml(projectName)}</title>
<link rel="stylesheet" href="/dev/inbox.css"></head><body>
<h1>Dev inbox</h1>
<p>Messages sent by the test project <b>${escapeHtml(projectName)}</b>, newest first. ${
    // Typing a reply needs a page that does not reload under the cursor.
    refresh ? 'Refreshes every 3 s (<a href="/dev/inbox?refresh=0">pause to type a reply</a>).' : 'Auto-refresh paused (<a href="/dev/inbox">resume</a>).'
  } JSON: <a href="/dev/inbox.json">/dev/inbox.json</a></p>
${messages.length === 0 ? '<p><i>No messages yet.</i></p>' : `<ul>${items}</ul>`}
<h2>Suppression list</h2>
${renderSuppressions(suppressions)}
${sections}
</body></html>`;
}

/**
 * Registers `/dev/inbox` (and its `/dev/inbox.css`, and `/dev/inbox/:id/html`, an email's HTML part), `/dev/inbox.json` (GET, DELETE), `/dev/outbox.json`,
 * `/dev/project.json`, and the suppression simulators `POST /dev/inbound`, `POST /dev/bounce`,
 * `DELETE /dev/bounce`, `GET /dev/suppressions.json`, and the demo's two-step switch `POST /dev/mfa`.
 */
export function devRoutes(route: Route, svc: Services): void {
  const pid = svc.project.project_id;

  route('GET', '/dev/inbox', async (c) => {
    // Sends leave the request path (outbox.ts): deliver what is due first, so the page shows a message
    // as soon as the API call that sent it has answered.
    await svc.outbox.drain();
    const messages = await listInboxWithHtml(svc.db, pid, c.req.query('to'));
    const suppressions = await listSuppressions(svc);
    c.header('Cache-Control', 'no-store');
    // The pages' headers (static.ts), tighter still: everything is escaped, and this page loads
    // nothing but its stylesheet and runs no script at all, since message text is
    // attacker-influenced. form-action: the reply and bounce forms may only post back here.
    setPageSecurityHeaders(c, { 'default-src': "'none'", 'script-src': "'none'", 'connect-src': "'none'", 'frame-src': "'self'" });
    // The methods' own sections (server/method.ts devInboxSection), e.g. the OpenID provider's clients.
    const sections = await Promise.all(svc.methods.map((m) => m.devInboxSection?.(svc) ?? ''));
    return c.html(renderInbox(svc.project.project_name, messages, suppressions, c.req.query('refresh') !== '0', sections.join('\n')));
  });

  // One email's HTML part, for the inbox page's sandboxed frame. The project's markup was checked at start
  // (messaging/overrides.ts) and every inserted value escaped, but it is still shown as untrusted: the CSP's
  // `sandbox` gives it an opaque origin and no script even when the address is opened directly.
  route('GET', '/dev/inbox/:id/html', async (c) => {
    const html = await inboxHtml(svc.db, pid, c.req.param('id') ?? '');
    if (html === null) throw new ApiError('not_found');
    setPageSecurityHeaders(c, {
      sandbox: '',
      'default-src': "'none'",
      'script-src': "'none'",
      'style-src': "'unsafe-inline'",
      'img-src': 'data: https:',
      'font-src': 'data: https:',
      'connect-src': "'none'",
      'form-action': "'none'",
      'frame-ancestors': "'self'",
    });
    c.header('X-Frame-Options', 'SAMEORIGIN');
    c.header('Cache-Control', 'no-store');
    return c.html(html);
  });

  route('GET', '/dev/inbox.css', (c) => {
    setPageSecurityHeaders(c);
    c.header('Cache-Control', 'no-cache');
    return c.body(INBOX_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' });
  });

  route('GET', '/dev/inbox.json', async (c) => {
    // As above: tests and the demo read a message right after the call that sent it.
    await svc.outbox.drain();
    const body: InboxResponse = { messages: await listInbox(svc.db, pid, c.req.query('to')) };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });

  // The demo's `/?mfa=required` (and `optional`, `off`): the running test project's two-step policy,
  // in memory only (a restart reads the project file again); the rest of its `mfa` setting is kept.
  // Test projects only, like every /dev route: a live project has no way to change its policy here.
  route('POST', '/dev/mfa', async (c) => {
    const { body } = await readDevBody(c, DevMfaRequest, svc.maxBodyBytes);
    svc.project.config = { ...svc.project.config, mfa: { ...svc.project.config.mfa, policy: body.policy } };
    c.header('Cache-Control', 'no-store');
    return c.json({ mfa: mfaSettings(svc.project) });
  });

  route('DELETE', '/dev/inbox.json', async (c) => {
    await clearInbox(svc.db, pid);
    return c.json({ messages: [] } satisfies InboxResponse);
  });

  // A recipient texting back: STOP & co. unsubscribe the number on that channel, START & co. resubscribe it.
  route('POST', '/dev/inbound', async (c) => {
    const { body, form } = await readDevBody(c, InboundMessageRequest, svc.maxBodyBytes);
    const result = await recordInboundMessage(svc, { channel: body.channel, from: body.from, text: body.text, source: 'dev' });
    if (form) return backToInbox(c);
    return c.json({ channel: body.channel, ...result });
  });

  // A hard bounce: the address is inactive until DELETE /dev/bounce (the admin action) clears it.
  route('POST', '/dev/bounce', async (c) => {
    const { body, form } = await readDevBody(c, DevBounceRequest, svc.maxBodyBytes);
    const email = await recordEmailBounce(svc, body.email, { source: 'dev', ...(body.detail ? { detail: body.detail } : {}) });
    if (form) return backToInbox(c);
    return c.json({ email, status: 'inactive' });
  });

  route('DELETE', '/dev/bounce', async (c) => {
    // `?email=` too: some HTTP clients will not send a body with DELETE.
    const query = c.req.query('email');
    const body = query !== undefined ? parseBody(DevBounceRequest, { email: query }) : (await readDevBody(c, DevBounceRequest, svc.maxBodyBytes)).body;
    const { email, cleared } = await reactivateEmail(svc, body.email);
    return c.json({ email, status: 'active', cleared });
  });

  // The outbox's pending and dead jobs, without their codes, links or text.
  route('GET', '/dev/outbox.json', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ jobs: await svc.outbox.list() });
  });

  route('GET', '/dev/suppressions.json', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ suppressions: await listSuppressions(svc) });
  });

  route('GET', '/dev/project.json', (c) => {
    // Only a test project serves /dev/* at all; devSecret is null for a live one, which this never reaches.
    const secret = devSecret(svc);
    if (secret === null) throw new ApiError('not_found');
    const info: DevProjectInfo = {
      public_token: svc.project.public_token,
      project_id: pid,
      project_name: svc.project.project_name,
      mode: 'test',
      api_base_url: new URL(c.req.url).origin,
      allowed_origins: svc.project.config.allowed_origins,
      redirect_urls: svc.project.config.redirect_urls,
      secret,
    };
    c.header('Cache-Control', 'no-store');
    return c.json(info);
  });
}
