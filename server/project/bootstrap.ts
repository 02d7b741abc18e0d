/** The bootstrap payload the widget reads: every key present, the project's overrides applied. */
import type { BootstrapData } from '../../sdk-core/schemas/index.ts';
import { BOOTSTRAP_DEFAULTS } from '../../sdk-core/schemas/index.ts';
import type { Project } from './config.ts';
import { mfaSettings } from '../mfa/config.ts';

/**
 * The server product this server announces in the bootstrap (`server_product`), so the widget's
 * watermark says 'Powered by Auth Elements' and links to the kit's README (its npm page) instead
 * of naming the hosted provider.
 */
export const SERVER_PRODUCT = { name: 'Auth Elements', url: 'https://www.npmjs.com/package/auth-elements' } as const;

/** Bootstrap payload for the project: every docs/reference/wire-protocol.md#bootstrap key present, project overrides applied. */
export function bootstrapData(project: Project): BootstrapData {
  const base: BootstrapData = { ...BOOTSTRAP_DEFAULTS, disable_sdk_watermark: !project.config.display_watermark, server_product: { ...SERVER_PRODUCT } };
  // The two-step settings come from the project's `mfa` setting alone (docs/reference/mfa.md#policy), never a bootstrap override.
  return { ...base, ...project.config.bootstrap, project_name: project.project_name, mfa: mfaSettings(project) };
}
