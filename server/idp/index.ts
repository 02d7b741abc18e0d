/**
 * The idp method (issue 14): the server as an OAuth 2.0 / OpenID Connect provider. Registered client
 * applications, the SDK calls behind `<auth-idp-consent>` (authorize start / submit, logout start), the
 * protocol endpoints a relying party uses (discovery, authorization, token, userinfo, JWKS, end session),
 * connected apps and the access-token exchange; its migration 0014_idp_provider. Registered in server/methods.ts.
 */
import { type ServerMethod, tableTypes } from '../method.ts';
import type { Services } from '../services.ts';
import type { Route } from '../routes/types.ts';
import { assertClientSecrets } from './client-secret-policy.ts';
import { devIdpRoutes, idpDevInboxSection } from './dev.ts';
import { IDP_ERRORS } from './errors.ts';
import { IDP_MIGRATIONS } from './migrations.ts';
import { idpProtocolRoutes } from './protocol.ts';
import { idpBackendRoutes } from './backend.ts';
import { idpSdkRoutes } from './sdk-routes.ts';
import { pruneIdp, revokeAllUserGrants } from './store.ts';
import type { IdpTables } from './tables.ts';
import { IDP_SETTING_OPTIONS, IDP_SETTINGS, idpSettingsProblems } from './settings.ts';

export {
  type CreatedIdpClient,
  type CreateIdpClientOptions,
  createIdpClient,
  deleteIdpClient,
  type IdpClient,
  listIdpClients,
  listStoredIdpClients,
} from './clients.ts';

/** The idp method's registry entry. */
export const idpMethod = {
  name: 'idp',
  routes(route: Route, svc: Services) {
    // A guessable client secret stops the start here, not in settings.ts: the weak-secret list is method
    // code, which the project file's check (loaded with the database) must not pull in.
    assertClientSecrets(svc.project.config.idp_clients ?? []);
    idpSdkRoutes(route, svc);
    idpProtocolRoutes(route, svc);
    if (svc.project.mode === 'test') devIdpRoutes(route, svc);
  },
  // The admin console's client calls (issue 31).
  backendRoutes: idpBackendRoutes,
  prune: pruneIdp,
  revokeUserGrants: revokeAllUserGrants,
  async devInboxSection(svc: Services) {
    return svc.project.mode === 'test' ? idpDevInboxSection(svc) : '';
  },
  migrations: IDP_MIGRATIONS,
  errors: IDP_ERRORS,
  settings: IDP_SETTINGS,
  settingOptions: IDP_SETTING_OPTIONS,
  settingsProblems: idpSettingsProblems,
  tables: tableTypes<IdpTables>(),
} satisfies ServerMethod;
