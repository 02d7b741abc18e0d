/**
 * Main's passkey section (docs/reference/elements/auth-login.md#main-screen "Main screen"): the 'Login with a Passkey' button and passkey
 * autofill: the passkey method's group on Main (index.ts), loaded lazily only when `products`
 * includes 'passkeys' (docs/reference/house-style.md#bundle-size).
 *
 * docs/reference/methods/webauthn.md: the button is shown first unless the browser supports autofill and a form method is present;
 * then it goes after the forms, and the forms' email input (autocomplete `username webauthn`) is where
 * the browser offers passkeys. Autofill is attempted on load, up to 5 attempts in total (docs/reference/constants.md#widget), and
 * the pending request is aborted when Main unmounts (docs/reference/methods/webauthn.md#rules).
 */
import { PASSKEY_AUTOFILL_ATTEMPTS as SPEC_PASSKEY_AUTOFILL_ATTEMPTS } from '../../sdk-core/schemas/defaults.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isWebAuthnAbort, isWebAuthnNotAllowed } from '../../sdk-core/helpers.ts';
import type { AuthClient, WebAuthnAuthenticateResult } from '../../sdk-core/index.ts';
import { OrDivider } from '../components/OrDivider.tsx';
import { useWidget } from '../context.ts';
import type { MainGroupProps, MainSide } from '../method.ts';
import { passkeyAuthErrorKey } from './errors.ts';

/** Autofill attempts per Main screen, the first included (docs/reference/constants.md#client-sdk "Passkey autofill retries 5"). */
export const PASSKEY_AUTOFILL_ATTEMPTS = SPEC_PASSKEY_AUTOFILL_ATTEMPTS;

// What each client answered (preloadAutofillSupport, or the section's first mount): known before the
// first render, the section draws its button in the widget's first commit, at its side.
const autofillSupport = new WeakMap<AuthClient, boolean>();

/**
 * Asks the client once whether the browser offers passkeys in autofill (it loads the ceremony code);
 * the section's first render then knows its side (preload.ts: the widget's first commit holds it).
 */
export async function preloadAutofillSupport(client: AuthClient): Promise<void> {
  if (!autofillSupport.has(client)) autofillSupport.set(client, await client.webauthn.browserSupportsAutofill());
}

/**
 * Whether the browser offers passkeys in autofill. It does not change during a page's life, so it
 * is asked once per client (Main re-mounts on every back arrow).
 */
function useAutofillSupport(): boolean | null {
  const { client } = useWidget();
  const known = autofillSupport.get(client);
  const [supported, setSupported] = useState<boolean | null>(known ?? null);
  useEffect(() => {
    if (known !== undefined) return;
    let live = true;
    void preloadAutofillSupport(client).then(
      () => live && setSupported(autofillSupport.get(client) ?? false),
      // The ceremony code could not load (offline): no autofill, so the button goes first.
      () => live && setSupported(false),
    );
    return () => {
      live = false;
    };
  }, [client, known]);
  return known ?? supported;
}

/** The section at one side of Main's forms; renders only at the side the reference rule picks. */
export function PasskeyLoginSection({ side, hasForms }: MainGroupProps) {
  const autofill = useAutofillSupport();
  // Nothing until support is known, so the button never jumps from one place to the other.
  if (autofill === null) return null;
  const buttonFirst = !(autofill && hasForms);
  if ((side === 'before') !== buttonFirst) return null;
  return <PasskeyLogin side={side} hasForms={hasForms} />;
}

function PasskeyLogin({ side, hasForms }: { side: MainSide; hasForms: boolean }) {
  const { client, config, strings, dispatch, emit, reportError } = useWidget();
  const [busy, setBusy] = useState(false);
  const autofillRequest = useRef<AbortController | null>(null);
  const attempts = useRef(0);
  const mounted = useRef(false);

  const succeeded = useCallback(
    (resp: WebAuthnAuthenticateResult) => {
      emit({ type: 'PASSKEY_AUTHENTICATE', data: resp });
      dispatch({ type: 'passkey_authenticated' });
    },
    [emit, dispatch],
  );
  const failed = useCallback(
    (err: unknown) => {
      reportError(err);
      const key = passkeyAuthErrorKey(err);
      dispatch({ type: 'set_error', error: { messageId: key, text: strings[key] } });
    },
    [reportError, dispatch, strings],
  );

  // One conditional request at a time; each failure (a passkey the account no longer has, say) and
  // each declined prompt uses an attempt and re-arms autofill, so the user can pick a passkey again,
  // until the 5 are spent (docs/reference/methods/webauthn.md#rules, docs/reference/constants.md#widget).
  const runAutofill = useCallback(async () => {
    while (mounted.current && autofillRequest.current === null && attempts.current < PASSKEY_AUTOFILL_ATTEMPTS) {
      attempts.current++;
      const request = new AbortController();
      autofillRequest.current = request;
      try {
        const resp = await client.webauthn.authenticate({
          session_duration_minutes: config.sessionDurationMinutes,
          is_passkey: true,
          conditional_mediation: true,
          signal: request.signal,
        });
        // null: no browser support or no webauthn input (docs/reference/methods/webauthn.md#validation); nothing to retry.
        if (resp) succeeded(resp);
        return;
      } catch (err) {
        // Aborted: Main unmounted, or the button took over (it re-arms autofill when it is done).
        if (request.signal.aborted || isWebAuthnAbort(err)) return;
        // The user backed out of the prompt after picking a passkey (or it timed out): not a failure,
        // so no banner (docs/reference/methods/webauthn.md#rules: a failure sets errorDescriptor). Anything else, a server answer or
        // a browser or authenticator error, is one, and the user is told.
        if (mounted.current && !isWebAuthnNotAllowed(err)) failed(err);
      } finally {
        if (autofillRequest.current === request) autofillRequest.current = null;
      }
    }
  }, [client, config.sessionDurationMinutes, succeeded, failed]);

  useEffect(() => {
    mounted.current = true;
    attempts.current = 0;
    void runAutofill();
    return () => {
      mounted.current = false;
      autofillRequest.current?.abort();
      autofillRequest.current = null;
    };
  }, [runAutofill]);

  const onClick = async () => {
    if (busy) return;
    // A pending autofill request would block the modal prompt: cancel it first.
    autofillRequest.current?.abort();
    autofillRequest.current = null;
    setBusy(true);
    try {
      const resp = await client.webauthn.authenticate({ session_duration_minutes: config.sessionDurationMinutes, is_passkey: true });
      if (resp) succeeded(resp);
    } catch (err) {
      if (!mounted.current) return;
      setBusy(false);
      // Superseded by a newer passkey prompt on the page: that one owns the browser now.
      if (isWebAuthnAbort(err)) return;
      // Closing the prompt is the user's choice, not a failure: no banner, and the button is ready again.
      if (!isWebAuthnNotAllowed(err)) failed(err);
      void runAutofill();
    }
  };

  const button = (
    <button
      type="button"
      className="ae-button ae-button-secondary"
      part="button secondary-button passkey-button"
      data-passkey-button=""
      // aria-disabled, not disabled: a disabled button drops keyboard focus to <body>.
      aria-disabled={busy ? 'true' : undefined}
      onClick={onClick}
    >
      {strings['passkey.loginButton']}
    </button>
  );
  return (
    <>
      {side === 'after' && hasForms && <OrDivider />}
      {button}
      <div className="ae-visually-hidden" role="status">
        {busy ? strings['passkey.authenticating'] : ''}
      </div>
      {side === 'before' && hasForms && <OrDivider />}
    </>
  );
}
