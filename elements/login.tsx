/**
 * `<auth-login>`: the login widget (docs/reference/elements/auth-login.md#mounting Login) as a custom element, made from its row of the
 * table (definitions.ts). Importing this module defines a class and nothing else; registry.ts
 * registers the tag.
 * @example
 * const el = document.createElement('auth-login');
 * el.config = { publicToken: 'public-token-test-...', products: ['otp'], otpOptions: { methods: ['email'] } };
 * el.addEventListener('auth-event', (e) => console.log(e.detail.type));
 * document.body.append(el);
 */
import type { LoginConfig } from '../react-internals/config.ts';
import { LOGIN_DEFINITION } from './definitions.ts';
import { type AuthElement, createAuthElement } from './element.ts';

/** The `<auth-login>` element class. */
export const AuthLoginElement = createAuthElement<LoginConfig>(LOGIN_DEFINITION);
/** An `<auth-login>` element. */
export type AuthLoginElement = AuthElement<LoginConfig>;
