/**
 * Google One Tap (docs/reference/methods/oauth.md#screens, docs/reference/methods/oauth.md#rules, docs/reference/methods/oauth.md#errors, docs/reference/constants.md#widget): asks the server for the client id and a nonce (onetap start),
 * loads Google's script (`oauthOptions.oneTapScriptURL`, default https://accounts.google.com/gsi/client),
 * initialises `google.accounts.id` and prompts, embedded in the widget (initial height 47 px, resized
 * with a 100 ms debounce) or floating; on a credential, onetap submit and on to the returned
 * redirect_url; on cancel or failure the Google button comes back (the parent's `onFallback`).
 * Developer messages show only for a test-mode public token. Its own chunk: only a config with
 * `one_tap: true` loads it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ONE_TAP_INITIAL_HEIGHT_PX, ONE_TAP_RESIZE_DEBOUNCE_MS } from '../../sdk-core/schemas/defaults.ts';
import { useWidget } from '../context.ts';
import { OneTapError } from '../../sdk-core/oauth/errors.ts';
import type { ResolvedOAuthProvider } from './config.ts';

/** The part of Google's `google.accounts.id` notification object One Tap reads. */
interface PromptNotification {
  isNotDisplayed?(): boolean;
  getNotDisplayedReason?(): string;
  isSkippedMoment?(): boolean;
  getSkippedReason?(): string;
  isDismissedMoment?(): boolean;
  getDismissedReason?(): string;
}

/** The part of Google's Identity Services API One Tap uses (the stand-in implements the same). */
interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    nonce: string;
    callback: (r: { credential?: string }) => void;
    cancel_on_tap_outside: boolean;
    auto_select: boolean;
    context: 'signin';
    itp_support: boolean;
    use_fedcm_for_prompt: boolean;
    prompt_parent_id?: string;
  }): void;
  prompt(listener?: (n: PromptNotification) => void): void;
  cancel(): void;
}

const GSI_DOCS = 'https://developers.google.com/identity/gsi/web/guides/get-google-api-clientid';

/**
 * The developer messages of docs/reference/methods/oauth.md#errors, by the onetap start error_type that calls for one. For the
 * host's developer (test-mode tokens only), never for end users: English, not in the strings table,
 * and in this chunk only.
 */
const DEV_MESSAGES: Readonly<Record<string, string>> = {
  one_tap_origin_not_allowed: `Google One Tap: this page's origin is not in the project's allowed origins, so Google would refuse it. Add the origin to the project's settings and to the Google client's Authorized JavaScript origins: ${GSI_DOCS}`,
  one_tap_invalid_client: `Google One Tap: the project's Google client ID is unknown to Google or malformed. Check it against your Google Cloud credentials: ${GSI_DOCS}`,
  oauth_config_not_found: `Google One Tap: this project has no Google OAuth configuration. Add a Google client ID and secret to the project: ${GSI_DOCS}`,
  no_login_redirect_urls_set:
    "Google One Tap: the project has no login redirect URL. Add one to the project's redirect URLs, or set oauthOptions.loginRedirectURL.",
  no_signup_redirect_urls_set:
    "Google One Tap: the project has no sign-up redirect URL. Add one to the project's redirect URLs, or set oauthOptions.signupRedirectURL.",
  default_provider_not_allowed:
    "Google One Tap: the project's default OAuth provider settings are incompatible with One Tap. Configure Google with your own client ID: https://developers.google.com/identity/gsi/web/guides/overview",
};

// One script per page and URL, shared by every widget (Google's script defines one global).
const scripts = new Map<string, Promise<GoogleAccountsId>>();

const accountsId = (): GoogleAccountsId | undefined => (globalThis as { google?: { accounts?: { id?: GoogleAccountsId } } }).google?.accounts?.id;

/** Loads the One Tap script once (a failure may be retried by a later mount). */
function loadScript(src: string): Promise<GoogleAccountsId> {
  let p = scripts.get(src);
  if (!p) {
    p = new Promise<GoogleAccountsId>((resolve, reject) => {
      const ready = accountsId();
      if (ready) return resolve(ready);
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.addEventListener('load', () => {
        const id = accountsId();
        if (id) resolve(id);
        else reject(new Error(`${src} did not define google.accounts.id`));
      });
      el.addEventListener('error', () => reject(new Error(`${src} could not be loaded (check the page's Content-Security-Policy script-src)`)));
      document.head.append(el);
    });
    p.catch(() => scripts.delete(src));
    scripts.set(src, p);
  }
  return p;
}

/** `error_type` of an API error, else undefined. */
const errorTypeOf = (e: unknown): string | undefined => {
  const t = (e as { error_type?: unknown } | null)?.error_type;
  return typeof t === 'string' ? t : undefined;
};

/** Google One Tap in place of the Google button. */
export function OneTap({ provider, onFallback }: { provider: ResolvedOAuthProvider; onFallback: (developerMessage: string | null) => void }) {
  const { client, config, strings, emit, reportError } = useWidget();
  const embedded = provider.position === 'embedded';
  const [pending, setPending] = useState(true);
  const [height, setHeight] = useState(ONE_TAP_INITIAL_HEIGHT_PX);
  const boxRef = useRef<HTMLDivElement>(null);
  const slotName = `ae-one-tap-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  // In a shadow root Google's script cannot find the prompt's parent by id: it goes in a light-DOM
  // child of the host element, shown here through a slot.
  const [inShadow, setInShadow] = useState(false);
  const fallback = useRef(onFallback);
  fallback.current = onFallback;

  // Started once per mount: the provider entry and the redirect URLs come from a config keyed by content.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    let live = true;
    let lightChild: HTMLElement | null = null;
    let observer: ResizeObserver | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let google: GoogleAccountsId | null = null;
    const redirects = {
      ...(config.oauth.loginRedirectURL ? { login_redirect_url: config.oauth.loginRedirectURL } : {}),
      ...(config.oauth.signupRedirectURL ? { signup_redirect_url: config.oauth.signupRedirectURL } : {}),
    };
    const fail = (reason: string, err?: unknown) => {
      if (!live) return;
      live = false;
      if (err !== undefined) reportError(err);
      emit({ type: 'GOOGLE_ONE_TAP_FAILURE', data: { reason } });
      const dev = DEV_MESSAGES[reason];
      // docs/reference/methods/oauth.md#errors: developer messages only for a test-mode public token.
      fallback.current(dev && client.publicToken.startsWith('public-token-test-') ? dev : null);
    };

    const promptParent = (): string | undefined => {
      const box = boxRef.current;
      if (!embedded || !box) return undefined;
      const root = box.getRootNode();
      let parent: HTMLElement;
      if (root instanceof ShadowRoot) {
        lightChild = document.createElement('div');
        lightChild.slot = slotName;
        lightChild.id = slotName;
        root.host.append(lightChild);
        setInShadow(true);
        parent = lightChild;
      } else {
        parent = box.querySelector<HTMLElement>('.ae-one-tap-slot') ?? box;
        parent.id = slotName;
      }
      // docs/reference/constants.md#client-sdk: the embedded prompt's height follows Google's iframe, debounced by 100 ms.
      observer = new ResizeObserver(() => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          if (live || google) setHeight(Math.max(ONE_TAP_INITIAL_HEIGHT_PX, Math.ceil(parent.getBoundingClientRect().height)));
        }, ONE_TAP_RESIZE_DEBOUNCE_MS);
      });
      observer.observe(parent);
      return slotName;
    };

    void (async () => {
      let started: { google_client_id: string; nonce: string };
      try {
        started = await client.oauth.googleOneTap.start(redirects);
      } catch (err) {
        // docs/reference/methods/oauth.md#errors: oauth_config_not_found or the error_type; anything else unknown_reason.
        return fail(errorTypeOf(err) ?? 'unknown_reason', err);
      }
      try {
        google = await loadScript(config.oauth.oneTapScriptURL);
      } catch (err) {
        return fail('unknown_reason', new OneTapError('unknown_reason', 'Google One Tap: the script could not be loaded.', { cause: err }));
      }
      if (!live) return;
      const parentId = promptParent();
      google.initialize({
        client_id: started.google_client_id,
        nonce: started.nonce,
        cancel_on_tap_outside: provider.cancel_on_tap_outside,
        auto_select: false,
        context: 'signin',
        itp_support: true,
        use_fedcm_for_prompt: !embedded,
        ...(parentId ? { prompt_parent_id: parentId } : {}),
        callback: (r) => {
          if (!live || typeof r?.credential !== 'string') return fail('unknown_reason');
          setPending(true);
          client.oauth.googleOneTap.submit(r.credential, started.nonce, redirects).then(
            ({ redirect_url }) => {
              emit({ type: 'GOOGLE_ONE_TAP_SUBMIT', data: { redirect_url } });
              // The login or sign-up page redeems the token (contract item 5).
              globalThis.location.assign(redirect_url);
            },
            (err: unknown) => fail(errorTypeOf(err) ?? 'unknown_reason', err),
          );
        },
      });
      setPending(false);
      google.prompt((n) => {
        if (!live) return;
        if (n.isNotDisplayed?.())
          fail('unknown_reason', new OneTapError('unknown_reason', `Google One Tap was not displayed: ${n.getNotDisplayedReason?.() ?? 'no reason given'}.`));
        else if (n.isSkippedMoment?.()) fail('user_cancel');
        else if (n.isDismissedMoment?.() && n.getDismissedReason?.() !== 'credential_returned') fail('user_cancel');
      });
    })();

    return () => {
      live = false;
      clearTimeout(timer);
      observer?.disconnect();
      lightChild?.remove();
      google?.cancel();
    };
  }, []);

  // Floating: Google's own prompt floats over the page; nothing holds a place in the row once it is up.
  if (!embedded && !pending) return null;
  return (
    <section
      ref={boxRef}
      className="ae-one-tap"
      part="one-tap"
      data-one-tap={embedded ? 'embedded' : 'floating'}
      aria-label={strings['oauth.oneTapLabel']}
      aria-busy={pending ? 'true' : undefined}
      style={embedded ? { height: `${height}px` } : undefined}
    >
      {pending && <span className="ae-spinner" aria-hidden="true" />}
      <span className="ae-visually-hidden" role="status">
        {pending ? strings['oauth.oneTapLoading'] : ''}
      </span>
      {embedded && (inShadow ? <slot name={slotName} className="ae-one-tap-slot" /> : <div className="ae-one-tap-slot" />)}
    </section>
  );
}
