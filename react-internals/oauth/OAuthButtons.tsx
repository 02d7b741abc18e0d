/**
 * Main's OAuth row (docs/reference/elements/auth-login.md#main-screen "Main screen": wallet and OAuth buttons, an 'or' divider, then the
 * form): 'Continue with {provider}' for each configured provider in configured order, Google One Tap
 * in place of the Google button when configured (falling back to the button on cancel or failure),
 * and the redirect page's part: the OAuth token the server put on the login or sign-up URL is
 * redeemed here. Loaded lazily (index.ts), so a config without OAuth never ships it (docs/reference/house-style.md#bundle-size).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OAuthAuthenticateResult, OAuthProvider } from '../../sdk-core/index.ts';
import { useChunkStyles } from '../components/chunk-styles.ts';
import { OrDivider } from '../components/OrDivider.tsx';
import { useSendingIndicator } from '../components/sending.ts';
import type { ResolvedLoginConfig } from '../config.ts';
import { useWidget } from '../context.ts';
import { lazyScreen } from '../lazy.tsx';
import type { MainGroupProps } from '../method.ts';
import { text } from '../text.ts';
import type { ResolvedOAuthProvider } from './config.ts';
import { ProviderLogo } from './logos.tsx';
import { linkify } from './linkify.tsx';
import { PROVIDER_NAMES } from './providers.ts';
import { OAUTH_RULES } from './styles.ts';

const OneTap = lazyScreen(
  () => import('./OneTap.tsx'),
  (m) => m.OneTap,
);

/** Fetches One Tap's chunk when the config shows it (preload.ts: it stands in the row's first render). */
export const preloadOneTap = async (config: ResolvedLoginConfig): Promise<void> => {
  if (config.oauth.providers.some((p) => p.one_tap)) await OneTap.preload();
};

/** Whether the address carries an OAuth redirect (cheap test before the SDK's OAuth code loads). */
const hasOAuthRedirect = () => new URLSearchParams(globalThis.location?.search ?? '').get('stytch_token_type') === 'oauth';

/**
 * The redirect page (contract item 2): redeems `stytch_token_type=oauth&token=...` once per widget
 * and client with the configured session duration; success goes to OAuthConfirmation, a failure
 * (`oauth_token_not_found`, or the callback's `error=`: `oauth_flow_callback_error`) to Main's banner.
 */
function useOAuthRedirect(): boolean {
  const { client, config, memo, emit, dispatch, reportError } = useWidget();
  const [busy, setBusy] = useState(hasOAuthRedirect);
  const live = useRef(true);
  const onSuccess = useCallback(
    (resp: OAuthAuthenticateResult) => {
      emit({ type: 'OAUTH_AUTHENTICATE', data: resp });
      dispatch({ type: 'oauth_authenticated' });
    },
    [emit, dispatch],
  );
  const onFailure = useCallback(
    (err: unknown) => {
      const message = reportError(err);
      const type = (err as { error_type?: unknown }).error_type;
      dispatch({ type: 'set_error', error: { messageId: typeof type === 'string' ? type : 'oauth', text: message } });
    },
    [reportError, dispatch],
  );
  useEffect(() => {
    live.current = true;
    if (!hasOAuthRedirect()) return;
    // Once per widget and client (StrictMode and Main re-mounting run this again): a token is single use.
    const run = memo('oauth.redirect', () => ({
      shown: false,
      outcome: client.oauth.authenticateFromUrl({ session_duration_minutes: config.sessionDurationMinutes }).then(
        (resp) => ({ ok: true as const, resp }),
        (err: unknown) => ({ ok: false as const, err }),
      ),
    }));
    void run.outcome.then((r) => {
      if (!live.current || run.shown) return;
      run.shown = true;
      setBusy(false);
      if (!r.ok) onFailure(r.err);
      else if (r.resp) onSuccess(r.resp);
    });
    return () => {
      live.current = false;
    };
  }, [client, config.sessionDurationMinutes, memo, onSuccess, onFailure]);
  return busy;
}

/** One provider button. */
function ProviderButton({ provider, busy, onStart }: { provider: OAuthProvider; busy: boolean; onStart: (p: OAuthProvider) => void }) {
  const { strings } = useWidget();
  return (
    <button
      type="button"
      className="ae-button ae-button-secondary ae-oauth-button"
      part={`button secondary-button oauth-button oauth-button-${provider}`}
      data-oauth-provider={provider}
      // aria-disabled, not disabled: a disabled button drops keyboard focus to <body>.
      aria-disabled={busy ? 'true' : undefined}
      onClick={() => onStart(provider)}
    >
      <ProviderLogo provider={provider} />
      <span>{text(strings, 'oauth.continueWith', { provider: PROVIDER_NAMES[provider] })}</span>
    </button>
  );
}

/** The OAuth row at its side of Main's forms (before them; docs/reference/methods/oauth.md#screens). */
export function OAuthButtons({ side, hasForms }: MainGroupProps) {
  if (side !== 'before') return null;
  return <OAuthRow hasForms={hasForms} />;
}

function OAuthRow({ hasForms }: { hasForms: boolean }) {
  const { client, config, strings, emit, dispatch, reportError } = useWidget();
  const ref = useRef<HTMLDivElement>(null);
  useChunkStyles(ref, OAUTH_RULES);
  const redeeming = useOAuthRedirect();
  const [leavingFor, setLeavingFor] = useState<OAuthProvider | null>(null);
  const oneTapProvider = config.oauth.providers.find((p) => p.one_tap);
  // One Tap stands in for the Google button until it is cancelled or fails (docs/reference/methods/oauth.md#screens).
  const [oneTapFellBack, setOneTapFellBack] = useState(false);
  // docs/reference/methods/oauth.md#errors: the developer message of a One Tap failure (test-mode tokens only), with links as anchors.
  const [oneTapDev, setOneTapDev] = useState<string | null>(null);
  const showOneTap = Boolean(oneTapProvider) && !oneTapFellBack && !redeeming;
  useSendingIndicator(redeeming);

  const start = async (type: OAuthProvider) => {
    if (leavingFor || redeeming) return;
    const p = config.oauth.providers.find((x) => x.type === type) as ResolvedOAuthProvider;
    setLeavingFor(type);
    emit({ type: 'OAUTH_START', data: { provider: type } });
    try {
      await client.oauth[type].start({
        ...(config.oauth.loginRedirectURL ? { login_redirect_url: config.oauth.loginRedirectURL } : {}),
        ...(config.oauth.signupRedirectURL ? { signup_redirect_url: config.oauth.signupRedirectURL } : {}),
        ...(p.custom_scopes.length ? { custom_scopes: p.custom_scopes } : {}),
        ...(Object.keys(p.provider_params).length ? { provider_params: p.provider_params } : {}),
      });
      // The page is leaving; should the navigation be cancelled (the host, a test), the row is usable again.
      setTimeout(() => setLeavingFor(null), 3000);
    } catch (err) {
      setLeavingFor(null);
      dispatch({ type: 'set_error', error: { messageId: 'oauth', text: reportError(err) } });
    }
  };

  return (
    <>
      <div className="ae-oauth" ref={ref} data-oauth="">
        {oneTapDev && (
          <p className="ae-error ae-one-tap-dev" part="error" role="alert" data-one-tap-dev="">
            {linkify(oneTapDev)}
          </p>
        )}
        {config.oauth.providers.map((p) =>
          p.one_tap && showOneTap && oneTapProvider ? (
            <OneTap
              key={p.type}
              provider={oneTapProvider}
              onFallback={(dev) => {
                setOneTapDev(dev);
                setOneTapFellBack(true);
              }}
            />
          ) : (
            <ProviderButton key={p.type} provider={p.type} busy={leavingFor !== null || redeeming} onStart={start} />
          ),
        )}
      </div>
      <div className="ae-visually-hidden" role="status">
        {redeeming ? strings['oauth.authenticating'] : leavingFor ? text(strings, 'oauth.redirecting', { provider: PROVIDER_NAMES[leavingFor] }) : ''}
      </div>
      {hasForms && <OrDivider />}
    </>
  );
}
