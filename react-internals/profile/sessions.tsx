/**
 * The sessions and devices section (docs/reference/elements/user-profile.md#sections): where the user is signed
 * in (browser, operating system and device from the server's reading of the user agent, approximate last use,
 * "This device"), sign out one, sign out all others; and the devices trusted to skip the second step, with forget.
 */
import { useCallback, useEffect, useState } from 'react';
import type { DeviceSession, SessionDevice, TrustedDevice } from '../../sdk-core/index.ts';
import { Button } from '../components/Button.tsx';
import { useWidget } from '../context.ts';
import type { StringKey } from '../strings.ts';
import { localeOf, text } from '../text.ts';
import { useReverify } from '../mfa/index.ts';
import { relativeTime, Section, useFocusAfter, useSectionStatus } from './common.tsx';

/** "Chrome on macOS", or 'Unknown device' when the server could read neither. */
function deviceName(s: { device: SessionDevice }, unknown: string, template: (b: string, o: string) => string): string {
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
  // The devices that skip the second step (two-step sign-in); none listed while the call has not answered.
  const [trusted, setTrusted] = useState<TrustedDevice[]>([]);
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
  const loadTrusted = useCallback(
    () =>
      client.mfa.trustedDevices().then(setTrusted, (e: unknown) => {
        setTrusted([]);
        fail(strings['profile.trustedTitle'], e);
      }),
    [client, strings, fail],
  );
  useEffect(() => {
    void load();
    void loadTrusted();
  }, [load, loadTrusted]);
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const name = (s: { device: SessionDevice }) =>
    deviceName(s, strings['profile.unknownDevice'], (browser, os) => text(strings, 'profile.sessionDevice', { browser, os }));

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

  const forget = async (d: TrustedDevice) => {
    setBusy(d.device_id);
    try {
      await client.mfa.revokeTrustedDevice(d.device_id);
      await loadTrusted();
      status.ok(text(strings, 'profile.forgotten', { name: name(d) }));
      emit({ type: 'PROFILE_UPDATE', data: { section: 'sessions', change: 'trusted_device_revoked' } });
      focus('[data-forget]');
    } catch (err) {
      status.fail(text(strings, 'profile.forgetLabel', { name: name(d) }), err);
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
                    {s.device.device_type && <span className="ae-profile-badge">{strings[`profile.device.${s.device.device_type}` as StringKey]}</span>}
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
        {trusted.length > 0 && (
          <div className="ae-profile-trusted" data-trusted-devices="">
            <p className="ae-profile-name">{strings['profile.trustedTitle']}</p>
            <p className="ae-helper" part="helper">
              {strings['profile.trustedText']}
            </p>
            <ul className="ae-profile-list" aria-label={strings['profile.trustedTitle']}>
              {trusted.map((d) => (
                <li key={d.device_id} className="ae-profile-item" data-trusted-device={d.device_id}>
                  <div className="ae-profile-what">
                    <span className="ae-profile-name">{name(d)}</span>
                    <span className="ae-helper" part="helper">
                      {text(strings, 'profile.trustedUntil', { date: dateFormat.format(new Date(d.expires_at)) })}
                    </span>
                  </div>
                  <Button
                    variant="secondary"
                    busy={busy === d.device_id}
                    data-forget=""
                    aria-label={text(strings, 'profile.forgetLabel', { name: name(d) })}
                    onClick={() => forget(d)}
                  >
                    {strings['profile.forget']}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {reverification.prompt}
        {status.node}
      </Section>
    </div>
  );
}
