/**
 * Main (docs/reference/elements/auth-login.md#main-screen "Main screen"): banner, logo, header, then the registered methods' groups around
 * their forms: the Email / Text / WhatsApp tabs when more than one form is offered (methods.ts).
 */
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { SendingContext } from '../components/sending.ts';
import { configProblem } from '../config.ts';
import { useWidget } from '../context.ts';
import { asComponent } from '../lazy.tsx';
import type { MainGroupProps, MainSide, MainTab } from '../method.ts';
import type { StringKey } from '../strings.ts';
import { hideHeaderText, safeLogoUrl } from '../theme.ts';
import { formFor, mainGroups, mainMethods, tabAfterKey } from './methods.ts';
import { Heading } from '../components/Heading.tsx';

const TAB_LABEL: Record<MainTab, StringKey> = {
  email: 'main.tabEmail',
  sms: 'main.tabText',
  whatsapp: 'main.tabWhatsApp',
};

/** The form of one tab. */
function MethodForm({ tab }: { tab: MainTab }) {
  const { config } = useWidget();
  const form = formFor(config, tab);
  if (!form) return null;
  const Form = asComponent(form.Form);
  return <Form />;
}

/** Email / Text / WhatsApp as WAI-ARIA tabs: arrow keys, Home and End move and select. */
function MethodTabs({ tabs }: { tabs: readonly MainTab[] }) {
  const { strings, state, dispatch } = useWidget();
  // The tab the user last picked (kept in the state: back from OTPAuthenticate reopens it).
  const current = tabs.includes(state.mainTab) ? state.mainTab : (tabs[0] ?? 'email');
  const select = (tab: MainTab) => dispatch({ type: 'main_tab_selected', tab });
  const baseId = useId();
  const tabRefs = useRef(new Map<MainTab, HTMLButtonElement>());
  const tabId = (m: MainTab) => `${baseId}-tab-${m}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    // The direction the tabs are laid out in (the root's dir, or a host's around it).
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const next = tabAfterKey(tabs, current, e.key, rtl);
    if (!next) return;
    e.preventDefault();
    // Automatic activation: the focused tab is the selected one.
    select(next);
    tabRefs.current.get(next)?.focus();
  };

  return (
    <>
      <div className="ae-tabs" role="tablist" aria-label={strings['main.tabsLabel']} part="tablist">
        {tabs.map((m) => (
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
            onClick={() => select(m)}
            onKeyDown={onKeyDown}
          >
            {strings[TAB_LABEL[m]]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(current)} className="ae-tabpanel" data-method={current}>
        {/* Keyed: switching tabs starts the other form afresh (its own field, errors, focus). */}
        <MethodForm key={current} tab={current} />
      </div>
    </>
  );
}

/** The Main screen. */
export function MainScreen() {
  const { config, styles, strings, state } = useWidget();
  const logo = safeLogoUrl(styles);
  const problem = configProblem(config);
  const tabs = mainMethods(config);
  const tabsKey = tabs.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the offered tabs.
  useEffect(() => {
    // Fetch a lazily loaded form as soon as Main offers it, so its tab opens at once.
    for (const tab of tabs)
      formFor(config, tab)
        ?.preload()
        .catch(() => undefined);
  }, [tabsKey]);
  // Groups beside the forms (the passkey button; OAuth and wallet buttons when they land).
  const groups = problem ? [] : mainGroups(config);
  const hasForms = tabs.length > 0;
  const side = (s: MainSide) =>
    groups.map((g, i) => {
      const Group = asComponent<MainGroupProps>(g.Group);
      // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed per config.
      return <Group key={i} side={s} hasForms={hasForms} />;
    });

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

  return (
    <SendingContext.Provider value={reportSending}>
      {state.errorDescriptor && (
        <div className="ae-banner" role="alert" part="banner">
          {state.errorDescriptor.text}
        </div>
      )}
      {logo && <img className="ae-logo" part="logo" src={logo} alt={strings['main.logoAlt']} />}
      {!hideHeaderText(styles) && <Heading>{strings['main.header']}</Heading>}
      {/* Each group renders at one side of the forms, with its own 'or' divider toward them (docs/reference/elements/auth-login.md#main-screen).
          Before the forms only the last divider shows (theme.ts): wallet and OAuth rows, one 'or', the form. */}
      <div className="ae-main-before">{side('before')}</div>
      {problem ? (
        <p className="ae-error" part="error" role="alert">
          {strings[problem]}
        </p>
      ) : tabs.length > 1 ? (
        <MethodTabs tabs={tabs} />
      ) : (
        tabs[0] && <MethodForm tab={tabs[0]} />
      )}
      {side('after')}
      {/* The status text is always mounted so screen readers announce it when it fills. */}
      <div className="ae-visually-hidden" role="status">
        {sending ? strings['main.loading'] : ''}
      </div>
      {/* No veil over the form (issue 17): the pressed button shows the spinner and keeps focus;
          this marker stays for hosts that style on it. */}
      {sending && <span hidden part="loading" data-loading="" />}
    </SendingContext.Provider>
  );
}
