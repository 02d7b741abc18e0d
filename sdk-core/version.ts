export { SDK_VERSION } from './schemas/defaults.ts';

/** Identifier reported as `sdk.identifier` in telemetry. */
export const SDK_IDENTIFIER = 'auth-elements';
