/**
 * The sessions and devices section (docs/reference/elements/user-profile.md#sections): where the user is signed
 * in (browser, operating system and device from the server's reading of the user agent, approximate last use,
 * "This device"), sign out one, sign out all others; and the devices trusted to skip the second step, with forget.
 */
import { useCallback, useEffect, useState } from 'react';
import type { DeviceSession } from '../../sdk-core/index.ts';
import { Button } from '../components/Button.tsx';
import { useWidget } from '../context.ts';
import { localeOf, text } from '../text.ts';
import { useReverify } from '../mfa/index.ts';
import { relativeTime, Section, useFocusAfter, useSectionStatus } from './common.tsx';

/** "Chrome on macOS", or 'Unknown device' when the server could read neither. */
function deviceName(s: DeviceSession, unknown: string, template: (b: string, o: string) => string): string {
  const b = s.device.browser;
  const o = s.device.os;
  if (b && o) return template(b, o);
  return b || o || unknown;
}

/** The sessions section. */
export function SessionsSection() {
  const { client, strings, emit } = useWidget();
  const status = useSectionStatus('sessions');
  const { root, focus } = useFocusAfter();
  const [sessions, setSessions] = useState<DeviceSession[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const reverification = useReverify();
  const locale = localeOf(strings);
  const { fail } = status;
  const load = useCallback(
    () =>
      client.session.list().then(setSessions, (e: unknown) => {
        setSessions([]);
        fail(strings['profile.section.sessions'], e);
      }),
    [client, strings, fail],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const name = (s: DeviceSession) => deviceName(s, strings['profile.unknownDevice'], (browser, os) => text(strings, 'profile.sessionDevice', { browser, os }));

  const signOut = async (s: DeviceSession) => {
    setBusy(s.session_id);
    try {
      await client.session.revokeSession(s.session_id);
      await load();
      status.ok(text(strings, 'profile.signedOut', { name: name(s) }));
      emit({ type: 'PROFILE_UPDATE', data: { section: 'sessions', change: 'session_revoked' } });
      focus('[data-sign-out-others]');
    } catch (err) {
      status.fail(text(strings, 'profile.signOutLabel', { name: name(s) }), err);
    } finally {
      setBusy(null);
    }
  };

  const signOutOthers = async () => {
    setBusy('others');
    try {
      await reverification.guard(() => client.session.revokeOthers());
      await load();
      status.ok(strings['profile.signedOutOthers']);
      emit({ type: 'PROFILE_UPDATE', data: { section: 'sessions', change: 'other_sessions_revoked' } });
      focus('.ae-profile-title');
    } catch (err) {
      status.fail(strings['profile.signOutOthers'], err);
    } finally {
      setBusy(null);
    }
  };

  const others = (sessions ?? []).filter((s) => !s.current);
  return (
    <div ref={root}>
      <Section name="sessions">
        {sessions === null ? (
          <p className="ae-helper" part="helper" role="status">
            {strings['profile.loading']}
          </p>
        ) : (
          <ul className="ae-profile-list">
            {sessions.map((s) => (
              <li key={s.session_id} className="ae-profile-item" data-session={s.session_id} data-current={s.current ? '' : undefined}>
                <div className="ae-profile-what">
                  <span className="ae-profile-name">{name(s)}</span>
                  <span className="ae-profile-badges">
                    {s.current && <span className="ae-profile-badge">{strings['profile.thisDevice']}</span>}
                    {s.device.device_type && <span className="ae-profile-badge">{s.device.device_type}</span>}
                  </span>
                  <span className="ae-helper" part="helper">
                    {text(strings, 'profile.lastActive', { time: relativeTime(locale, s.last_accessed_at) })}
                  </span>
                </div>
                {!s.current && (
                  <Button
                    variant="secondary"
                    busy={busy === s.session_id}
                    data-sign-out=""
                    aria-label={text(strings, 'profile.signOutLabel', { name: name(s) })}
                    onClick={() => signOut(s)}
                  >
                    {strings['profile.signOut']}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {others.length > 0 && (
          <Button variant="secondary" busy={busy === 'others'} data-sign-out-others="" onClick={signOutOthers}>
            {strings['profile.signOutOthers']}
          </Button>
        )}
        {reverification.prompt}
        {status.node}
      </Section>
    </div>
  );
}
