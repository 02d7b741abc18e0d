/**
 * Main (SPEC §2 "Main screen"): banner, logo, header, then the method groups with an 'or' divider
 * between groups, and the Email / Text / WhatsApp tabs when more than one method is configured.
 */
import { Fragment, type KeyboardEvent, lazy, type ReactNode, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { configProblem } from '../config.ts';
import { useWidget } from '../context.ts';
import { EmailMagicLinkForm } from '../magic-links/EmailMagicLinkForm.tsx';
import { EmailOTPForm } from '../otps/EmailOTPForm.tsx';
import { PasswordStartForm } from '../passwords/PasswordStartForm.tsx';
import type { StringKey } from '../strings.ts';
import { hideHeaderText, safeLogoUrl } from '../theme.ts';
import { emailVariant, type MainMethod, mainMethods, tabAfterKey } from './methods.ts';
import { SendingContext } from './sending.ts';

const TAB_LABEL: Record<MainMethod, StringKey> = {
  email: 'main.tabEmail',
  sms: 'main.tabText',
  whatsapp: 'main.tabWhatsApp',
};

// Its own chunk: a login configured without 'passkeys' never loads the passkey code (DESIGN §4).
const PasskeyLoginSection = lazy(() => import('../passkeys/PasskeyLoginSection.tsx').then((m) => ({ default: m.PasskeyLoginSection })));

// The phone form (country table, parser glue) is its own chunk: an email-only widget never loads it.
const loadPhoneForm = () => import('../phone/PhoneOTPForm.tsx');
const PhoneOTPForm = lazy(() => loadPhoneForm().then((m) => ({ default: m.PhoneOTPForm })));

/** The 'or' divider between method groups. */
export function OrDivider() {
  const { strings } = useWidget();
  return (
    <div className="ae-divider" part="divider">
      <span>{strings['main.or']}</span>
    </div>
  );
}

/** The form of one method. */
function MethodForm({ method }: { method: MainMethod }) {
  const { config } = useWidget();
  if (method === 'sms' || method === 'whatsapp') {
    return (
      <Suspense fallback={null}>
        <PhoneOTPForm channel={method} />
      </Suspense>
    );
  }
  switch (emailVariant(config)) {
    case 'password':
      return <PasswordStartForm />;
    case 'magicLink':
      return <EmailMagicLinkForm />;
    case 'otp':
      return <EmailOTPForm />;
    default:
      return null;
  }
}

/** Email / Text / WhatsApp as WAI-ARIA tabs: arrow keys, Home and End move and select. */
function MethodTabs({ methods }: { methods: readonly MainMethod[] }) {
  const { strings, state } = useWidget();
  // Back from OTPAuthenticate: reopen on the channel the user came from.
  const [selected, setSelected] = useState<MainMethod>(() => {
    const last = state.otpState.type;
    return methods.includes(last) ? last : (methods[0] ?? 'email');
  });
  const current = methods.includes(selected) ? selected : (methods[0] ?? 'email');
  const baseId = useId();
  const tabRefs = useRef(new Map<MainMethod, HTMLButtonElement>());
  const tabId = (m: MainMethod) => `${baseId}-tab-${m}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabAfterKey(methods, current, e.key);
    if (!next) return;
    e.preventDefault();
    // Automatic activation: the focused tab is the selected one.
    setSelected(next);
    tabRefs.current.get(next)?.focus();
  };

  return (
    <>
      <div className="ae-tabs" role="tablist" aria-label={strings['main.tabsLabel']} part="tablist">
        {methods.map((m) => (
          <button
            key={m}
            ref={(el) => {
              if (el) tabRefs.current.set(m, el);
              else tabRefs.current.delete(m);
            }}
            type="button"
            role="tab"
            id={tabId(m)}
            className="ae-tab"
            part={m === current ? 'tab tab-selected' : 'tab'}
            aria-selected={m === current ? 'true' : 'false'}
            // Only the shown panel exists, so only its tab points at it.
            aria-controls={m === current ? panelId : undefined}
            tabIndex={m === current ? 0 : -1}
            data-method={m}
            onClick={() => setSelected(m)}
            onKeyDown={onKeyDown}
          >
            {strings[TAB_LABEL[m]]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(current)} className="ae-tabpanel" data-method={current}>
        {/* Keyed: switching tabs starts the other form afresh (its own field, errors, focus). */}
        <MethodForm key={current} method={current} />
      </div>
    </>
  );
}

/** Puts an 'or' divider between consecutive groups. */
function withDividers(groups: readonly { key: string; node: ReactNode }[]): ReactNode[] {
  return groups.map((g, i) => (
    <Fragment key={g.key}>
      {i > 0 && <OrDivider />}
      {g.node}
    </Fragment>
  ));
}

/** The Main screen. */
export function MainScreen() {
  const { config, styles, strings, state } = useWidget();
  const logo = safeLogoUrl(styles);
  const problem = configProblem(config);
  const methods = mainMethods(config);
  const hasPhone = methods.includes('sms') || methods.includes('whatsapp');
  useEffect(() => {
    // Fetch the phone chunk as soon as Main knows it may need it, so the Text tab opens at once.
    if (hasPhone) loadPhoneForm().catch(() => undefined);
  }, [hasPhone]);
  const passkeys = !problem && config.products.includes('passkeys');

  // Floating loading indicator while any form's send is in flight.
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const reportSending = useCallback((id: string, on: boolean) => {
    setBusy((cur) => {
      if (cur.has(id) === on) return cur;
      const next = new Set(cur);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const sending = busy.size > 0;

  // Method groups, in order; an 'or' divider goes between consecutive ones (SPEC §2). OAuth and
  // wallet buttons will be groups before the form when those products land.
  const groups: { key: string; node: ReactNode }[] = [];
  if (methods.length > 1) groups.push({ key: 'tabs', node: <MethodTabs methods={methods} /> });
  else if (methods[0]) groups.push({ key: 'form', node: <MethodForm method={methods[0]} /> });

  return (
    <SendingContext.Provider value={reportSending}>
      {state.errorDescriptor && (
        <div className="ae-banner" role="alert" part="banner">
          {state.errorDescriptor.text}
        </div>
      )}
      {logo && <img className="ae-logo" part="logo" src={logo} alt={strings['main.logoAlt']} />}
      {!hideHeaderText(styles) && (
        <h1 className="ae-header" part="heading" tabIndex={-1}>
          {strings['main.header']}
        </h1>
      )}
      {/* The passkey section renders at one of its two places: before the forms, or after them when autofill applies (SPEC §2). */}
      {passkeys && (
        <Suspense fallback={null}>
          <PasskeyLoginSection placement="before" hasFormMethod={groups.length > 0} />
        </Suspense>
      )}
      {problem ? (
        <p className="ae-error" part="error" role="alert">
          {strings[problem]}
        </p>
      ) : (
        withDividers(groups)
      )}
      {passkeys && (
        <Suspense fallback={null}>
          <PasskeyLoginSection placement="after" hasFormMethod={groups.length > 0} />
        </Suspense>
      )}
      {/* The status text is always mounted so screen readers announce it when it fills. */}
      <div className="ae-visually-hidden" role="status">
        {sending ? strings['main.loading'] : ''}
      </div>
      {sending && (
        <div className="ae-loading" part="loading" aria-hidden="true" data-loading="">
          <span className="ae-spinner" />
        </div>
      )}
    </SendingContext.Provider>
  );
}
