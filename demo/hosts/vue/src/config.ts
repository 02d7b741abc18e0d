/**
 * The app's widget config. The public token and the API's address are build-time constants, as a
 * host app keeps them (an env variable its bundler inlines): demo/hosts/build.mjs defines them.
 */
import type { LoginConfig } from 'auth-elements';

declare const AUTH_PUBLIC_TOKEN: string;
declare const AUTH_API_BASE_URL: string;

/** Email passcode sign-in against the reference server. */
export const loginConfig: LoginConfig = {
  publicToken: AUTH_PUBLIC_TOKEN,
  apiBaseUrl: AUTH_API_BASE_URL,
  products: ['otp'],
  otpOptions: { methods: ['email'] },
  sessionOptions: { sessionDurationMinutes: 60 },
};

// For the end-to-end test: the element must hold this very object (demo/hosts/hosts.e2e.test.ts).
if (typeof window !== 'undefined') (window as { hostConfig?: unknown }).hostConfig = loginConfig;
