/**
 * The client's sign-in methods, listed once (issue 12). `createClient` walks this list and gives
 * each entry's group to the client under the entry's `name`; {@link MethodGroups} (and so
 * `AuthClient`) is derived from it. Adding a method is one folder exporting an `SdkMethod` and one
 * entry here (plus its public types in ./index.ts).
 *
 * Every method is a {@link LazySdkMethod}: its module loads on the first call of one of its members
 * (or on `preloadMethods`), so the client's initial JS is its core (sessions, HTTP, errors, session
 * manager, storage; issue 16) and a page that never uses TOTP or OAuth ships none of their code.
 * Method modules have no side effects and import no other method, which is what makes this work.
 * Members that must act before the module is there (a redirect page's URL readers) are `eager`.
 */
import type { B2B } from './b2b/index.ts';
import type { CryptoWallets } from './crypto-wallets/index.ts';
import type { IDP } from './idp/index.ts';
import type { Impersonation } from './impersonation/index.ts';
import type { MagicLinks } from './magic-links/index.ts';
import type { MFA } from './mfa/index.ts';
import { onRequired } from './mfa/on-required.ts';
import type { LazyMembers, LazySdkMethod, SdkMethod } from './method.ts';
import type { OAuth, OAuthProviderGroups } from './oauth/index.ts';
import { OAUTH_PROVIDERS } from './oauth/providers.ts';
import type { OTPs } from './otps/index.ts';
import type { Passwords } from './passwords/index.ts';
import type { RBAC } from './rbac/index.ts';
import { MAGIC_LINK_REDIRECT, OAUTH_REDIRECT, urlReaders } from './redirect-url.ts';
import type { TOTPs } from './totps/index.ts';
import type { WebAuthn } from './webauthn/index.ts';

// An email, text or WhatsApp channel's calls: the OTP channels' and magic links' email.
const otpChannel = { loginOrCreate: true, send: true } as const;
const otpsMethod = {
  name: 'otps',
  members: { email: otpChannel, sms: otpChannel, whatsapp: otpChannel, authenticate: true },
  load: () => import('./otps/index.ts'),
} satisfies LazySdkMethod<'otps', OTPs>;
const magicLinksMethod = {
  name: 'magicLinks',
  members: { email: otpChannel, authenticate: true, redirectStep: true, readUrl: true, authenticateFromUrl: true },
  load: () => import('./magic-links/index.ts'),
  // The link's token leaves the address bar before the group's code is fetched (./redirect-url.ts).
  eager: urlReaders<MagicLinks>(MAGIC_LINK_REDIRECT),
} satisfies LazySdkMethod<'magicLinks', MagicLinks>;
const passwordsMethod = {
  name: 'passwords',
  members: {
    create: true,
    authenticate: true,
    resetByEmailStart: true,
    resetByEmail: true,
    resetByExistingPassword: true,
    resetBySession: true,
    strengthCheck: true,
  },
  load: () => import('./passwords/index.ts'),
} satisfies LazySdkMethod<'passwords', Passwords>;
const webauthnMethod = {
  name: 'webauthn',
  members: {
    register: true,
    authenticate: true,
    update: true,
    deleteRegistration: true,
    browserSupportsAutofill: true,
    registerStart: true,
    registerFinish: true,
    authenticateStart: true,
    authenticateFinish: true,
  },
  load: () => import('./webauthn/index.ts'),
} satisfies LazySdkMethod<'webauthn', WebAuthn>;

const cryptoWalletsMethod = {
  name: 'cryptoWallets',
  members: { authenticateStart: true, authenticate: true },
  load: () => import('./crypto-wallets/index.ts'),
} satisfies LazySdkMethod<'cryptoWallets', CryptoWallets>;
const oauthMethod = {
  name: 'oauth',
  members: {
    // `oauth.google.start`, ... for the 19 providers (the list module is a few bytes, the calls load lazily).
    ...(Object.fromEntries(OAUTH_PROVIDERS.map((p) => [p, { start: true }])) as LazyMembers<OAuthProviderGroups>),
    startUrl: true,
    start: true,
    authenticate: true,
    readUrl: true,
    authenticateFromUrl: true,
    googleOneTap: { start: true, submit: true },
    attach: true,
  },
  load: () => import('./oauth/index.ts'),
  // As magic links': the token (or the provider's error) leaves the address bar first.
  eager: urlReaders<OAuth>(OAUTH_REDIRECT),
} satisfies LazySdkMethod<'oauth', OAuth>;
const totpsMethod = {
  name: 'totps',
  members: { create: true, authenticate: true, recoveryCodes: true, rotateRecoveryCodes: true, recover: true },
  load: () => import('./totps/index.ts'),
} satisfies LazySdkMethod<'totps', TOTPs>;
const impersonationMethod = {
  name: 'impersonation',
  members: { authenticate: true },
  load: () => import('./impersonation/index.ts'),
} satisfies LazySdkMethod<'impersonation', Impersonation>;
const idpMethod = {
  name: 'idp',
  members: { authorizeStart: true, authorizeSubmit: true, logoutStart: true },
  load: () => import('./idp/index.ts'),
} satisfies LazySdkMethod<'idp', IDP>;
const b2bMethod = {
  name: 'b2b',
  members: { searchMember: true },
  load: () => import('./b2b/index.ts'),
} satisfies LazySdkMethod<'b2b', B2B>;
const rbacMethod = {
  name: 'rbac',
  members: { isAuthorized: true, allPermissions: true },
  load: () => import('./rbac/index.ts'),
} satisfies LazySdkMethod<'rbac', RBAC>;

// Two-step sign-in (issue 29): the group loads on first use; onRequired is eager (a widget subscribes on mount).
const mfaMethod = {
  name: 'mfa',
  members: {
    factors: true,
    onRequired: true,
    intermediateToken: true,
    forgetDevice: true,
    trustedDevices: true,
    revokeTrustedDevice: true,
    totp: { authenticate: true },
    recover: true,
    sms: { send: true, authenticate: true },
    enrol: { totp: true },
  },
  load: () => import('./mfa/index.ts'),
  eager: (_lazy, ctx) => ({ onRequired: (callback) => onRequired(ctx, callback) }),
} satisfies LazySdkMethod<'mfa', MFA>;

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
  mfaMethod,
] as const satisfies readonly LazySdkMethod<string, unknown>[];

/** One registered method. */
export type RegisteredMethod = (typeof SDK_METHODS)[number];

/** A method group's name, as `client.<name>` and {@link preloadMethods} take it. */
export type MethodName = RegisteredMethod['name'];

/** The client's method groups, keyed by each method's `name`: `{ totps: TOTPs, ... }`. */
export type MethodGroups = {
  readonly [M in RegisteredMethod as M['name']]: M extends SdkMethod<string, infer G> ? G : M extends LazySdkMethod<string, infer G> ? G : never;
};
