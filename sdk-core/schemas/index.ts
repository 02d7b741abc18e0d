/** The one definition of each request/response shape shared by the browser client and the server. */
import './zod-config.ts';
export * from './account.ts';
export * from './bootstrap.ts';
export * from './defaults.ts';
export * from './dev.ts';
export * from './envelope.ts';
export * from './events.ts';
export * from './magic-links.ts';
export * from './otps.ts';
export * from './otps-phone.ts';
export * from './passwords.ts';
export * from './sessions.ts';
export * from './user-search.ts';
export * from './users.ts';
export * from './validate.ts';
export * from './webauthn.ts';
export * from './stored.ts';
export * from './totps.ts';
