/**
 * The admin console's IdP client calls (issue 31, docs/reference/admin.md#idp-clients), the CLI's
 * `idp-clients` through `/v1`: list (the project file's clients too, marked `source: config`, read-only),
 * create (a confidential client's secret in this answer only), edit the name and URIs, rotate the secret
 * (the old one stops at once) and delete (its grants, tokens and users' consents end: clients.ts).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod/mini';
import { backendOk } from '../backend/auth.ts';
import { readJson } from '../body.ts';
import { sha256Hex } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import { registeredUriProblem } from '../redirect-allowlist.ts';
import type { BackendRoute } from '../routes/types.ts';
import type { Ctx, Services } from '../services.ts';
import { createIdpClient, deleteIdpClient, type IdpClient, listIdpClients } from './clients.ts';

const uris = z.array(z.string().check(z.minLength(1), z.maxLength(2048))).check(z.maxLength(50));
const CreateBody = z.strictObject({
  client_name: z.string().check(z.minLength(1), z.maxLength(200)),
  client_type: z.optional(z.enum(['first_party', 'third_party'])),
  description: z.optional(z.string().check(z.maxLength(1000))),
  logo_url: z.optional(z.string().check(z.maxLength(2048))),
  redirect_uris: uris.check(z.minLength(1)),
  post_logout_redirect_uris: z.optional(uris),
  public: z.optional(z.boolean()),
});
const UpdateBody = z.strictObject({
  client_name: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  description: z.optional(z.string().check(z.maxLength(1000))),
  redirect_uris: z.optional(uris.check(z.minLength(1))),
  post_logout_redirect_uris: z.optional(uris),
});

/** Every URI's problem, named by its field path (empty when all are valid). */
function uriProblems(body: {
  redirect_uris?: readonly string[] | undefined;
  post_logout_redirect_uris?: readonly string[] | undefined;
  logo_url?: string | undefined;
}): string[] {
  const out: string[] = [];
  for (const key of ['redirect_uris', 'post_logout_redirect_uris'] as const) {
    (body[key] ?? []).forEach((u, i) => {
      const p = registeredUriProblem(u);
      if (p) out.push(`${key}[${i}]: ${p}`);
    });
  }
  if (body.logo_url !== undefined && registeredUriProblem(body.logo_url)) out.push(`logo_url: ${registeredUriProblem(body.logo_url)}`);
  return out;
}

const refuse = (problems: string[]) => {
  if (problems.length > 0) throw new ApiError('invalid_request_body', { message: problems.join('; '), details: { field: problems[0]!.split(/[[:]/)[0] } });
};

/** A client as the console shows it: never its secret or the secret's hash. */
function shown(c: IdpClient, source: 'config' | 'stored') {
  const { client_secret_hash, ...rest } = c;
  return { ...rest, confidential: client_secret_hash !== null, source };
}

/** Registers the `/v1/idp_clients` calls. */
export function idpBackendRoutes(route: BackendRoute, svc: Services): void {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;
  /** The stored client named by the path, or 404 idp_client_not_found (a project file's client is edited in the file). */
  const storedClient = async (c: Ctx) => {
    const id = c.req.param('client_id') ?? '';
    const row = await k
      .selectFrom('idp_clients')
      .select(['client_id', 'client_secret_hash'])
      .where('project_id', '=', pid)
      .where('client_id', '=', id)
      .executeTakeFirst();
    if (!row) throw new ApiError('idp_client_not_found', { message: 'No client by this id was created here (clients of the project file are edited there).' });
    return row;
  };

  route('GET', '/v1/idp_clients', async (c) => {
    const stored = new Set((await k.selectFrom('idp_clients').select('client_id').where('project_id', '=', pid).execute()).map((r) => r.client_id));
    const clients = (await listIdpClients(svc)).map((x) => shown(x, stored.has(x.client_id) ? 'stored' : 'config'));
    return backendOk(c, { idp_clients: clients });
  });
  route('POST', '/v1/idp_clients', async (c) => {
    const body = await readJson(c, CreateBody, svc.maxBodyBytes);
    refuse(uriProblems(body));
    const created = await createIdpClient(svc.db, pid, {
      client_name: body.client_name,
      redirect_uris: body.redirect_uris,
      post_logout_redirect_uris: body.post_logout_redirect_uris ?? [],
      client_type: body.client_type ?? 'third_party',
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.logo_url !== undefined ? { logo_url: body.logo_url } : {}),
      public: body.public ?? false,
      now: svc.now(),
    });
    c.header('Cache-Control', 'no-store');
    return backendOk(c, { client_id: created.client_id, client_secret: created.client_secret });
  });
  route('PATCH', '/v1/idp_clients/:client_id', async (c) => {
    // The body first: a malformed one is refused the same whether or not the client exists.
    const body = await readJson(c, UpdateBody, svc.maxBodyBytes);
    const { client_id } = await storedClient(c);
    refuse(uriProblems(body));
    const set: { client_name?: string; description?: string; redirect_uris?: string; post_logout_redirect_uris?: string } = {};
    if (body.client_name !== undefined) set.client_name = body.client_name;
    if (body.description !== undefined) set.description = body.description;
    if (body.redirect_uris !== undefined) set.redirect_uris = JSON.stringify(body.redirect_uris);
    if (body.post_logout_redirect_uris !== undefined) set.post_logout_redirect_uris = JSON.stringify(body.post_logout_redirect_uris);
    if (Object.keys(set).length === 0) throw new ApiError('invalid_request_body', { message: 'Give at least one field to change.' });
    await k.updateTable('idp_clients').set(set).where('project_id', '=', pid).where('client_id', '=', client_id).execute();
    const client = (await listIdpClients(svc)).find((x) => x.client_id === client_id);
    return backendOk(c, { idp_client: client ? shown(client, 'stored') : null });
  });
  route('POST', '/v1/idp_clients/:client_id/rotate_secret', async (c) => {
    const row = await storedClient(c);
    if (row.client_secret_hash === null)
      throw new ApiError('invalid_request_body', { message: 'client_id names a public client: it has no secret to rotate.' });
    const secret = `idp-secret-${randomBytes(32).toString('base64url')}`;
    await k
      .updateTable('idp_clients')
      .set({ client_secret_hash: sha256Hex(secret) })
      .where('project_id', '=', pid)
      .where('client_id', '=', row.client_id)
      .execute();
    c.header('Cache-Control', 'no-store');
    return backendOk(c, { client_id: row.client_id, client_secret: secret });
  });
  route('DELETE', '/v1/idp_clients/:client_id', async (c) => {
    const { client_id } = await storedClient(c);
    await deleteIdpClient(svc.db, pid, client_id, svc.now(), svc.events);
    return backendOk(c, { client_id });
  });
}
