/**
 * The providers' marks on the OAuth buttons: our own drawings of each brand's mark, after the shapes
 * and official colours of its published brand guidelines (paths written here, not the providers' files),
 * inline SVG so no request and no CSP entry is needed. In
 * the OAuth buttons' chunk only: a config without OAuth never loads them (docs/reference/house-style.md#bundle-size).
 */
import type { ReactElement } from 'react';
import type { OAuthProvider } from '../../sdk-core/oauth/providers.ts';

const DRAWINGS: Readonly<Record<OAuthProvider, ReactElement>> = {
  // Google's "G" (Sign in with Google branding guidelines): four arcs in Google blue, green, yellow and
  // red around a blue bar, open at the upper right.
  google: (
    <g fill="none" strokeWidth="4">
      <path d="M12 12h9.6M19.6 12a7.6 7.6 0 0 1-2.23 5.37" stroke="#4285F4" />
      <path d="M17.37 17.37A7.6 7.6 0 0 1 5.42 15.8" stroke="#34A853" />
      <path d="M5.42 15.8a7.6 7.6 0 0 1 0-7.6" stroke="#FBBC05" />
      <path d="M5.42 8.2a7.6 7.6 0 0 1 11.95-1.57" stroke="#EA4335" />
    </g>
  ),
  microsoft: (
    <>
      <rect x="2" y="2" width="9.5" height="9.5" fill="#F25022" />
      <rect x="12.5" y="2" width="9.5" height="9.5" fill="#7FBA00" />
      <rect x="2" y="12.5" width="9.5" height="9.5" fill="#00A4EF" />
      <rect x="12.5" y="12.5" width="9.5" height="9.5" fill="#FFB900" />
    </>
  ),
  // Apple's and GitHub's marks are one colour, black or white as their guidelines allow (styles.ts
  // .ae-oauth-mono picks the one the button's background needs: white in darkTheme).
  apple: (
    <path
      className="ae-oauth-mono"
      d="M16.4 12.6c0-2 1.6-3 1.7-3.1-1-1.4-2.4-1.6-2.9-1.6-1.2-.1-2.4.7-3 .7s-1.6-.7-2.6-.7c-1.3 0-2.6.8-3.3 2-1.4 2.4-.4 6 1 8 .7 1 1.5 2 2.5 2s1.4-.6 2.5-.6 1.5.6 2.5.6c1.1 0 1.8-1 2.4-2 .8-1.1 1.1-2.2 1.1-2.3 0 0-2.1-.8-2.1-3.1zM14.4 6.2c.5-.7.9-1.6.8-2.5-.8 0-1.8.5-2.3 1.2-.5.6-.9 1.5-.8 2.4.9.1 1.8-.4 2.3-1.1z"
    />
  ),
  // The Invertocat: a disc with the cat cut out of it (even-odd), so the button shows through.
  github: (
    <path
      className="ae-oauth-mono"
      fillRule="evenodd"
      d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zM9.4 21.5v-3.2c-2.6.6-3.2-1.1-3.2-1.1-.4-1.1-1.1-1.4-1.1-1.4-.9-.6.1-.6.1-.6 1 .1 1.5 1 1.5 1 .9 1.5 2.3 1.1 2.9.8.1-.6.3-1.1.6-1.3-2.1-.2-4.3-1-4.3-4.7 0-1 .4-1.9 1-2.6-.1-.2-.4-1.2.1-2.5 0 0 .8-.3 2.6 1a9 9 0 0 1 4.8 0c1.8-1.3 2.6-1 2.6-1 .5 1.3.2 2.3.1 2.5.6.7 1 1.6 1 2.6 0 3.7-2.2 4.5-4.4 4.7.4.3.7.9.7 1.8v3.7z"
    />
  ),
  gitlab: (
    <>
      <path d="M12 21 2.5 13.8 4.6 4.5l2.2 6.6h10.4l2.2-6.6 2.1 9.3z" fill="#FC6D26" />
      <path d="M12 21 6.8 11.1h10.4z" fill="#E24329" />
      <path d="M12 21 2.5 13.8l4.3-2.7zM12 21l9.5-7.2-4.3-2.7z" fill="#FCA326" />
    </>
  ),
  facebook: (
    <>
      <circle cx="12" cy="12" r="10" fill="#0866FF" />
      <path d="M13.3 22v-7h2.4l.4-2.9h-2.8v-1.8c0-.8.3-1.4 1.5-1.4h1.4V6.4c-.3 0-1.1-.1-2.1-.1-2.2 0-3.5 1.3-3.5 3.6v2.2H8.2V15h2.4v7z" fill="#fff" />
    </>
  ),
  discord: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="5" fill="#5865F2" />
      <path
        d="M7 8.2c3.2-1.6 6.8-1.6 10 0 1 1.8 1.6 4 1.6 6.4-1.2 1-2.4 1.5-3.6 1.8l-.8-1.2c-2.2.6-4.2.6-6.4 0l-.8 1.2c-1.2-.3-2.4-.8-3.6-1.8 0-2.4.6-4.6 1.6-6.4z"
        fill="#fff"
      />
      <circle cx="9.5" cy="12.5" r="1.3" fill="#5865F2" />
      <circle cx="14.5" cy="12.5" r="1.3" fill="#5865F2" />
    </>
  ),
  salesforce: (
    <path
      d="M9.8 6.2a4 4 0 0 1 6.1.8 4.6 4.6 0 0 1 6.1 4.4 4.6 4.6 0 0 1-5.5 4.5 3.6 3.6 0 0 1-4.6 1.5 4 4 0 0 1-7.3-.4A3.6 3.6 0 0 1 2 12.8 3.7 3.7 0 0 1 4 8.1a4.2 4.2 0 0 1 5.8-1.9z"
      fill="#00A1E0"
    />
  ),
  slack: (
    <>
      <rect x="9.5" y="2" width="3.6" height="9" rx="1.8" fill="#36C5F0" />
      <rect x="13" y="9.5" width="9" height="3.6" rx="1.8" fill="#2EB67D" />
      <rect x="10.9" y="13" width="3.6" height="9" rx="1.8" fill="#ECB22E" />
      <rect x="2" y="10.9" width="9" height="3.6" rx="1.8" fill="#E01E5A" />
    </>
  ),
  amazon: (
    <>
      <path d="M4 15.5c4.6 2.8 11 3 16 .3" fill="none" stroke="#FF9900" strokeWidth="1.8" strokeLinecap="round" />
      <path d="m17.6 14.3 2.7 1.3-1 2.7" fill="none" stroke="#FF9900" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      <path
        d="M13.7 12.6c-.8.9-2 1.4-3.2 1.4-1.6 0-2.7-1-2.7-2.6 0-2.2 2-3 5.3-3.1v-.5c0-.8-.3-1.5-1.5-1.5-.9 0-1.6.5-1.8 1.2l-1.8-.3c.4-1.7 2-2.5 3.8-2.5 2.3 0 3.4 1.1 3.4 3.1v3.6c0 .6.3 1 .6 1.3l-1.3 1.2c-.4-.4-.7-.8-.8-1.2z"
        fill="#232F3E"
      />
    </>
  ),
  bitbucket: (
    <>
      <path d="M2.7 3.2h18.6c.4 0 .7.3.6.7l-2.6 16.2c-.1.3-.3.6-.7.6H5.4c-.4 0-.6-.3-.7-.6L2.1 3.9c-.1-.4.2-.7.6-.7z" fill="#2684FF" />
      <path d="M9.6 9.2h4.8l-1 5.8h-2.8z" fill="#fff" />
    </>
  ),
  linkedin: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="3" fill="#0A66C2" />
      <rect x="5.5" y="9.5" width="2.8" height="9" fill="#fff" />
      <circle cx="6.9" cy="6.6" r="1.6" fill="#fff" />
      <path d="M10.5 9.5h2.7v1.3c.4-.8 1.4-1.5 2.9-1.5 2.7 0 3.4 1.7 3.4 4v5.2h-2.8v-4.7c0-1.1-.2-2.1-1.5-2.1s-1.8.9-1.8 2.1v4.7h-2.9z" fill="#fff" />
    </>
  ),
  coinbase: (
    <>
      <circle cx="12" cy="12" r="10" fill="#0052FF" />
      <path d="M15.5 14.2a4 4 0 1 1 0-4.4" fill="none" stroke="#fff" strokeWidth="2.6" />
    </>
  ),
  twitch: (
    <>
      <path d="M4 2 2.5 5.5V20h4.8v2.5h2.8L12.6 20h3.8l5.1-5.1V2z" fill="#9146FF" />
      <path d="M5.5 3.8h14.2v10.3l-3 3h-4.8l-2.6 2.6v-2.6H5.5z" fill="#fff" />
      <rect x="10.4" y="7" width="1.8" height="5" fill="#9146FF" />
      <rect x="15" y="7" width="1.8" height="5" fill="#9146FF" />
    </>
  ),
  twitter: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="4" fill="#000" />
      <path d="M6 6h3.6l8.4 12h-3.6zM17.6 6 6.4 18" fill="none" stroke="#fff" strokeWidth="1.6" strokeLinejoin="round" />
    </>
  ),
  tiktok: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="5" fill="#000" />
      <path d="M13 5.5v9.2a2.7 2.7 0 1 1-2.7-2.7" fill="none" stroke="#25F4EE" strokeWidth="2" transform="translate(-.6 -.4)" />
      <path d="M13 5.5v9.2a2.7 2.7 0 1 1-2.7-2.7M13 5.5c.3 1.9 1.6 3.2 3.6 3.4" fill="none" stroke="#FE2C55" strokeWidth="2" transform="translate(.6 .4)" />
      <path d="M13 5.5v9.2a2.7 2.7 0 1 1-2.7-2.7M13 5.5c.3 1.9 1.6 3.2 3.6 3.4" fill="none" stroke="#fff" strokeWidth="2" />
    </>
  ),
  snapchat: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="5" fill="#FFFC00" />
      <path
        d="M12 5.2c2.4 0 4 1.8 4 4v2l1.3-.3c.4 0 .5.5.1.7l-1.4.7c.5 1.3 1.5 2.3 2.8 2.7-.2.6-1.3.7-2 .9l-.3.9c-1.2-.2-2 .1-2.7.7-.5.4-1 .7-1.8.7s-1.3-.3-1.8-.7c-.7-.6-1.5-.9-2.7-.7l-.3-.9c-.7-.2-1.8-.3-2-.9 1.3-.4 2.3-1.4 2.8-2.7l-1.4-.7c-.4-.2-.3-.7.1-.7l1.3.3v-2c0-2.2 1.6-4 4-4z"
        fill="#fff"
        stroke="#000"
        strokeWidth=".9"
        strokeLinejoin="round"
      />
    </>
  ),
  figma: (
    <>
      <path d="M8.5 2h3.5v6.7H8.5a3.3 3.3 0 0 1 0-6.7z" fill="#F24E1E" />
      <path d="M12 2h3.5a3.3 3.3 0 0 1 0 6.7H12z" fill="#FF7262" />
      <path d="M8.5 8.7H12v6.6H8.5a3.3 3.3 0 0 1 0-6.6z" fill="#A259FF" />
      <circle cx="15.4" cy="12" r="3.3" fill="#1ABCFE" />
      <path d="M8.5 15.3H12v3.4a3.4 3.4 0 1 1-3.5-3.4z" fill="#0ACF83" />
    </>
  ),
  yahoo: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="4" fill="#6001D2" />
      <path d="M5.5 8h3l2 4.8L12.6 8h2.9l-4.1 9.3H8.5l1-2.3zM16.2 8.2h2.6l-1.1 5.3h-2.4zM15.6 14.6a1.3 1.3 0 1 1 0 2.6 1.3 1.3 0 0 1 0-2.6z" fill="#fff" />
    </>
  ),
};

/** The mark of `provider`, 20 px, hidden from assistive technology (the button's text names the provider). */
export function ProviderLogo({ provider }: { provider: OAuthProvider }) {
  return (
    <svg className="ae-oauth-logo" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {DRAWINGS[provider]}
    </svg>
  );
}
