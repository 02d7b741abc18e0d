/**
 * The data of every sign-in method, by method (server/method.ts `MethodData`): its error table, its
 * migrations, its project settings (and the app options standing in for them) and its rate limits, each from a module of the method's folder that imports none of
 * the method's code. Core modules that method code imports (errors.ts, db/migrations.ts, the project
 * settings) read this list, never `server/methods.ts`: reading it loads no route, store or ceremony, so
 * opening the database or throwing an error does not load every method, and no import runs in a circle.
 * methods.test.ts checks that each entry holds the same values as the method's object in methods.ts.
 */
import { B2B_ERRORS } from './b2b/errors.ts';
import { B2B_MIGRATIONS } from './b2b/migrations.ts';
import { CRYPTO_WALLETS_ERRORS } from './crypto-wallets/errors.ts';
import { CRYPTO_WALLETS_MIGRATIONS } from './crypto-wallets/migrations.ts';
import { IDP_ERRORS } from './idp/errors.ts';
import { IDP_MIGRATIONS } from './idp/migrations.ts';
import { IDP_SETTING_OPTIONS, IDP_SETTINGS, idpSettingsProblems } from './idp/settings.ts';
import { IMPERSONATION_ERRORS } from './impersonation/errors.ts';
import { IMPERSONATION_MIGRATIONS } from './impersonation/migrations.ts';
import { MAGIC_LINKS_ERRORS } from './magic-links/errors.ts';
import type { MethodData } from './method.ts';
import { OAUTH_ERRORS } from './oauth/errors.ts';
import { OAUTH_MIGRATIONS } from './oauth/migrations.ts';
import { OAUTH_SETTINGS } from './oauth/settings.ts';
import { OTPS_ERRORS } from './otps/errors.ts';
import { OTPS_LIMITS } from './otps/limits.ts';
import { PASSWORDS_ERRORS } from './passwords/errors.ts';
import { PASSWORDS_LIMITS } from './passwords/limits.ts';
import { RBAC_MIGRATIONS } from './rbac/migrations.ts';
import { RBAC_SETTINGS } from './rbac/settings.ts';
import { TOTPS_ERRORS } from './totps/errors.ts';
import { TOTPS_MIGRATIONS } from './totps/migrations.ts';
import { WEBAUTHN_ERRORS } from './webauthn/errors.ts';
import { WEBAUTHN_MIGRATIONS } from './webauthn/migrations.ts';
import { WEBAUTHN_SETTINGS } from './webauthn/settings.ts';

/** Every sign-in method's data, in the order of `SERVER_METHODS`. */
export const METHOD_DATA = [
  { name: 'otps', errors: OTPS_ERRORS, limits: OTPS_LIMITS },
  { name: 'magic-links', errors: MAGIC_LINKS_ERRORS },
  { name: 'passwords', errors: PASSWORDS_ERRORS, limits: PASSWORDS_LIMITS },
  { name: 'webauthn', errors: WEBAUTHN_ERRORS, migrations: WEBAUTHN_MIGRATIONS, settings: WEBAUTHN_SETTINGS },
  { name: 'oauth', errors: OAUTH_ERRORS, migrations: OAUTH_MIGRATIONS, settings: OAUTH_SETTINGS },
  { name: 'crypto-wallets', errors: CRYPTO_WALLETS_ERRORS, migrations: CRYPTO_WALLETS_MIGRATIONS },
  // A verified TOTP keeps its enrolment deadline in `expires_at`; the method prunes only unverified ones.
  { name: 'totps', errors: TOTPS_ERRORS, migrations: TOTPS_MIGRATIONS, ownExpiry: ['totps'] },
  { name: 'impersonation', errors: IMPERSONATION_ERRORS, migrations: IMPERSONATION_MIGRATIONS },
  { name: 'rbac', migrations: RBAC_MIGRATIONS, settings: RBAC_SETTINGS },
  { name: 'b2b', errors: B2B_ERRORS, migrations: B2B_MIGRATIONS },
  {
    name: 'idp',
    errors: IDP_ERRORS,
    migrations: IDP_MIGRATIONS,
    settings: IDP_SETTINGS,
    settingOptions: IDP_SETTING_OPTIONS,
    settingsProblems: idpSettingsProblems,
  },
] as const satisfies readonly MethodData[];
