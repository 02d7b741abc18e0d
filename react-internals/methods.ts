/**
 * The sign-in methods of the widgets, listed once (DESIGN §4). Adding a method is a folder with an
 * `index.ts` exporting its {@link UiMethod} and one line here; everything the widget knows about
 * methods (screens, state machine, Main's forms and groups, strings, host events, config products
 * and checks) is assembled from this list. The order is SPEC §3's product order: it is the order of
 * the products in messages, of the strings and events tables, and of Main's groups of equal order.
 */
import { cryptoWalletsMethod } from './crypto-wallets/index.ts';
import { idpMethod } from './idp/index.ts';
import { magicLinksMethod } from './magic-links/index.ts';
import type { UiMethod } from './method.ts';
import { oauthMethod } from './oauth/index.ts';
import { otpsMethod } from './otps/index.ts';
import { webauthnMethod } from './passkeys/index.ts';
import { passwordsMethod } from './passwords/index.ts';

/** Every registered method. */
export const UI_METHODS = [magicLinksMethod, passwordsMethod, otpsMethod, oauthMethod, webauthnMethod, cryptoWalletsMethod, idpMethod] as const;

type Registered = (typeof UI_METHODS)[number];
type TypesOf<M> = M extends UiMethod<infer T> ? T : never;
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
