/**
 * Client applications of the OpenID provider (issue 14): declared in the project config (`idp_clients`)
 * or created with {@link createIdpClient} (the admin CLI's call). Redirect and post-logout URIs are
 * compared as exact strings (RFC 6749 3.1.2.3 / RFC 9700 4.1.1: no normalisation, no prefix, no
 * wildcard), client secrets are stored as SHA-256 (they are 256-bit random values: a fast hash is
 * enough, unlike passwords) and compared in constant time.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { EventHub } from '../events.ts';
import { safeEqualHex, sha256Hex } from '../crypto.ts';
import type { Services } from '../services.ts';
import { registeredUriProblem } from '../redirect-allowlist.ts';
import { settingOf } from '../project/method-settings.ts';
import { CLIENT_SECRET_MIN_LENGTH } from './client-secret-policy.ts';

/** A client as the provider uses it, whichever source it came from. */
export interface IdpClient {
  client_id: string;
  client_name: string;
  client_type: 'first_party' | 'third_party';
  description: string;
  logo_url: string | null;
  redirect_uris: readonly string[];
  post_logout_redirect_uris: readonly string[];
  /** SHA-256 hex of the secret; null: a public client (token endpoint auth `none`, PKCE only). */
  client_secret_hash: string | null;
}

/** Options of {@link createIdpClient}. */
export interface CreateIdpClientOptions {
  client_name: string;
  /** Default `third_party`. */
  client_type?: 'first_party' | 'third_party';
  description?: string;
  logo_url?: string;
  redirect_uris: readonly string[];
  post_logout_redirect_uris?: readonly string[];
  /** True: a public client (a SPA or native app) with no secret; default false (a confidential client gets a secret). */
  public?: boolean;
  /** Creation time (epoch ms); default now. */
  now?: number;
}

/** What {@link createIdpClient} returns: the secret in clear, the one time it exists so. */
export interface CreatedIdpClient {
  client_id: string;
  client_secret: string | null;
}

/**
 * Registers a client application in the database and returns its id and (confidential clients) secret.
 * @example const { client_id, client_secret } = await createIdpClient(db, projectId, { client_name: 'Acme', redirect_uris: ['https://acme.example/cb'] });
 * @throws Error naming the bad field (the CLI prints it)
 */
export async function createIdpClient(db: Db, projectId: string, o: CreateIdpClientOptions): Promise<CreatedIdpClient> {
  if (!o.client_name || o.client_name.length > 200) throw new Error('client_name must be 1-200 characters');
  if (o.redirect_uris.length === 0) throw new Error('redirect_uris must name at least one URI');
  for (const uri of [...o.redirect_uris, ...(o.post_logout_redirect_uris ?? [])]) {
    const problem = registeredUriProblem(uri);
    if (problem) throw new Error(problem);
  }
  if (o.logo_url !== undefined && registeredUriProblem(o.logo_url)) throw new Error(`logo_url: ${registeredUriProblem(o.logo_url)}`);
  const client_id = `idp-client-${randomBytes(16).toString('hex')}`;
  const client_secret = o.public ? null : `idp-secret-${randomBytes(32).toString('base64url')}`;
  await db.kysely
    .insertInto('idp_clients')
    .values({
      client_id,
      project_id: projectId,
      client_name: o.client_name,
      client_type: o.client_type ?? 'third_party',
      description: o.description ?? '',
      logo_url: o.logo_url ?? null,
      redirect_uris: JSON.stringify(o.redirect_uris),
      post_logout_redirect_uris: JSON.stringify(o.post_logout_redirect_uris ?? []),
      client_secret_hash: client_secret === null ? null : sha256Hex(client_secret),
      created_at: o.now ?? Date.now(),
    })
    .execute();
  return { client_id, client_secret };
}

/** The clients created with {@link createIdpClient} in a project (not the config-declared ones), oldest first. */
export async function listStoredIdpClients(db: Db, projectId: string): Promise<IdpClient[]> {
  const rows = await db.kysely.selectFrom('idp_clients').selectAll().where('project_id', '=', projectId).orderBy('created_at').execute();
  return rows.map(rowClient);
}

/**
 * Deletes a client created with {@link createIdpClient} and ends everything it holds: its codes, access
 * and refresh tokens stop working and its grants and users' consents are revoked. False when there is no
 * such client (a config-declared client is removed from the config instead). With `events`, each user's
 * consent revoked is a `consent.revoked`, as the user's own revoke of the app is.
 */
export async function deleteIdpClient(db: Db, projectId: string, clientId: string, now: number = Date.now(), events?: EventHub): Promise<boolean> {
  const k = db.kysely;
  const res = await k.deleteFrom('idp_clients').where('project_id', '=', projectId).where('client_id', '=', clientId).executeTakeFirst();
  if (res.numDeletedRows === 0n) return false;
  await k
    .updateTable('idp_grants')
    .set({ revoked_at: now })
    .where('project_id', '=', projectId)
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .execute();
  await k.deleteFrom('idp_codes').where('project_id', '=', projectId).where('client_id', '=', clientId).execute();
  await k.deleteFrom('idp_refresh_tokens').where('project_id', '=', projectId).where('client_id', '=', clientId).execute();
  await k.deleteFrom('access_tokens').where('project_id', '=', projectId).where('connected_app_id', '=', clientId).execute();
  const consents = await k
    .updateTable('connected_apps')
    .set({ revoked_at: now })
    .where('project_id', '=', projectId)
    .where('connected_app_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .returning('user_id')
    .execute();
  for (const c of consents) await events?.emit({ type: 'consent.revoked', user_id: c.user_id, client_id: clientId, scopes: [] });
  return true;
}

/** The project's clients: config-declared first, then the database's (a config id shadows a database one). */
export async function listIdpClients(svc: Services): Promise<IdpClient[]> {
  const fromConfig = settingOf(svc.project, 'idp_clients').map(configClient);
  const ids = new Set(fromConfig.map((c) => c.client_id));
  const rows = await svc.db.kysely.selectFrom('idp_clients').selectAll().where('project_id', '=', svc.project.project_id).orderBy('created_at').execute();
  return [...fromConfig, ...rows.map(rowClient).filter((c) => !ids.has(c.client_id))];
}

/** The client with this id, or null. */
export async function findIdpClient(svc: Services, clientId: string): Promise<IdpClient | null> {
  const declared = svc.project.config.idp_clients?.find((c) => c.client_id === clientId);
  if (declared) return configClient(declared);
  const row = await svc.db.kysely
    .selectFrom('idp_clients')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('project_id', '=', svc.project.project_id)
    .executeTakeFirst();
  return row ? rowClient(row) : null;
}

/** True when `uri` is exactly (as a string) one of `registered`. */
export function exactUriMatch(registered: readonly string[], uri: string): boolean {
  return registered.includes(uri);
}

/**
 * True when `secret` is the client's secret (constant time; always false for a public client, and for a
 * secret shorter than CLIENT_SECRET_MIN_LENGTH: a short one, configured by its hash, must never work).
 */
export function clientSecretMatches(client: IdpClient, secret: string): boolean {
  return client.client_secret_hash !== null && secret.length >= CLIENT_SECRET_MIN_LENGTH && safeEqualHex(sha256Hex(secret), client.client_secret_hash);
}

function configClient(c: NonNullable<Services['project']['config']['idp_clients']>[number]): IdpClient {
  return {
    client_id: c.client_id,
    client_name: c.client_name,
    client_type: c.client_type ?? 'third_party',
    description: c.description ?? '',
    logo_url: c.logo_url ?? null,
    redirect_uris: c.redirect_uris,
    post_logout_redirect_uris: c.post_logout_redirect_uris ?? [],
    client_secret_hash: c.client_secret_sha256 ?? null,
  };
}

function rowClient(r: {
  client_id: string;
  client_name: string;
  client_type: string;
  description: string;
  logo_url: string | null;
  redirect_uris: string;
  post_logout_redirect_uris: string;
  client_secret_hash: string | null;
}): IdpClient {
  return {
    client_id: r.client_id,
    client_name: r.client_name,
    client_type: r.client_type === 'first_party' ? 'first_party' : 'third_party',
    description: r.description,
    logo_url: r.logo_url,
    redirect_uris: JSON.parse(r.redirect_uris) as string[],
    post_logout_redirect_uris: JSON.parse(r.post_logout_redirect_uris) as string[],
    client_secret_hash: r.client_secret_hash,
  };
}
