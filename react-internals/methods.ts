/**
 * The sign-in methods of the widgets, listed once (docs/reference/house-style.md#method-registry). Adding a method is a folder with an
 * `entry.ts` exporting its `UiMethodEntry` (read at once), an `index.ts` exporting the rest
 * (`UiMethod`, its own chunk), one line here, its `strings.ts` and `events.ts` in
 * method-tables.ts (the full public tables), and its `parts.ts`, if it has one, in method-parts.ts
 * (the reference tables of `part` names). The widget's unions, config products and checks and
 * starting state come from the entries; its screens, state machine, Main's forms and groups and
 * texts from the methods registry.ts has loaded for the config. The order is docs/reference/config.md#products's product
 * order: it is the order of the products in messages, of the strings and events tables, and of
 * Main's groups of equal order.
 */
import { cryptoWalletsEntry } from './crypto-wallets/entry.ts';
import { idpEntry } from './idp/entry.ts';
import { magicLinksEntry } from './magic-links/entry.ts';
import type { UiMethodEntry } from './method.ts';
import { mfaEntry } from './mfa/entry.ts';
import { oauthEntry } from './oauth/entry.ts';
import { otpsEntry } from './otps/entry.ts';
import { webauthnEntry } from './passkeys/entry.ts';
import { passwordsEntry } from './passwords/entry.ts';
import { profileEntry } from './profile/entry.ts';

/** Every registered method: its entry (read at once), which loads the rest (its `index.ts`, a chunk of its own) when the widget needs it (registry.ts). */
export const UI_METHODS = [
  magicLinksEntry,
  passwordsEntry,
  otpsEntry,
  oauthEntry,
  webauthnEntry,
  cryptoWalletsEntry,
  idpEntry,
  mfaEntry,
  profileEntry,
] as const;

type Registered = (typeof UI_METHODS)[number];
type TypesOf<M> = M extends UiMethodEntry<infer T> ? T : never;
type Types = TypesOf<Registered>;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Every screen a registered method owns. */
export type MethodScreen = Types['screen'];
/** Every action a registered method owns. */
export type MethodAction = Types['action'];
/** Every config product a registered method serves. */
export type MethodProduct = Types['product'];
/** The registered methods' texts, merged. */
export type MethodStrings = UnionToIntersection<Types['strings']>;
/** The registered methods' event payloads by type, merged. */
export type MethodEventData = UnionToIntersection<Types['events']>;
/** The registered methods' event types (each value its key). */
export type MethodEventTypes = { readonly [E in keyof MethodEventData]: E };
/** The registered methods' slices of the widget state, merged. */
export type MethodState = UnionToIntersection<Types['state']>;
/** The registered methods' option objects in the host's config, merged. */
export type MethodOptions = UnionToIntersection<Types['options']>;
/** The registered methods' parts of the resolved config, merged. */
export type MethodConfig = UnionToIntersection<Types['config']>;
