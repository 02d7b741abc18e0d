/**
 * IDPConsent (docs/reference/elements/auth-idp-consent.md#screens "Identity-provider screen", docs/reference/elements/auth-idp-consent.md#states "Consent authorize state"): the authorize flow
 * (authorize-start, automatic submit when consent is not required, else Allow / Deny) and the
 * RP-initiated logout flow ('Log out?'). Its own chunk (index.ts), so `<auth-login>` never ships it.
 * The screen's states are its own; focus follows each state change to its heading (the shell's
 * rule covers the screen's first paint only, and this screen changes state without changing screen).
 */
import { focusWhenShown } from '../components/focus.ts';
import { type ReactNode, useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { type AuthorizeParams, type AuthorizeStartResult, MissingParameterError } from '../../sdk-core/index.ts';
import { useChunkStyles } from '../components/chunk-styles.ts';
import { useWidget } from '../context.ts';
import { safeLogoUrl } from '../theme.ts';
import { text } from '../text.ts';
import {
  clientDisplayName,
  consentTitle,
  customManifest,
  defaultConsentItems,
  type IDPAuthTokenParams,
  type IDPConsentManifest,
  navigableUrl,
  readIdpRequest,
} from './flow.ts';
import { IDP_RULES } from './styles.ts';
import { Heading } from '../components/Heading.tsx';

/** docs/reference/elements/auth-idp-consent.md#states "Consent authorize state": the screen's status and what it knows. */
export interface ConsentState {
  status: 'loading' | 'preflight' | 'consent_required' | 'submitting' | 'redirecting' | 'success' | 'denied' | 'error' | 'logout_confirm' | 'logout_denied';
  /** The error text shown (status `error`). */
  error: string | null;
  client: AuthorizeStartResult['client'] | null;
  grantable_scope: string[];
  ungrantable_scope: string[];
  /** Where the browser is sent (authorize-submit's or logout-start's answer). */
  redirect_uri: string | null;
}

type ConsentAction =
  | { type: 'error'; error: string }
  | { type: 'started'; result: AuthorizeStartResult }
  | { type: 'status'; status: ConsentState['status'] }
  | { type: 'redirect'; redirect_uri: string };

const INITIAL: ConsentState = { status: 'loading', error: null, client: null, grantable_scope: [], ungrantable_scope: [], redirect_uri: null };

/** The screen's state machine (docs/reference/methods/idp.md#rules). */
export function consentReducer(state: ConsentState, action: ConsentAction): ConsentState {
  switch (action.type) {
    case 'error':
      return { ...state, status: 'error', error: action.error };
    case 'started': {
      const results = Array.isArray(action.result.scope_results) ? action.result.scope_results : [];
      return {
        ...state,
        status: action.result.consent_required ? 'consent_required' : 'preflight',
        client: action.result.client ?? null,
        // docs/reference/elements/auth-idp-consent.md#screens: only grantable scopes go to the consent list.
        grantable_scope: results.filter((r) => r.is_grantable).map((r) => r.scope),
        ungrantable_scope: results.filter((r) => !r.is_grantable).map((r) => r.scope),
      };
    }
    case 'status':
      return { ...state, status: action.status };
    case 'redirect':
      return { ...state, status: 'redirecting', redirect_uri: action.redirect_uri };
  }
}

/**
 * Sends the browser to `url` (a redirect URI the authorization server checked against the client's
 * registration). A script URL is refused whatever the server said: following one would run it in
 * the identity provider's origin.
 */
function go(url: string, navigate: unknown): boolean {
  const href = navigableUrl(url, globalThis.location?.href);
  if (href === null) return false;
  if (typeof navigate === 'function') navigate(href);
  else globalThis.location.assign(href);
  return true;
}

/** The IDPConsent screen. */
export function IDPConsentScreen() {
  const { client, config, strings, styles, bootstrap, emit, reportError, elementOptions } = useWidget();
  const [state, dispatch] = useReducer(consentReducer, INITIAL);
  const root = useRef<HTMLDivElement>(null);
  useChunkStyles(root, IDP_RULES);
  // The request is read once, when the screen mounts (the page's address is the relying party's request).
  const request = useRef(readIdpRequest(globalThis.location?.search ?? ''));
  const options = useRef(elementOptions);
  options.current = elementOptions;
  const submitting = useRef(false);
  const uid = useId();

  const fail = (e: unknown, shown?: string) => {
    const message = reportError(e);
    dispatch({ type: 'error', error: shown ?? message });
  };

  const finishAuthorize = async (params: AuthorizeParams, consent_granted: boolean, denied = false) => {
    if (submitting.current) return;
    submitting.current = true;
    dispatch({ type: 'status', status: 'submitting' });
    const data = { client_id: params.client_id, redirect_uri: params.redirect_uri, scopes: params.scopes };
    try {
      const resp = await client.idp.authorizeSubmit({ ...params, consent_granted });
      // docs/reference/elements/auth-idp-consent.md#screens: ConsentDenied after Deny, else Complete; then on to the returned redirect_uri.
      if (denied) emit({ type: 'OAuthAuthorizeFlowConsentDenied', data });
      else emit({ type: 'OAuthAuthorizeFlowComplete', data: { ...data, ...(resp.redirect_uri ? { redirect_uri_returned: resp.redirect_uri } : {}) } });
      if (resp.redirect_uri && go(resp.redirect_uri, options.current?.['navigate'])) {
        dispatch({ type: 'redirect', redirect_uri: resp.redirect_uri });
        return;
      }
      dispatch({ type: 'status', status: denied ? 'denied' : 'success' });
    } catch (e) {
      fail(e);
    } finally {
      submitting.current = false;
    }
  };

  const logout = async (redirectUri: string) => {
    dispatch({ type: 'status', status: 'submitting' });
    // docs/reference/methods/idp.md#screens: the session is revoked with a forced clear; its errors are ignored.
    await client.session.revoke({ forceClear: true }).catch(() => undefined);
    if (go(redirectUri, options.current?.['navigate'])) dispatch({ type: 'redirect', redirect_uri: redirectUri });
    else fail(new MissingParameterError('post_logout_redirect_uri'), text(strings, 'idp.missingParam', { param: 'post_logout_redirect_uri' }));
  };

  // The flow starts once per mount (a ref, so StrictMode's second effect run does not call twice).
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per mount; the request is fixed.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const req = request.current;
    void (async () => {
      if (req.kind === 'missing') {
        fail(new MissingParameterError(req.param), text(strings, 'idp.missingParam', { param: req.param }));
        return;
      }
      if (req.kind === 'logout') {
        try {
          const resp = await client.idp.logoutStart(req.params);
          if (!resp.consent_required) await logout(resp.redirect_uri);
          else {
            dispatch({ type: 'redirect', redirect_uri: resp.redirect_uri });
            dispatch({ type: 'status', status: 'logout_confirm' });
          }
        } catch (e) {
          fail(e);
        }
        return;
      }
      const params = req.params;
      // Auth-token params (docs/reference/methods/idp.md#screens, docs/reference/elements/auth-idp-consent.md#transitions Attestation): the host's trusted token becomes the session first.
      const tokenParams = options.current?.['authTokenParams'] as Partial<IDPAuthTokenParams> | undefined;
      if (tokenParams && (tokenParams.trustedAuthToken || tokenParams.tokenProfileID)) {
        try {
          await client.session.attest({
            token: String(tokenParams.trustedAuthToken ?? ''),
            profile_id: String(tokenParams.tokenProfileID ?? ''),
            session_duration_minutes: config.sessionDurationMinutes,
          });
        } catch (e) {
          fail(e, strings['idp.trustedTokenNotVerified']);
          return;
        }
      }
      // docs/reference/methods/idp.md#screens: the authorize flow requires an active session.
      if (!client.session.getSync() && !client.session.getTokens()) {
        dispatch({ type: 'error', error: strings['idp.noSession'] });
        return;
      }
      emit({ type: 'OAuthAuthorizeFlowStart', data: { client_id: params.client_id, redirect_uri: params.redirect_uri, scopes: params.scopes } });
      let result: AuthorizeStartResult;
      try {
        result = await client.idp.authorizeStart(params);
      } catch (e) {
        fail(e);
        return;
      }
      dispatch({ type: 'started', result });
      // docs/reference/elements/auth-idp-consent.md#screens: without consent required, submit at once with consent_granted false.
      if (!result.consent_required) await finishAuthorize(params, false);
    })();
  }, []);

  // Focus follows the state to the new heading (or button), not on the first paint (the host owns focus then).
  const shown = useRef<string>('loading');
  const displayed = (state.status === 'consent_required' || state.status === 'logout_confirm') && !bootstrap ? 'loading' : state.status;
  useLayoutEffect(() => {
    if (shown.current === displayed) return;
    shown.current = displayed;
    const el = root.current?.querySelector<HTMLElement>('[data-autofocus]') ?? root.current?.querySelector<HTMLElement>('h1');
    focusWhenShown(el);
  }, [displayed]);

  const req = request.current;
  const projectName = bootstrap?.project_name ?? '';
  const redirectUri = req.kind === 'authorize' ? req.params.redirect_uri : req.kind === 'logout' ? req.params.post_logout_redirect_uri : '';
  const clientName = clientDisplayName(state.client?.client_name, redirectUri, strings);
  const logo = safeLogoUrl(styles) ?? (state.client?.logo_url ? safeLogoUrl({ logo: { logoImageUrl: state.client.logo_url } }) : null);

  // The host's generator runs once per answer (not per render): a broken one is logged once.
  const generator = elementOptions?.['getIDPConsentManifest'];
  const grantable = state.grantable_scope;
  const custom = useMemo(
    () => (state.status === 'consent_required' ? customManifest(generator, { scopes: grantable, clientName }) : null),
    [generator, grantable, clientName, state.status],
  );

  const heading = (t: string) => <Heading>{t}</Heading>;
  // The titles name the project: wait for the bootstrap (its defaults when it fails) before asking.
  const status = displayed;
  let body: ReactNode;
  switch (status) {
    case 'loading':
    case 'preflight':
    case 'submitting':
    case 'redirecting':
      body = (
        <p className="ae-helper" part="helper" role="status" data-idp-status={status}>
          {status === 'redirecting' ? strings['idp.redirecting'] : strings['idp.loading']}
        </p>
      );
      break;
    case 'error':
      body = (
        <>
          {heading(strings['generic.errorTitle'])}
          <p className="ae-error" part="error" role="alert" data-idp-error="">
            {state.error}
          </p>
        </>
      );
      break;
    case 'denied':
      body = (
        <div role="alert" data-idp-denied="">
          {heading(strings['idp.denied'])}
        </div>
      );
      break;
    case 'success':
      body = (
        <div role="status" data-idp-success="">
          {heading(strings['idp.successTitle'])}
          <p className="ae-text" part="text">
            {strings['idp.successText']}
          </p>
        </div>
      );
      break;
    case 'logout_denied':
      body = (
        <div role="status" data-idp-logout-denied="">
          {heading(strings['idp.logoutDenied'])}
        </div>
      );
      break;
    case 'logout_confirm':
      body = (
        <>
          {heading(strings['idp.logoutTitle'])}
          <p className="ae-text" part="text">
            {text(strings, 'idp.logoutText', { projectName })}
          </p>
          <div className="ae-idp-actions">
            <button
              type="button"
              className="ae-button"
              part="button primary-button"
              data-idp-logout-yes=""
              onClick={() => req.kind === 'logout' && state.redirect_uri && void logout(state.redirect_uri)}
            >
              {strings['idp.logoutYes']}
            </button>
            <button
              type="button"
              className="ae-button ae-button-secondary"
              part="button secondary-button"
              data-idp-logout-no=""
              onClick={() => dispatch({ type: 'status', status: 'logout_denied' })}
            >
              {strings['idp.logoutNo']}
            </button>
          </div>
        </>
      );
      break;
    case 'consent_required': {
      const params = req.kind === 'authorize' ? req.params : null;
      const vars = { clientName, projectName };
      const sections: IDPConsentManifest = custom ?? [
        {
          header: text(strings, 'idp.consentIntro', vars),
          items: defaultConsentItems(state.grantable_scope, vars, strings, bootstrap?.rbac_policy ?? null),
        },
      ];
      const ungrantable = defaultConsentItems(state.ungrantable_scope, vars, strings, bootstrap?.rbac_policy ?? null);
      body = (
        <>
          {logo && <img className="ae-logo" part="logo" src={logo} alt={strings['idp.logoAlt']} />}
          {heading(consentTitle(params?.scopes ?? [], clientName, projectName, strings))}
          {sections.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole from one answer and never reorders.
            <section className="ae-idp-section" key={i} aria-labelledby={`${uid}h${i}`} data-idp-section="">
              <p className="ae-text" part="label" id={`${uid}h${i}`}>
                {s.header}
              </p>
              {s.items.length > 0 && (
                <ul className="ae-idp-list" data-idp-scopes="">
                  {s.items.map((item, j) => {
                    const it = typeof item === 'string' ? { text: item } : item;
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: as above; two items may share a text.
                      <li key={j}>
                        {it.text}
                        {it.details && it.details.length > 0 && (
                          <ul className="ae-idp-details">
                            {it.details.map((d) => (
                              <li key={d}>{d}</li>
                            ))}
                          </ul>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          ))}
          {ungrantable.length > 0 && (
            <section className="ae-idp-section" aria-labelledby={`${uid}u`} data-idp-ungrantable="">
              <p className="ae-error" part="error">
                {text(strings, 'idp.ungrantableWarning', vars)}
              </p>
              <p className="ae-text" part="label" id={`${uid}u`}>
                {text(strings, 'idp.ungrantableTitle', vars)}
              </p>
              <ul className="ae-idp-list">
                {ungrantable.map((it) => (
                  <li key={it.text}>{it.text}</li>
                ))}
              </ul>
            </section>
          )}
          <div className="ae-idp-actions">
            <button
              type="button"
              className="ae-button ae-button-secondary"
              part="button secondary-button"
              data-idp-deny=""
              onClick={() => params && void finishAuthorize(params, false, true)}
            >
              {strings['idp.deny']}
            </button>
            <button
              type="button"
              className="ae-button"
              part="button primary-button"
              data-idp-allow=""
              onClick={() => params && void finishAuthorize(params, true)}
            >
              {strings['idp.allow']}
            </button>
          </div>
        </>
      );
      break;
    }
  }
  return (
    <div className="ae-form" ref={root} data-idp-state={status}>
      {body}
    </div>
  );
}
