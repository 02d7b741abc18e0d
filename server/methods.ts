/**
 * The one list of the server's sign-in methods (issue 12). app.ts registers their routes and outbox job
 * kinds from it, db/migrations.ts takes their migrations, db/schema.ts derives `Database` from their
 * tables, and users.ts asks each for its part of the wire user. Adding a method: its folder
 * (`server/<method>/`, an `index.ts` exporting one `ServerMethod`) and one line here; see server/README.md,
 * "Sign-in methods".
 */
import type { ServerMethod } from './method.ts';
import { cryptoWalletsMethod } from './crypto-wallets/index.ts';
import { b2bMethod } from './b2b/index.ts';
import { impersonationMethod } from './impersonation/index.ts';
import { idpMethod } from './idp/index.ts';
import { magicLinksMethod } from './magic-links/index.ts';
import { oauthMethod } from './oauth/index.ts';
import { otpsMethod } from './otps/index.ts';
import { passwordsMethod } from './passwords/index.ts';
import { rbacMethod } from './rbac/index.ts';
import { totpsMethod } from './totps/index.ts';
import { webauthnMethod } from './webauthn/index.ts';

/** Every sign-in method the server offers, in route-registration order. */
export const SERVER_METHODS = [
  otpsMethod,
  magicLinksMethod,
  passwordsMethod,
  webauthnMethod,
  oauthMethod,
  cryptoWalletsMethod,
  totpsMethod,
  impersonationMethod,
  rbacMethod,
  b2bMethod,
  idpMethod,
] as const satisfies readonly ServerMethod[];
