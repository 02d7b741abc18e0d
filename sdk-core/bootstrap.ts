import { BOOTSTRAP_DEFAULTS, type BootstrapData } from './schemas/bootstrap.ts';

/**
 * Project settings used when the bootstrap call fails, so widgets still render (docs/reference/wire-protocol.md#bootstrap): the shared
 * BOOTSTRAP_DEFAULTS with two differences. `disable_sdk_watermark: true`: with no answer there is
 * no project setting (nor server product) to go by, so no watermark is shown. `rbac_policy: null`:
 * the policy is unknown rather than empty (every permission check is false either way).
 */
export const DEFAULT_BOOTSTRAP: BootstrapData = { ...BOOTSTRAP_DEFAULTS, disable_sdk_watermark: true, rbac_policy: null };
