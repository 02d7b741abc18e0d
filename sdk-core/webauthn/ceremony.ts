/**
 * The browser half of the WebAuthn ceremonies: @simplewebauthn/browser, its error mapping, and the
 * conditional-mediation checks. Imported lazily by ./index.ts, so it and the library form one chunk
 * that only passkey users download.
 */
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { openShadowRoot, queryAll } from '../dom.ts';
import { WebAuthnCeremonyError } from './errors.ts';
import type { WebAuthn, WebAuthnAuthenticateOptions, WebAuthnAuthenticateResult, WebAuthnRegisterOptions, WebAuthnRegisterResult } from './types.ts';

/** True when some input in the document or an open shadow root has `webauthn` in its autocomplete (docs/reference/methods/webauthn.md#validation). */
export function hasWebAuthnInput(root: Document | ShadowRoot | undefined = globalThis.document): boolean {
  if (!root) return false;
  // Through the prototypes (dom.ts): the host page's markup must not be able to clobber these reads.
  if (queryAll(root, 'input[autocomplete~="webauthn" i]').length > 0) return true;
  // Widgets render inside shadow roots, which document.querySelector does not see.
  for (const el of queryAll(root, '*')) {
    const shadow = openShadowRoot(el);
    if (shadow && hasWebAuthnInput(shadow)) return true;
  }
  return false;
}

/** Conditional mediation (passkey autofill) support. */
export async function supportsAutofill(): Promise<boolean> {
  const pkc = (globalThis as { PublicKeyCredential?: { isConditionalMediationAvailable?: () => Promise<boolean> } }).PublicKeyCredential;
  if (typeof pkc?.isConditionalMediationAvailable !== 'function') return false;
  try {
    return await pkc.isConditionalMediationAvailable();
  } catch {
    return false;
  }
}

const aborted = (cause?: unknown) => new WebAuthnCeremonyError('aborted', 'The passkey request was cancelled.', { cause });

// The library runs one ceremony at a time (a new one aborts the previous). This token says which
// ceremony is current, so a caller's late abort never cancels someone else's newer prompt.
let currentCeremony: object | null = null;

/** Runs one browser ceremony under `signal`, mapping the library's errors to WebAuthnCeremonyError. */
async function ceremony<T>(signal: AbortSignal | undefined, run: () => Promise<T>): Promise<T> {
  if (signal?.aborted) throw aborted();
  if (!browserSupportsWebAuthn()) throw new WebAuthnCeremonyError('unsupported', 'This browser does not support passkeys.');
  const token = {};
  const onAbort = () => {
    if (currentCeremony === token) WebAuthnAbortService.cancelCeremony();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  currentCeremony = token;
  try {
    return await run();
  } catch (e) {
    const code = (e as { code?: string }).code;
    const name = (e as { cause?: { name?: string } }).cause?.name ?? (e as { name?: string }).name;
    if (signal?.aborted || code === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError') throw aborted(e);
    if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
      throw new WebAuthnCeremonyError('duplicate', 'This authenticator already holds a passkey for this account.', { cause: e });
    }
    if (name === 'NotAllowedError') throw new WebAuthnCeremonyError('not_allowed', 'The passkey request was declined or timed out.', { cause: e });
    throw new WebAuthnCeremonyError('other', e instanceof Error ? e.message : String(e), { cause: e });
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (currentCeremony === token) currentCeremony = null;
  }
}

/** Register start, the browser's create prompt, register (arguments already checked by the caller). */
export async function register(api: WebAuthn, o: WebAuthnRegisterOptions): Promise<WebAuthnRegisterResult> {
  const { session_duration_minutes, signal, ...startOptions } = o;
  const start = await api.registerStart(startOptions);
  const optionsJSON = JSON.parse(start.public_key_credential_creation_options ?? '{}') as PublicKeyCredentialCreationOptionsJSON;
  const credential = await ceremony(signal, () => startRegistration({ optionsJSON }));
  return api.registerFinish({
    public_key_credential: JSON.stringify(credential),
    session_duration_minutes,
    ...(o.is_passkey !== undefined ? { is_passkey: o.is_passkey } : {}),
  });
}

/**
 * Authenticate start, the browser's get prompt (or autofill), authenticate. With conditional mediation
 * and no browser support or no webauthn input, resolves to null (docs/reference/methods/webauthn.md#rules) without calling the server.
 */
export async function authenticate(api: WebAuthn, o: WebAuthnAuthenticateOptions): Promise<WebAuthnAuthenticateResult | null> {
  const conditional = o.conditional_mediation === true;
  if (conditional && (!(await supportsAutofill()) || !hasWebAuthnInput())) return null;
  if (o.signal?.aborted) throw aborted();
  const start = await api.authenticateStart({
    ...(o.domain !== undefined ? { domain: o.domain } : {}),
    ...(o.is_passkey !== undefined ? { is_passkey: o.is_passkey } : {}),
    ...(o.intermediate_session_token !== undefined ? { intermediate_session_token: o.intermediate_session_token } : {}),
  });
  const optionsJSON = JSON.parse(start.public_key_credential_request_options ?? '{}') as PublicKeyCredentialRequestOptionsJSON;
  const assertion = await ceremony(o.signal, () =>
    // The input check above also sees inputs in shadow roots, which the library's own check cannot.
    startAuthentication({ optionsJSON, useBrowserAutofill: conditional, verifyBrowserAutofillInput: false }),
  );
  return api.authenticateFinish({
    public_key_credential: JSON.stringify(assertion),
    session_duration_minutes: o.session_duration_minutes,
    conditional_mediation: conditional,
    ...(o.is_passkey !== undefined ? { is_passkey: o.is_passkey } : {}),
    ...(o.intermediate_session_token !== undefined ? { intermediate_session_token: o.intermediate_session_token } : {}),
    ...(o.trust_device !== undefined ? { trust_device: o.trust_device } : {}),
  });
}
