/**
 * The server's sign-in method registry (issue 12, docs/reference/house-style.md#method-registry "a method is a plain object registered in one
 * list"). A method is one folder, `server/<method>/`, whose `index.ts` exports one object that
 * `satisfies ServerMethod`; `server/methods.ts` lists them. From that list the app registers the routes and
 * outbox job kinds, the migration list takes the method's migrations, the `Database` type its tables, the
 * error table its error types, and `loadUser` its part of the wire user. See server/README.md, "Sign-in
 * methods", for the steps to add one.
 */
import type { FactorKind } from './events.ts';
import type { Migration, OperandExpression } from 'kysely';
import type { z } from 'zod/mini';
import type { ErrorType } from '../sdk-core/schemas/errors.ts';
import type { MfaFactorKind, User } from '../sdk-core/schemas/index.ts';
import type { SessionsTable } from './db/schema.ts';
import type { Services } from './services.ts';
import type { METHOD_DATA } from './method-data.ts';
import type { DeferredHandler } from './outbox.ts';
import type { LimitDefault } from './rate-limit.ts';
import type { BackendRoute, Route } from './routes/types.ts';

/** Folder names of sign-in methods, the same in every layer: the names server/method-data.ts lists. */
export type MethodName = (typeof METHOD_DATA)[number]['name'];

/** HTTP status and default `error_message` of one error_type (docs/reference/wire-protocol.md#error-bodies error body). */
export interface ErrorInfo {
  readonly status: number;
  readonly message: string;
}

/** A method's (or core's) part of the error table: the error types it owns. */
export type ErrorTablePart = Partial<Record<ErrorType, ErrorInfo>>;

declare const TABLES: unique symbol;

/**
 * Carries a method's Kysely table interfaces as a type only (no runtime value): `Database` is derived
 * from the registered methods' `tables` (db/schema.ts). Made with {@link tableTypes}.
 */
export interface TableTypes<T extends object> {
  readonly [TABLES]?: T;
}

/** The {@link TableTypes} marker of a method's tables, e.g. `tableTypes<WebAuthnTables>()`. */
export function tableTypes<T extends object>(): TableTypes<T> {
  return {};
}

/** Keys of the wire user that core fills (users.ts): the user row, its emails and phone numbers. `roles` is the rbac method's. */
type CoreUserKeys = 'user_id' | 'emails' | 'phone_numbers' | 'name' | 'trusted_metadata' | 'untrusted_metadata' | 'created_at' | 'status';

/** A method's sub-records of the wire user (docs/reference/wire-protocol.md#authenticate-answers: `password`, `webauthn_registrations`, `totps`, ...). */
export type UserRecords = Partial<Omit<User, CoreUserKeys>>;

/**
 * A method's project settings: top-level keys of the project file (and of `ProjectConfig`), each with the
 * one zod/mini schema that gives its type, validates the live project file, and carries its defaults.
 * Each key is optional in the file; an unknown key is refused there.
 */
export type MethodSettings = Readonly<Record<string, z.ZodMiniType>>;

/**
 * The part of a method that is data, read by core modules that method code itself imports (the error
 * table, the migration list, the project settings): each field comes from a module of the method that
 * imports none of the method's code (`errors.ts`, `migrations.ts`, `settings.ts`), and
 * `server/method-data.ts` lists them, so reading them loads no route or store. The method's object
 * carries the same values (methods.test.ts checks they are the same).
 */
export interface MethodData {
  /** The method's folder name (the same in every layer). */
  readonly name: string;
  /**
   * Migrations by name, `NNNN_<method>_<what>` with the next free number; merged with core's and run in
   * name order (db/migrations.ts). A name, once shipped, never changes: databases record it.
   */
  readonly migrations?: Readonly<Record<string, Migration>>;
  /** The error types the method owns; each is also listed in sdk-core/schemas/errors.ts ERROR_TYPES. */
  readonly errors?: ErrorTablePart;
  /** The method's project settings (see {@link MethodSettings}). */
  readonly settings?: MethodSettings;
  /**
   * Problems of the method's settings that a schema cannot state (e.g. URIs checked against the redirect
   * rules), one readable line each, for a live project file; empty when valid.
   */
  /**
   * `createApp` options that stand in for a setting of the method (a demo's or a test's wiring), by
   * option name: `replace` sets the setting to the option's value, `add` adds a non-empty list to the
   * project's. The option's type is the setting's (see {@link MethodSettingOptions}).
   */
  readonly settingOptions?: Readonly<Record<string, SettingOption>>;
  /**
   * The method's rate limits by name (unique app-wide), each with its default and the env variable that
   * overrides its `max` (main.ts); read at run time as `svc.limits[name]`, set in tests with the
   * `rateLimits` app option. Core's own (per recipient, per IP, per project) are in server/rate-limit.ts.
   */
  readonly limits?: Readonly<Record<string, LimitDefault>>;
  settingsProblems?(file: Readonly<Record<string, unknown>>): string[];
  /**
   * The method's tables with an `expires_at` column that the generic sweep of expired rows (prune.ts)
   * must leave alone, because the column means more there and the method's own `prune` keeps them.
   */
  readonly ownExpiry?: readonly string[];
}

/** One app option of a method's settings ({@link MethodData.settingOptions}): the setting it stands in for and how. */
export interface SettingOption {
  readonly key: string;
  readonly how: 'replace' | 'add';
}

/** The app options one method's `settingOptions` declare, each typed as the setting it stands in for. */
type SettingOptionsOf<D> = D extends { readonly settings: infer S; readonly settingOptions: infer O }
  ? {
      -readonly [K in keyof O]?: O[K] extends { readonly key: infer Key }
        ? Key extends keyof S
          ? S[Key] extends z.ZodMiniType
            ? z.output<S[Key]>
            : never
          : never
        : never;
    }
  : Record<never, never>;

/** The `createApp` options every listed method's settings declare (server/app.ts `AppOptions` includes them). */
export type MethodSettingOptions = UnionToIntersection<SettingOptionsOf<(typeof METHOD_DATA)[number]>>;

/**
 * A factor a user holds through a method (a passkey, a wallet, an OAuth registration, an authenticator
 * app): listed on the wire user under `kind`, and removed by the signed-in user with
 * `DELETE /sdk/v1/users/{kind}/:id`, a route core registers for every declared factor (routes/account.ts),
 * answering the user as it is afterwards.
 */
export interface MethodFactor {
  /** The wire user's key for these factors and the path segment of their delete route (e.g. `crypto_wallets`). */
  readonly kind: string;
  /** The error type when the user has no such factor by that id. */
  readonly notFound: ErrorType;
  /** The kind `factor.added` / `factor.removed` events name (events.ts); without it no event is emitted for this factor. */
  readonly eventKind?: FactorKind;
  /**
   * Removes the session user's factor `id`: true when it was removed, false when the user has none by
   * that id. May refuse with an ApiError of the method's (e.g. a second factor the session has not passed).
   */
  remove(svc: Services, session: SessionsTable, id: string): Promise<boolean>;
  /**
   * Removes factor `id` of whichever user of the project holds it, on the backend API's authority (a
   * project secret: no session to check), for `DELETE /v1/users/{kind}/:id`: the id of the user it
   * belonged to, or null when no user of the project has one by that id. Without it, the backend API
   * serves no delete of this kind.
   */
  removeByBackend?(svc: Services, id: string): Promise<string | null>;
  /** Removable through the backend API only (`DELETE /v1/users/{kind}/:id`), not by the signed-in user. */
  readonly backendOnly?: true;
  /**
   * How many ways to sign in these factors give the user (`user` in wire shape), for the rule that the
   * user's last one cannot be removed (docs/reference/methods/users.md#rules); absent: none (a second step only).
   */
  waysIn?(svc: Pick<Services, 'project'>, user: User): number;
}

/** A second factor a user holds through a method ({@link ServerMethod.secondFactors}). */
export interface SecondFactorOffer {
  readonly kind: MfaFactorKind;
  /** The verified E.164 number SMS passcodes go to (`sms_otp` only). */
  readonly phoneNumber?: string;
}

/**
 * A condition of `POST /v1/users/search` (the provider's `filter_name`, e.g. `totp_verified`) that a method
 * contributes because the data it tests is the method's. Made with {@link searchOperand}.
 */
export interface UserSearchOperand {
  /** The `filter_value` schema (zod/mini); a value it refuses is a 400 invalid_request_body. */
  readonly filterValue: z.ZodMiniType;
  /**
   * The ids of the project's users matching `value` (as `filterValue` parsed it), as a Kysely subquery
   * selecting one column: core keeps `users.user_id IN (subquery)`, so operands combine under AND / OR.
   */
  userIds(svc: Services, value: unknown): OperandExpression<string>;
}

/** A typed {@link UserSearchOperand}: `userIds` receives the value as `filterValue` outputs it. */
export function searchOperand<S extends z.ZodMiniType>(
  filterValue: S,
  userIds: (svc: Services, value: z.output<S>) => OperandExpression<string>,
): UserSearchOperand {
  return { filterValue, userIds: (svc, value) => userIds(svc, value as z.output<S>) };
}

/**
 * A field of the backend API's user create and update bodies (`POST /v1/users`, `PUT /v1/users/{id}`) that a
 * method stores (e.g. rbac's `roles`). Made with {@link userField}.
 */
export interface UserField {
  /** The field's schema (zod/mini). */
  readonly schema: z.ZodMiniType;
  /** Stores the (parsed) value for the user; may refuse with an ApiError (e.g. a role the policy does not define). */
  apply(svc: Services, userId: string, value: unknown): Promise<void>;
}

/** A typed {@link UserField}: `apply` receives the value as `schema` outputs it. */
export function userField<S extends z.ZodMiniType>(schema: S, apply: (svc: Services, userId: string, value: z.output<S>) => Promise<void>): UserField {
  return { schema, apply: (svc, userId, value) => apply(svc, userId, value as z.output<S>) };
}

/** An RBAC check of the backend's sessions/authenticate (`authorization_check`), the provider's shape. */
export interface AuthorizationCheck {
  readonly resource_id: string;
  readonly action: string;
}

/** The verdict of an {@link AuthorizationCheck}: whether the roles allow it, and which of them do. */
export interface AuthorizationVerdict {
  authorized: boolean;
  granting_roles: string[];
}

/** One sign-in method of the server: everything the app assembles from `server/methods.ts`. */
export interface ServerMethod extends MethodData {
  /** The method's folder name (the same in every layer). */
  readonly name: MethodName;
  /**
   * Methods this one builds on (e.g. passwords -> magic-links for reset links). It imports only their
   * `index.ts` (their public functions); methods.test.ts checks both.
   */
  readonly uses?: readonly MethodName[];
  /** Registers the method's routes; each reads its body with a schema from sdk-core/schemas. */
  routes(route: Route, svc: Services): void;
  /** A method's `/v1` backend routes, authenticated by a project secret (see {@link BackendRoute}). */
  backendRoutes?(route: BackendRoute, svc: Services): void;
  /**
   * Deferred outbox job kinds (outbox.ts) by kind name, registered before any route runs and before the
   * worker starts (jobs left by an earlier process need their handler). Kind names are unique app-wide.
   */
  jobs?(svc: Services): Readonly<Record<string, DeferredHandler>>;
  /**
   * Deletes the method's rows that can no longer be used (expired or consumed single-use values); run by
   * the pruning timer (prune.ts) with the clock's now, so tables an unauthenticated caller can grow stay bounded.
   */
  prune?(svc: Pick<Services, 'db'>, now: number): Promise<void>;
  /**
   * An HTML section the dev inbox page (test projects) shows below the messages, every value escaped by
   * the method (routes/dev.ts escapeHtml): e.g. the idp method lists the project's client applications.
   */
  devInboxSection?(svc: Services): Promise<string>;
  /**
   * Ends the lasting access the method holds for a user outside sessions (e.g. the idp's app grants and
   * refresh tokens); core calls it whenever a user's password changes and whenever all their sessions are
   * revoked (server/user-access.ts), so remediation reaches what a stolen session minted. It emits the
   * events its revocations mean (e.g. `consent.revoked`) on `svc.events`.
   */
  revokeUserGrants?(svc: Pick<Services, 'db' | 'events'>, userId: string, now: number): Promise<void>;
  /** The method's sub-records of a user (read on every authenticate answer: keep it to compiled queries). */
  userRecords?(svc: Services, userId: string): Promise<UserRecords>;
  /**
   * The second factors the user holds through the method and can pass now (a verified TOTP, a verified
   * phone, a passkey), for the two-step sign-in's gate (server/mfa/gate.ts, docs/reference/mfa.md#policy).
   */
  secondFactors?(svc: Services, userId: string): Promise<readonly SecondFactorOffer[]>;
  /** The factors a user holds through the method, each removable by the user (see {@link MethodFactor}). */
  readonly factors?: readonly MethodFactor[];
  /** The method's conditions of `POST /v1/users/search`, by `filter_name` (unique app-wide). */
  readonly userSearchOperands?: Readonly<Record<string, UserSearchOperand>>;
  /** The method's fields of the backend API's user create and update, by body key (unique app-wide). */
  readonly userFields?: Readonly<Record<string, UserField>>;
  /**
   * The method's sub-records (keys of {@link UserRecords}) that the backend's `PUT /v1/users/{id}` answer
   * repeats at its top level beside the whole user, as the provider's answer does (its Node SDK types them).
   */
  readonly backendUpdateAnswerRecords?: readonly (keyof UserRecords)[];
  /**
   * Answers the backend's `authorization_check` for a user's roles (the project's RBAC policy); the one
   * method offering it decides, and without one every check is refused.
   */
  authorizationVerdict?(svc: Services, roles: readonly string[], check: AuthorizationCheck): AuthorizationVerdict;
  /** The method's Kysely table interfaces ({@link tableTypes}); part of `Database`. */
  readonly tables?: TableTypes<object>;
  /**
   * Lowers this process's work factors (key stretching) to the cheapest the method accepts. Only the test
   * helpers call it (server/test-helpers.ts, test/e2e-harness.ts), so the suite spends its time on
   * behaviour; what the method stores names its cost, so the same code verifies it.
   */
  cheapWorkForTests?(): void;
}

/**
 * Checks a method list before the app uses it: names unique, and every `uses` names another listed method.
 * @throws Error naming the method at fault
 */
export function assertMethodList(methods: readonly ServerMethod[]): void {
  const names = new Set<string>();
  for (const m of methods) {
    if (names.has(m.name)) throw new Error(`sign-in method ${m.name} is listed twice`);
    names.add(m.name);
  }
  for (const m of methods) {
    for (const used of m.uses ?? []) {
      if (used === m.name || !names.has(used)) throw new Error(`sign-in method ${m.name} uses ${used}, which is not another listed method`);
    }
  }
}

/** The table interfaces a method carries ({@link ServerMethod.tables}), or none (not `unknown`, which would absorb the other methods' tables in the union). */
export type TablesOf<M> = M extends { readonly tables: TableTypes<infer T> } ? T : Record<never, never>;

/** `A | B` to `A & B` (to merge the methods' table maps into one `Database`). */
export type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
