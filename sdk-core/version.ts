/** Version reported in the X-SDK-Client header; the provider's API keys behaviour off it (SPEC §9). */
export const SDK_VERSION = '5.34.0';

/** Identifier reported as `sdk.identifier` in telemetry. */
export const SDK_IDENTIFIER = 'auth-elements';
