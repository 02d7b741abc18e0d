/** The OTP code screen, loaded on demand: fetched while the user is on Main, and awaited by every send before the screen changes. */
import { lazyScreen } from '../lazy.tsx';

/** OTPAuthenticate (docs/reference/methods/otps.md#screens "OTP"), lazily loaded. */
export const OTPAuthenticate = lazyScreen(
  () => import('./OTPAuthenticateScreen.tsx'),
  (m) => m.OTPAuthenticateScreen,
  { loading: 'main.loading' },
);

/** Resolves once the code screen's chunk is in (or could not be fetched: the screen then says so), so it renders with the screen change. */
export const codeScreenReady = (): Promise<void> => OTPAuthenticate.preload().catch(() => undefined);
