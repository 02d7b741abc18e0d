/**
 * The console's shell (issue 31): signed out, `<auth-login>` on the server's own project; signed in,
 * the access check (the `admin` role, docs/reference/admin.md), then the pages behind a skip link, a
 * header and the section navigation. Hash routing (`#/users/...`): the server serves one page.
 */
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AuthClient, LoginConfig, Session } from '../index.ts';
import { AuthLogin } from '../react.ts';
import { Button } from '../../react-internals/components/Button.tsx';
import { type AuthLost, createAdminApi } from './api.ts';
import { type AdminStringKey, t } from './strings.ts';
import { AdminCtx, type AdminContext, ErrorText, errorText, Page } from './ui.tsx';

const Overview = lazy(() => import('./pages/Overview.tsx'));
const Users = lazy(() => import('./pages/Users.tsx'));
const UserPage = lazy(() => import('./pages/User.tsx'));
const Settings = lazy(() => import('./pages/Settings.tsx'));
const Keys = lazy(() => import('./pages/Keys.tsx'));
const Webhooks = lazy(() => import('./pages/Webhooks.tsx'));
const Audit = lazy(() => import('./pages/Audit.tsx'));
const Templates = lazy(() => import('./pages/Templates.tsx'));

/** `<auth-login>`'s configuration for operators: a passkey or an email passcode. */
const LOGIN_CONFIG: LoginConfig = {
  products: ['passkeys', 'otp'],
  otpOptions: { methods: ['email'], expirationMinutes: 10 },
  sessionOptions: { sessionDurationMinutes: 60 },
};

/** The sections, by hash path. */
const SECTIONS: readonly (readonly [string, AdminStringKey])[] = [
  ['overview', 'navOverview'],
  ['users', 'navUsers'],
  ['settings', 'navSettings'],
  ['keys', 'navKeys'],
  ['webhooks', 'navWebhooks'],
  ['audit', 'navAudit'],
  ['templates', 'navTemplates'],
];

/** The current route: `#/users/user-123` -> ['users', 'user-123']. */
function readRoute(): string[] {
  const parts = window.location.hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  return parts.length > 0 ? parts : ['overview'];
}

/** The page for `route`. */
function routePage(route: string[]): ReactNode {
  const [section, id] = route;
  switch (section) {
    case 'overview':
      return <Overview />;
    case 'users':
      return id ? <UserPage userId={id} /> : <Users />;
    case 'settings':
      return <Settings />;
    case 'keys':
      return <Keys />;
    case 'webhooks':
      return <Webhooks />;
    case 'audit':
      return <Audit />;
    case 'templates':
      return <Templates />;
    default:
      return (
        <Page title={t('notFound')}>
          <p>{t('notFoundText')}</p>
        </Page>
      );
  }
}

/** The console, given the page's client of the server's own project. */
export function App({ client }: { client: AuthClient }) {
  const [session, setSession] = useState<Session | null>(() => client.session.getSync());
  const [access, setAccess] = useState<'checking' | 'ok' | 'forbidden' | 'error'>('checking');
  const [accessError, setAccessError] = useState('');
  const [notice, setNotice] = useState('');
  const signingOut = useRef(false);

  useEffect(
    () =>
      client.session.onChange((s) => {
        setSession((before) => {
          // A session that ends without the operator signing out: expired or revoked elsewhere.
          if (before && !s && !signingOut.current) setNotice(t('sessionEnded'));
          return s;
        });
        if (s) {
          signingOut.current = false;
          setAccess('checking');
        }
      }),
    [client],
  );

  const onAuthLost = useCallback(
    (why: AuthLost) => {
      if (why === 'forbidden') {
        setAccess('forbidden');
        return;
      }
      setNotice(t('sessionEnded'));
      // The server no longer knows the session: drop the page's copy without asking it again.
      client.session.revoke({ forceClear: true }).catch(() => undefined);
    },
    [client],
  );

  const api = useMemo(
    () =>
      createAdminApi(() => {
        const tokens = client.session.getTokens();
        // The opaque token: a session JWT is refused once its 5 minutes are over (docs/reference/admin.md).
        return tokens?.session_token || tokens?.session_jwt || null;
      }, onAuthLost),
    [client, onAuthLost],
  );

  // The access check: one harmless read of /v1; the answer decides what the console shows.
  useEffect(() => {
    if (!session || access !== 'checking') return;
    let live = true;
    api.call('POST', '/v1/users/search', { limit: 1 }).then(
      () => live && setAccess('ok'),
      (e: unknown) => {
        if (!live) return;
        if (e instanceof Error && 'errorType' in e && (e.errorType === 'admin_role_required' || (e as { status?: number }).status === 401)) return;
        setAccessError(errorText(e));
        setAccess('error');
      },
    );
    return () => {
      live = false;
    };
  }, [api, session, access]);

  const signOut = useCallback(async () => {
    signingOut.current = true;
    setNotice('');
    await client.session.revoke({ forceClear: true }).catch(() => undefined);
  }, [client]);

  if (!session) return <SignIn client={client} notice={notice} />;

  const user = client.user.getSync();
  const who = user?.emails?.[0]?.email ?? session.user_id;

  if (access === 'forbidden') {
    return (
      <Shell who={who} onSignOut={signOut}>
        <Page title={t('noAccessTitle')}>
          <p>{t('noAccessText')}</p>
          <div className="adm-row">
            <Button onClick={signOut}>{t('signOut')}</Button>
          </div>
        </Page>
      </Shell>
    );
  }
  if (access !== 'ok') {
    return (
      <Shell who={who} onSignOut={signOut}>
        <Page title={t('appTitle')}>
          {access === 'error' ? (
            <>
              <ErrorText>{accessError}</ErrorText>
              <div className="adm-row">
                <Button onClick={() => setAccess('checking')}>{t('retry')}</Button>
              </div>
            </>
          ) : (
            <p role="status">{t('loading')}</p>
          )}
        </Page>
      </Shell>
    );
  }
  return <Console api={api} who={who} onSignOut={signOut} />;
}

/** The signed-out page: the kit's own sign-in element. */
function SignIn({ client, notice }: { client: AuthClient; notice: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = t('signInTitle');
    heading.current?.focus();
  }, []);
  return (
    <div className="adm">
      <main className="adm-signin" id="main">
        <h1 ref={heading} tabIndex={-1}>
          {t('signInTitle')}
        </h1>
        {notice ? (
          <p className="ae-banner" role="alert">
            {notice}
          </p>
        ) : null}
        <p className="adm-muted">{t('signInIntro')}</p>
        <AuthLogin client={client} config={LOGIN_CONFIG} />
      </main>
    </div>
  );
}

/** The frame: skip link, header (who, sign out), navigation, main. */
function Shell({ who, onSignOut, nav, children }: { who: string; onSignOut: () => void; nav?: ReactNode; children: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  return (
    <div className="adm">
      {/* A button, not a link: the hash is the router's. It moves focus to the page heading. */}
      <button type="button" className="adm-skip" onClick={() => main.current?.querySelector<HTMLElement>('h1')?.focus()}>
        {t('skipToContent')}
      </button>
      <header className="adm-header">
        <p className="adm-brand">{t('appTitle')}</p>
        <div className="adm-who">
          <span>{t('signedInAs', { who })}</span>
          <Button variant="secondary" onClick={onSignOut}>
            {t('signOut')}
          </Button>
        </div>
      </header>
      <div className="adm-layout">
        {nav}
        <main className="adm-main" id="main" ref={main}>
          {children}
        </main>
      </div>
    </div>
  );
}

/** The signed-in console with its pages. */
function Console({ api, who, onSignOut }: { api: AdminContext['api']; who: string; onSignOut: () => void }) {
  const [route, setRoute] = useState(readRoute);
  const [said, setSaid] = useState('');
  useEffect(() => {
    const onHash = () => setRoute(readRoute());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const ctx = useMemo<AdminContext>(
    () => ({
      api,
      announce: (text) => {
        // Cleared first, so the same text twice is announced twice.
        setSaid('');
        queueMicrotask(() => setSaid(text));
      },
    }),
    [api],
  );
  const nav = (
    <nav className="adm-nav" aria-label={t('navLabel')}>
      <ul>
        {SECTIONS.map(([path, key]) => (
          <li key={path}>
            <a href={`#/${path}`} aria-current={route[0] === path ? 'page' : undefined}>
              {t(key)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
  return (
    <AdminCtx.Provider value={ctx}>
      <Shell who={who} onSignOut={onSignOut} nav={nav}>
        <p className="adm-status-region adm-muted" role="status" aria-live="polite">
          {said}
        </p>
        <Suspense fallback={<p>{t('loading')}</p>}>{routePage(route)}</Suspense>
      </Shell>
    </AdminCtx.Provider>
  );
}
