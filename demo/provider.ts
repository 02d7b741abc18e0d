/**
 * Sets the demo project up as an OpenID provider for the demo relying party (demo/rp.ts): the
 * consent page (`idp_consent_url`, the demo's idp-consent.html) and a registered client whose
 * redirect and post-logout URIs are the relying party's. Works on the server's database directly
 * (the demo project is a test project, configured by no file); the provider reads clients on each
 * request, while the consent URL is read at start (the caller restarts the server when it changed).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../server/db/index.ts';
import { type CreateIdpClientOptions, createIdpClient } from '../server/idp/index.ts';

/** Where the database is (as startServer takes it). */
export interface DataOptions {
  dataDir: string;
  databaseUrl?: string;
}

/** A registered client, with the project it belongs to. */
export interface RegisteredClient {
  client_id: string;
  client_secret: string | null;
  project_id: string;
}

/** Creates a client in the oldest test project (the one the server serves without a project file). */
export async function registerClient(data: DataOptions, options: CreateIdpClientOptions): Promise<RegisteredClient> {
  const db = await openDatabase(data);
  try {
    const project = await db.kysely.selectFrom('projects').select('project_id').where('mode', '=', 'test').orderBy('created_at').executeTakeFirstOrThrow();
    return { ...(await createIdpClient(db, project.project_id, options)), project_id: project.project_id };
  } finally {
    await db.close();
  }
}

/**
 * Makes sure the test project's consent page is `consentUrl` and a "Demo relying party" client for
 * `rpBase` exists (kept in `{dataDir}/demo-rp-client.json`, since its secret is shown only once).
 * Returns the client and whether the consent URL changed (the server must restart to read it).
 */
export async function ensureDemoProvider(data: DataOptions, consentUrl: string, rpBase: string): Promise<{ client: RegisteredClient; restart: boolean }> {
  const file = join(data.dataDir, 'demo-rp-client.json');
  const db = await openDatabase(data);
  let restart = false;
  let project_id: string;
  try {
    const project = await db.kysely
      .selectFrom('projects')
      .select(['project_id', 'config'])
      .where('mode', '=', 'test')
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    project_id = project.project_id;
    const config = JSON.parse(project.config) as Record<string, unknown>;
    if (config['idp_consent_url'] !== consentUrl) {
      await db.kysely
        .updateTable('projects')
        .set({ config: JSON.stringify({ ...config, idp_consent_url: consentUrl }) })
        .where('project_id', '=', project_id)
        .execute();
      restart = true;
    }
  } finally {
    await db.close();
  }
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as RegisteredClient & { rpBase: string };
    if (kept.rpBase === rpBase && kept.project_id === project_id) return { client: kept, restart };
  } catch {
    // none kept yet
  }
  const client = await registerClient(data, {
    client_name: 'Demo relying party',
    redirect_uris: [`${rpBase}/callback`],
    post_logout_redirect_uris: [`${rpBase}/logged-out`],
  });
  writeFileSync(file, JSON.stringify({ ...client, rpBase }), { mode: 0o600 });
  return { client, restart };
}
