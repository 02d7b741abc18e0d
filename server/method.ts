/**
 * The server's sign-in method registry (issue 12, DESIGN 4 "a method is a plain object registered in one
 * list"). A method is one folder, `server/<method>/`, whose `index.ts` exports one object that
 * `satisfies ServerMethod`; `server/methods.ts` lists them. From that list the app registers the routes and
 * outbox job kinds, the migration list takes the method's migrations, the `Database` type its tables, the
 * error table its error types, and `loadUser` its part of the wire user. See server/README.md, "Sign-in
 * methods", for the steps to add one.
 */
import type { Migration } from 'kysely';
import type { ErrorType } from '../sdk-core/schemas/errors.ts';
import type { User } from '../sdk-core/schemas/index.ts';
import type { Services } from './http.ts';
import type { DeferredHandler } from './outbox.ts';
import type { Route } from './routes/types.ts';

/** Folder names of sign-in methods, the same in every layer (issue 12's method names). */
export type MethodName = 'otps' | 'magic-links' | 'passwords' | 'webauthn' | 'oauth' | 'crypto-wallets' | 'totps' | 'impersonation' | 'idp' | 'b2b' | 'rbac';

/** HTTP status and default `error_message` of one error_type (DESIGN 2 error body). */
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

/** A method's sub-records of the wire user (DESIGN 2: `password`, `webauthn_registrations`, `totps`, ...). */
export type UserRecords = Partial<Omit<User, CoreUserKeys>>;

/** One sign-in method of the server: everything the app assembles from `server/methods.ts`. */
export interface ServerMethod {
  /** The method's folder name (the same in every layer). */
  readonly name: MethodName;
  /**
   * Methods this one builds on (e.g. passwords -> magic-links for reset links). It imports only their
   * `index.ts` (their public functions); methods.test.ts checks both.
   */
  readonly uses?: readonly MethodName[];
  /** Registers the method's routes; each reads its body with a schema from sdk-core/schemas. */
  routes(route: Route, svc: Services): void;
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
   * revoked (server/user-access.ts), so remediation reaches what a stolen session minted.
   */
  revokeUserGrants?(svc: Pick<Services, 'db'>, userId: string, now: number): Promise<void>;
  /** The method's sub-records of a user (read on every authenticate answer: keep it to compiled queries). */
  userRecords?(svc: Services, userId: string): Promise<UserRecords>;
  /**
   * Migrations by name, `NNNN_<method>_<what>` with the next free number; merged with core's and run in
   * name order (db/migrations.ts). A name, once shipped, never changes: databases record it.
   */
  readonly migrations?: Readonly<Record<string, Migration>>;
  /** The error types the method owns; each is also listed in sdk-core/schemas/errors.ts ERROR_TYPES. */
  readonly errors?: ErrorTablePart;
  /** The method's Kysely table interfaces ({@link tableTypes}); part of `Database`. */
  readonly tables?: TableTypes<object>;
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

/** The table interfaces a method carries ({@link ServerMethod.tables}), or `unknown` when it has none. */
export type TablesOf<M> = M extends { readonly tables: TableTypes<infer T> } ? T : unknown;

/** `A | B` to `A & B` (to merge the methods' table maps into one `Database`). */
export type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
