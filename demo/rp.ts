/**
 * The demo's relying party (issue 14): a small web application on its own origin that signs its
 * users in with the demo project as an OpenID provider, through `<auth-idp-consent>` on the demo's
 * consent page. Authorization code + PKCE (S256) with openid-client (a certified relying-party
 * library, so the demo proves the provider works with a client we did not write), the ID token
 * claims shown, and RP-initiated logout. Server-side, like a real confidential web app: the code
 * exchange and the tokens never touch the browser. Pages are static HTML without script.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import * as oidc from 'openid-client';

/** Options of {@link startRelyingParty}. */
export interface RelyingPartyOptions {
  /** Port to listen on (0: a free one). */
  port: number;
  host?: string;
  /** The provider's issuer URL (its discovery document is `{issuer}/.well-known/openid-configuration`). */
  issuer: string;
  client_id: string;
  /** The client's secret (a confidential client); null: a public client (PKCE only). */
  client_secret: string | null;
}

/** A running relying party. */
export interface RelyingParty {
  url: string;
  close(): Promise<void>;
}

/** A signed-in visitor of the relying party. */
interface RpSession {
  claims: Record<string, unknown>;
  id_token: string;
}

/** An authorization request in flight, by its state. */
interface Pending {
  code_verifier: string;
  nonce: string;
  /** Epoch ms; requests older than 10 minutes are forgotten. */
  at: number;
}

const PENDING_MS = 10 * 60_000;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - Demo relying party</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
a.button{display:inline-block;padding:8px 16px;background:#19303d;color:#fff;border-radius:4px;text-decoration:none}</style>
</head><body><header><h1>Demo relying party</h1><p>A separate application that signs in with the Auth Elements demo as its OpenID provider.</p></header>
<main>${body}</main></body></html>`;

/** Starts the relying party. */
export async function startRelyingParty(o: RelyingPartyOptions): Promise<RelyingParty> {
  const sessions = new Map<string, RpSession>();
  const pending = new Map<string, Pending>();
  let base = '';
  let config: oidc.Configuration | null = null;
  // Discovery on first use: the provider may start after us.
  const provider = async () => {
    config ??= await oidc.discovery(new URL(o.issuer), o.client_id, o.client_secret ?? undefined, o.client_secret ? undefined : oidc.None(), {
      // The demo runs on http://localhost (openid-client refuses http otherwise).
      execute: [oidc.allowInsecureRequests],
    });
    return config;
  };
  const sidOf = (req: IncomingMessage) => /(?:^|;\s*)rp_sid=([A-Za-z0-9_-]+)/.exec(req.headers.cookie ?? '')?.[1];
  const send = (res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; form-action 'self'",
      'Cache-Control': 'no-store',
      ...headers,
    });
    res.end(html);
  };
  const redirect = (res: ServerResponse, to: string, headers: Record<string, string> = {}) => {
    res.writeHead(302, { Location: to, 'Cache-Control': 'no-store', ...headers });
    res.end();
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', base);
    const now = Date.now();
    for (const [k, p] of pending) if (now - p.at > PENDING_MS) pending.delete(k);
    if (url.pathname === '/') {
      const s = sessions.get(sidOf(req) ?? '');
      if (!s) {
        send(
          res,
          200,
          page('Signed out', `<p>You are signed out.</p><p><a class="button" id="sign-in" href="/login">Sign in with the Auth Elements demo</a></p>`),
        );
        return;
      }
      const rows = Object.entries(s.claims)
        .map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(typeof v === 'string' ? v : JSON.stringify(v))}</td></tr>`)
        .join('');
      send(
        res,
        200,
        page(
          'Signed in',
          `<p id="signed-in">Signed in as <strong>${escapeHtml(String(s.claims['email'] ?? s.claims['sub']))}</strong>.</p>
<h2>ID token claims</h2><table id="claims">${rows}</table><p><a class="button" id="log-out" href="/logout">Log out</a></p>`,
        ),
      );
      return;
    }
    if (url.pathname === '/login') {
      const cfg = await provider();
      const code_verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      pending.set(state, { code_verifier, nonce, at: now });
      const to = oidc.buildAuthorizationUrl(cfg, {
        redirect_uri: `${base}/callback`,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(code_verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      redirect(res, to.href);
      return;
    }
    if (url.pathname === '/callback') {
      const state = url.searchParams.get('state') ?? '';
      const p = pending.get(state);
      pending.delete(state);
      if (url.searchParams.get('error')) {
        send(
          res,
          200,
          page('Not signed in', `<p id="rp-error">The provider answered: ${escapeHtml(url.searchParams.get('error') ?? '')}.</p><p><a href="/">Back</a></p>`),
        );
        return;
      }
      if (!p) {
        send(res, 400, page('Unknown request', `<p id="rp-error">This sign-in request is unknown or expired.</p><p><a href="/">Back</a></p>`));
        return;
      }
      const tokens = await oidc.authorizationCodeGrant(await provider(), url, {
        pkceCodeVerifier: p.code_verifier,
        expectedState: state,
        expectedNonce: p.nonce,
        idTokenExpected: true,
      });
      const sid = randomBytes(24).toString('base64url');
      sessions.set(sid, { claims: { ...tokens.claims() }, id_token: tokens.id_token ?? '' });
      redirect(res, '/', { 'Set-Cookie': `rp_sid=${sid}; Path=/; HttpOnly; SameSite=Lax` });
      return;
    }
    if (url.pathname === '/logout') {
      const sid = sidOf(req) ?? '';
      const s = sessions.get(sid);
      sessions.delete(sid);
      const clear = { 'Set-Cookie': 'rp_sid=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax' };
      if (!s) {
        redirect(res, '/', clear);
        return;
      }
      // RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0): the provider asks 'Log out?' on its consent page.
      const to = oidc.buildEndSessionUrl(await provider(), {
        id_token_hint: s.id_token,
        post_logout_redirect_uri: `${base}/logged-out`,
        client_id: o.client_id,
        state: oidc.randomState(),
      });
      redirect(res, to.href, clear);
      return;
    }
    if (url.pathname === '/logged-out') {
      send(res, 200, page('Logged out', `<p id="logged-out">You have logged out of the provider.</p><p><a href="/">Back</a></p>`));
      return;
    }
    send(res, 404, page('Not found', '<p>Not found.</p>'));
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      send(res, 502, page('Provider error', `<p id="rp-error">${escapeHtml(e instanceof Error ? e.message : String(e))}</p><p><a href="/">Back</a></p>`));
    });
  });
  await new Promise<void>((resolve) => server.listen(o.port, o.host ?? '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : o.port;
  base = `http://localhost:${port}`;
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
