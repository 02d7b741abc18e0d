/**
 * UserProfile (docs/reference/elements/user-profile.md#screens): the account page of a signed-in user, its
 * sections in the config's order. Its own chunk (index.ts's `lazyScreen`), with every section: a login
 * never loads it. Focus on arrival is the shell's (the screen's title); each section moves focus itself
 * after a change.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useChunkStyles } from '../components/chunk-styles.ts';
import { Heading } from '../components/Heading.tsx';
import { useWidget } from '../context.ts';
import { useProfileConfig, useSession, useUser } from './common.tsx';
import { EmailsSection, NameSection, PhonesSection } from './contact.tsx';
import { DeleteSection } from './delete.tsx';
import { ConnectedAppsSection, LinkedAccountsSection, WalletsSection } from './linked.tsx';
import type { ProfileSection } from './sections.ts';
import { AuthenticatorSection, PasskeysSection, PasswordSection } from './security.tsx';
import { SessionsSection } from './sessions.tsx';
import { PROFILE_RULES } from './styles.ts';

/** Each section's component. */
const SECTIONS: Readonly<Record<ProfileSection, () => ReactNode>> = {
  profile: NameSection,
  emails: EmailsSection,
  phones: PhonesSection,
  password: PasswordSection,
  passkeys: PasskeysSection,
  authenticatorApp: AuthenticatorSection,
  linkedAccounts: LinkedAccountsSection,
  wallets: WalletsSection,
  connectedApps: ConnectedAppsSection,
  sessions: SessionsSection,
  deleteAccount: DeleteSection,
};

/** The account page; without a session only the message that asks to sign in. */
export function UserProfile() {
  const { client, strings, reportError } = useWidget();
  const { sections } = useProfileConfig();
  const session = useSession(client);
  const user = useUser(client);
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useChunkStyles(ref, PROFILE_RULES);

  // The cached user may be stale (another tab, another device): read it once from the server.
  useEffect(() => {
    if (!session) return;
    let live = true;
    client.user.get().catch((e: unknown) => {
      if (!live) return;
      reportError(e);
      setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [client, session, reportError]);

  if (!session) {
    return (
      <div className="ae-form ae-profile" ref={ref}>
        <Heading>{strings['profile.title']}</Heading>
        <p className="ae-error" part="error" role="alert" data-profile-unauthenticated="">
          {strings['profile.unauthenticated']}
        </p>
      </div>
    );
  }
  return (
    <div className="ae-form ae-profile" ref={ref} data-profile="">
      <Heading>{strings['profile.title']}</Heading>
      {user ? (
        sections.map((name) => {
          const View = SECTIONS[name];
          return <View key={name} />;
        })
      ) : failed ? (
        <p className="ae-error" part="error" role="alert">
          {strings['profile.loadFailed']}
        </p>
      ) : (
        <p className="ae-helper" part="helper" role="status" data-profile-loading="">
          {strings['profile.loading']}
        </p>
      )}
    </div>
  );
}
