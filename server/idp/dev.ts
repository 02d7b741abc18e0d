/**
 * The provider's part of the dev tools (test projects only): its client applications on the dev inbox
 * page and as JSON at `GET /dev/idp/clients.json`, with the endpoints a relying party configures.
 */
import type { Services } from '../services.ts';
import { escapeHtml } from '../routes/dev.ts';
import type { Route } from '../routes/types.ts';
import { listIdpClients } from './clients.ts';

/** The dev inbox section listing the clients (never their secret hashes). */
export async function idpDevInboxSection(svc: Services): Promise<string> {
  const clients = await listIdpClients(svc);
  const consent = svc.project.config.idp_consent_url;
  const head = `<h2>OpenID provider clients</h2>
<p class="meta">Issuer: <code>{this server's origin}/v1/public/${escapeHtml(svc.project.project_id)}</code> · consent page (idp_consent_url): ${consent ? `<code>${escapeHtml(consent)}</code>` : '<i>not set</i>'} · JSON: <a href="/dev/idp/clients.json">/dev/idp/clients.json</a></p>`;
  if (clients.length === 0) return `${head}\n<p><i>No client applications registered.</i></p>`;
  const rows = clients
    .map(
      (c) =>
        `<tr><td>${escapeHtml(c.client_name)}</td><td><code>${escapeHtml(c.client_id)}</code></td><td>${c.client_type === 'first_party' ? 'first party' : 'third party'}</td><td>${c.client_secret_hash ? 'confidential' : 'public (PKCE)'}</td><td>${c.redirect_uris.map((u) => escapeHtml(u)).join('<br>')}</td><td>${c.post_logout_redirect_uris.map((u) => escapeHtml(u)).join('<br>')}</td></tr>`,
    )
    .join('\n');
  return `${head}
<table id="idp-clients"><thead><tr><th>Name</th><th>client_id</th><th>Type</th><th>Authentication</th><th>Redirect URIs</th><th>Post-logout URIs</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Registers `GET /dev/idp/clients.json`. */
export function devIdpRoutes(route: Route, svc: Services): void {
  route('GET', '/dev/idp/clients.json', async (c) => {
    c.header('Cache-Control', 'no-store');
    const clients = (await listIdpClients(svc)).map(({ client_secret_hash, ...rest }) => ({ ...rest, confidential: client_secret_hash !== null }));
    return c.json({ issuer_path: `/v1/public/${svc.project.project_id}`, idp_consent_url: svc.project.config.idp_consent_url ?? null, clients });
  });
}
