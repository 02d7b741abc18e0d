/**
 * The 'Powered by' watermark (docs/reference/elements/auth-login.md#screens). Against our reference server it names the server's product
 * (the bootstrap's `server_product`: 'Powered by Auth Elements', linking to its README); against the
 * provider's API, which sends no such key, it names and links to the provider.
 */
import type { BootstrapData } from '../../sdk-core/index.ts';
import { useWidget } from '../context.ts';
import type { Strings } from '../strings.ts';

/** The provider's site the watermark links to. */
export const PROVIDER_URL = 'https://stytch.com/';

/** The name and link the watermark shows for `bootstrap`. The link is https only: it comes from the server. */
export function watermarkTarget(bootstrap: BootstrapData, strings: Strings): { name: string; url: string } {
  const product = bootstrap.server_product;
  if (product && typeof product.name === 'string' && product.name.trim() !== '' && typeof product.url === 'string') {
    try {
      const url = new URL(product.url);
      if (url.protocol === 'https:') return { name: product.name.trim().slice(0, 60), url: url.href };
    } catch {
      // not a URL: fall back to the provider's mark
    }
  }
  return { name: strings['watermark.provider'], url: PROVIDER_URL };
}

/** Shown only when bootstrap explicitly says the watermark is on (`disable_sdk_watermark === false`). */
export function Watermark() {
  const { bootstrap, strings } = useWidget();
  if (bootstrap?.disable_sdk_watermark !== false) return null;
  const target = watermarkTarget(bootstrap, strings);
  return (
    <p className="ae-watermark" part="watermark">
      {strings['watermark.poweredBy']}{' '}
      <a href={target.url} target="_blank" rel="noopener noreferrer">
        {target.name}
      </a>
    </p>
  );
}
