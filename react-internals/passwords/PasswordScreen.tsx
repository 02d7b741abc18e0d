/**
 * Loads the password screens on demand (they are kept out of the initial `<auth-login>` bundle) and
 * renders the one for the current screen. Not React.lazy: once the chunk is in, a screen must render
 * in the same commit as the screen change, so the shell's focus move finds its input.
 */
import { useEffect, useState } from 'react';
import { useWidget } from '../context.ts';
import type { Screen } from '../login/state.ts';

/** The SPEC §2 password screens. */
export type PasswordScreenName = Extract<Screen, `Password${string}`>;

type ScreensModule = typeof import('./screens.tsx');
let loaded: ScreensModule | null = null;
let loading: Promise<ScreensModule> | null = null;

/** Fetches the password screens' chunk once (a failed fetch may be retried). */
export function loadPasswordScreens(): Promise<ScreensModule> {
  loading ??= import('./screens.tsx').then(
    (m) => {
      loaded = m;
      return m;
    },
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/** The password screen `screen`, or a loading line while its code arrives. */
export function PasswordScreen(props: { screen: PasswordScreenName }) {
  const { strings } = useWidget();
  const [mod, setMod] = useState<ScreensModule | null>(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (mod) return;
    let live = true;
    loadPasswordScreens().then(
      (m) => live && setMod(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [mod]);
  if (mod) return <mod.PasswordScreens screen={props.screen} />;
  return (
    <p className={failed ? 'ae-error' : 'ae-helper'} part={failed ? 'error' : 'helper'} role={failed ? 'alert' : 'status'}>
      {failed ? strings['error.unreachable'] : strings['password.loading']}
    </p>
  );
}
