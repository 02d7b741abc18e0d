/**
 * The sections of `<auth-user-profile>` (docs/reference/elements/user-profile.md#sections), in their default
 * order: a data module of its own, so the element's config check and the entry read the names without
 * the screens' code.
 */

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

/** One section of the profile element. */
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/** The sections a config asks for, in its order (unknown names and repeats dropped); all of them by default. */
export function resolveSections(raw: unknown): ProfileSection[] {
  if (!Array.isArray(raw)) return [...PROFILE_SECTIONS];
  const out: ProfileSection[] = [];
  for (const s of raw) if (PROFILE_SECTIONS.includes(s as ProfileSection) && !out.includes(s as ProfileSection)) out.push(s as ProfileSection);
  return out;
}
