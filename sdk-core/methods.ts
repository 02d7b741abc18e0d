/**
 * The client's sign-in methods, listed once (issue 12). `createClient` walks this list and gives
 * each entry's group to the client under the entry's `name`; {@link MethodGroups} (and so
 * `AuthClient`) is derived from it. Adding a method is one folder exporting an `SdkMethod` and one
 * line here (plus its public types in ./index.ts).
 *
 * Laziness later (issue 16): an entry may carry `load: () => import('./totps/index.ts').then((m) => m.totpsMethod)`
 * beside its `name` instead of the imported object; the client would then define the property as a
 * group whose calls await `load()` on first use. Method modules have no side effects and import no
 * other method, so nothing else changes.
 */
import { b2bMethod } from './b2b/index.ts';
import { cryptoWalletsMethod } from './crypto-wallets/index.ts';
import { idpMethod } from './idp/index.ts';
import { impersonationMethod } from './impersonation/index.ts';
import { magicLinksMethod } from './magic-links/index.ts';
import type { SdkMethod } from './method.ts';
import { oauthMethod } from './oauth/index.ts';
import { otpsMethod } from './otps/index.ts';
import { passwordsMethod } from './passwords/index.ts';
import { rbacMethod } from './rbac/index.ts';
import { totpsMethod } from './totps/index.ts';
import { webauthnMethod } from './webauthn/index.ts';

/** Every method group of the client, in the order the client builds them. */
export const SDK_METHODS = [
  otpsMethod,
  magicLinksMethod,
  passwordsMethod,
  webauthnMethod,
  cryptoWalletsMethod,
  oauthMethod,
  totpsMethod,
  impersonationMethod,
  idpMethod,
  b2bMethod,
  rbacMethod,
] as const satisfies readonly SdkMethod<string, unknown>[];

/** One registered method. */
export type RegisteredMethod = (typeof SDK_METHODS)[number];

/** The client's method groups, keyed by each method's `name`: `{ totps: TOTPs, ... }`. */
export type MethodGroups = { readonly [M in RegisteredMethod as M['name']]: ReturnType<M['create']> };
