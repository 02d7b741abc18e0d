/**
 * What the first paint needs of the project's bootstrap (the watermark, the reset form's password
 * rules), kept per public token in localStorage from the last answer, so the first paint (issue 16:
 * before React and before the bootstrap request returns) draws what React will, and nothing moves
 * when React takes over. No React here: the element's first paint reads it.
 */
import type { BootstrapData } from '../../sdk-core/schemas/bootstrap.ts';

/** The remembered part of a bootstrap answer. */
export type RememberedBootstrap = Pick<BootstrapData, 'disable_sdk_watermark' | 'server_product' | 'password_config'>;

const KEY = 'auth_elements_first_paint:';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The bootstrap part remembered for `publicToken`; undefined when unknown (first visit, no storage, not ours). */
export function rememberedBootstrap(publicToken: unknown): RememberedBootstrap | undefined {
  if (typeof publicToken !== 'string' || publicToken === '') return undefined;
  try {
    const raw = globalThis.localStorage?.getItem(KEY + publicToken);
    if (typeof raw !== 'string') return undefined;
    const v: unknown = JSON.parse(raw);
    if (!isRecord(v) || typeof v['disable_sdk_watermark'] !== 'boolean') return undefined;
    // Read as untrusted (another script may write storage): the first paint checks the link's scheme and sizes itself.
    const product = v['server_product'];
    const policy = v['password_config'];
    return {
      disable_sdk_watermark: v['disable_sdk_watermark'],
      password_config: isRecord(policy) ? (policy as RememberedBootstrap['password_config']) : null,
      ...(isRecord(product) && typeof product['name'] === 'string' && typeof product['url'] === 'string'
        ? { server_product: { name: product['name'], url: product['url'] } }
        : {}),
    };
  } catch {
    return undefined;
  }
}

/** Remembers the first paint's part of a bootstrap answer (a no-op without storage). */
export function rememberBootstrap(publicToken: string, data: BootstrapData): void {
  try {
    const kept: RememberedBootstrap = {
      disable_sdk_watermark: data.disable_sdk_watermark,
      password_config: data.password_config,
      ...(data.server_product ? { server_product: data.server_product } : {}),
    };
    globalThis.localStorage?.setItem(KEY + publicToken, JSON.stringify(kept));
  } catch {
    // storage full or off: the next first paint draws without it
  }
}
