/** `auth-elements/helpers`: the headless client's synchronous helpers (email syntax, RBAC decisions, captcha providers, the passkey ceremony error). */
export * from '../sdk-core/helpers.ts';
