/** The 'Powered by' watermark (SPEC §2), linking to the provider. */
import { useWidget } from '../context.ts';

/** The provider's site the watermark links to. */
export const PROVIDER_URL = 'https://stytch.com/';

/** Shown only when bootstrap explicitly says the watermark is on (`disable_sdk_watermark === false`). */
export function Watermark() {
  const { bootstrap, strings } = useWidget();
  if (bootstrap?.disable_sdk_watermark !== false) return null;
  return (
    <p className="ae-watermark" part="watermark">
      {strings['watermark.poweredBy']}{' '}
      <a href={PROVIDER_URL} target="_blank" rel="noopener noreferrer">
        {strings['watermark.provider']}
      </a>
    </p>
  );
}
