/** The magic-link confirmation screen, loaded on demand: fetched while the user is on Main, and awaited by the send before the screen changes. */
import { lazyScreen } from '../lazy.tsx';

/** EmailConfirmation (docs/reference/methods/magic-links.md#screens "Email", magic-link variant), lazily loaded. */
export const EmailConfirmation = lazyScreen(
  () => import('./EmailConfirmationScreen.tsx'),
  (m) => m.EmailConfirmationScreen,
  {
    loading: 'main.loading',
  },
);
