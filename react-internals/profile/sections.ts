/**
 * The sections of `<auth-user-profile>` (docs/reference/elements/user-profile.md#sections), in their default
 * order: a data module of its own, so the element's config check and the entry read the names without
 * the screens' code.
 */
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../sdk-core/oauth/providers.ts';

/** Every section name, in the default order. */
export const PROFILE_SECTIONS = [
  'profile',
  'emails',
  'phones',
  'password',
  'passkeys',
  'authenticatorApp',
  'linkedAccounts',
  'wallets',
  'connectedApps',
  'sessions',
  'deleteAccount',
] as const;

/** The profile element's own config keys and their checks (docs/reference/elements/user-profile.md#config). */
export const PROFILE_CONFIG_SHAPE = { sections: { oneOf: PROFILE_SECTIONS }, oauthProviders: { oneOf: OAUTH_PROVIDERS } } as const;

/** One section of the profile element. */
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/** The providers a config offers for linking (unknown names and repeats dropped). */
export function resolveProviders(raw: unknown): OAuthProvider[] {
  return Array.isArray(raw) ? [...new Set(raw.filter((p): p is OAuthProvider => OAUTH_PROVIDERS.includes(p as OAuthProvider)))] : [];
}

/** The sections a config asks for, in its order (unknown names and repeats dropped); all of them by default. */
export function resolveSections(raw: unknown): ProfileSection[] {
  if (!Array.isArray(raw)) return [...PROFILE_SECTIONS];
  const out: ProfileSection[] = [];
  for (const s of raw) if (PROFILE_SECTIONS.includes(s as ProfileSection) && !out.includes(s as ProfileSection)) out.push(s as ProfileSection);
  return out;
}
