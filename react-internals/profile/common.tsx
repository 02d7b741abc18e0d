/**
 * What the profile's sections share: the signed-in user and session (re-rendering on change), a section's
 * frame (its title at the level under the screen's), its result line and error (announced where the change
 * was, naming what failed), and the rule that the last sign-in method stays.
 */
import { type ReactNode, type RefObject, useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { AuthClient, Session, User } from '../../sdk-core/index.ts';
import { isApiError } from '../../sdk-core/index.ts';
import { Button } from '../components/Button.tsx';
import { useWidget } from '../context.ts';
import type { StringKey } from '../strings.ts';
import { text } from '../text.ts';
import type { OAuthProvider } from '../../sdk-core/oauth/providers.ts';
import { type ProfileSection, resolveProviders, resolveSections } from './sections.ts';

/** The element's own config keys (definitions.ts hands the config over as the element's options), resolved. */
export function useProfileConfig(): { sections: ProfileSection[]; providers: OAuthProvider[] } {
  const { elementOptions } = useWidget();
  const raw = elementOptions?.['config'];
  const c = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return { sections: resolveSections(c['sections']), providers: resolveProviders(c['oauthProviders']) };
}

/** The current session, re-rendering on change. */
export function useSession(client: AuthClient): Session | null {
  return useSyncExternalStore(
    useCallback((cb: () => void) => client.session.onChange(cb), [client]),
    () => client.session.getSync(),
  );
}

/** The cached user, re-rendering on change. */
export function useUser(client: AuthClient): User | null {
  return useSyncExternalStore(
    useCallback((cb: () => void) => client.user.onChange(cb), [client]),
    () => client.user.getSync(),
  );
}

/**
 * How many ways the user has to sign in (docs/reference/elements/user-profile.md#rules): verified emails and
 * phones, linked providers, passkeys, wallets, and a password (which needs an email to go with it).
 */
export function signInMethodCount(user: User): number {
  return (
    user.emails.filter((e) => e.verified).length +
    user.phone_numbers.filter((p) => p.verified).length +
    user.providers.length +
    user.webauthn_registrations.length +
    user.crypto_wallets.length
  );
}

/** Whether removing one of the user's sign-in methods would leave none. */
export function isLastMethod(user: User): boolean {
  return signInMethodCount(user) <= 1;
}

/** The answers for an address or wallet another user has: one message that says nothing of that user. */
const DUPLICATES = ['duplicate_email', 'duplicate_phone_number', 'duplicate_crypto_wallet'] as const;

/** A section's result line and error, and how to set them. */
export interface SectionStatus {
  /** Announces a done change (the polite live region of the section). */
  ok(message: string): void;
  /** Announces what failed (`action`, e.g. 'Remove a@example.com') and why; the host gets the error too. */
  fail(action: string, error: unknown): void;
  /** Clears both lines. */
  clear(): void;
  /** The two lines, to render in the section (always mounted, so they are announced). */
  node: ReactNode;
}

/** The result and error lines of one section. */
export function useSectionStatus(section: ProfileSection): SectionStatus {
  const { strings, reportError } = useWidget();
  const [ok, setOk] = useState('');
  const [error, setError] = useState('');
  const fail = useCallback(
    (action: string, e: unknown) => {
      // Our own words where the server's would say less (or reveal whose the address is): the rest is the widget's usual text.
      const usual = e instanceof Error && e.name === 'LinkedElsewhere' ? e.message : reportError(e);
      const reason = isApiError(e, 'last_sign_in_method')
        ? strings['profile.lastMethodError']
        : DUPLICATES.some((t) => isApiError(e, t))
          ? strings['profile.alreadyUsed']
          : usual;
      setOk('');
      setError(text(strings, 'profile.failed', { action, reason }));
    },
    [strings, reportError],
  );
  return {
    ok: useCallback((m: string) => {
      setError('');
      setOk(m);
    }, []),
    fail,
    clear: useCallback(() => {
      setOk('');
      setError('');
    }, []),
    node: (
      <>
        <p className="ae-profile-ok" role="status" data-profile-ok={section}>
          {ok}
        </p>
        <p className="ae-error" part="error" role="alert" data-profile-error={section}>
          {error}
        </p>
      </>
    ),
  };
}

/** Props of {@link Section}. */
export interface SectionProps {
  name: ProfileSection;
  children?: ReactNode;
  /** Extra class (the delete section's danger frame). */
  className?: string;
}

/** One section: a titled region at the heading level under the screen's title. */
export function Section({ name, children, className }: SectionProps) {
  const { config, strings } = useWidget();
  const id = useId();
  const level = Math.min((config.headingLevel ?? 1) + 1, 6);
  const Tag = `h${level}` as 'h2';
  return (
    <section className={`ae-profile-section${className ? ` ${className}` : ''}`} aria-labelledby={id} data-section={name}>
      <Tag className="ae-profile-title" part="label" id={id} tabIndex={-1}>
        {strings[`profile.section.${name}` as StringKey]}
      </Tag>
      {children}
    </section>
  );
}

/**
 * Moves focus after a change, once React has drawn it: to `selector` inside `root`, else to the
 * section's title (the control that had focus may be gone, e.g. a removed row's button).
 */
export function useFocusAfter(): { root: RefObject<HTMLDivElement>; focus(selector: string): void } {
  const root = useRef<HTMLDivElement>(null);
  // The target is looked up after React commits the render the caller's state change makes (an effect),
  // not at the next animation frame: on a busy machine the frame came before that render, the target
  // (say the Edit button a saved form gives way to) was not there yet, and focus fell to the title.
  const [pending, setPending] = useState<{ selector: string } | null>(null);
  useEffect(() => {
    if (!pending) return;
    const find = (selector: string) => root.current?.querySelector<HTMLElement>(selector);
    const now = find(pending.selector);
    if (now) {
      now.focus();
      return;
    }
    // A target that a later render brings (a row the refreshed user adds): one frame more, then the title.
    const frame = requestAnimationFrame(() => (find(pending.selector) ?? find('.ae-profile-title'))?.focus());
    return () => cancelAnimationFrame(frame);
  }, [pending]);
  const focus = useCallback((selector: string) => setPending({ selector }), []);
  return { root, focus };
}

/** Escapes a value for use inside a CSS attribute selector. */
export function cssValue(v: string): string {
  return v.replace(/["\\]/g, '\\$&');
}

/** "5 minutes ago" in the widget's language (Intl.RelativeTimeFormat), from an ISO time. */
export function relativeTime(locale: string, iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return '';
  const seconds = Math.round((at - now) / 1000);
  const fmt = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return fmt.format(0, 'second');
  if (abs < 3600) return fmt.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return fmt.format(Math.round(seconds / 3600), 'hour');
  if (abs < 86400 * 30) return fmt.format(Math.round(seconds / 86400), 'day');
  if (abs < 86400 * 365) return fmt.format(Math.round(seconds / (86400 * 30)), 'month');
  return fmt.format(Math.round(seconds / (86400 * 365)), 'year');
}

/**
 * A form's last row: its submit button (`label`, busy while the call runs, `submitData` its data attribute)
 * and Cancel, a link button running `onCancel` (which puts the section back and moves focus).
 */
export function SubmitOrCancel({
  label,
  busy,
  disabled,
  submitData,
  onCancel,
}: {
  label: string;
  busy: boolean;
  disabled?: boolean;
  submitData: `data-${string}`;
  onCancel(): void;
}) {
  const { strings } = useWidget();
  return (
    <div className="ae-profile-actions">
      <Button type="submit" busy={busy} disabled={disabled} {...{ [submitData]: '' }}>
        {label}
      </Button>
      <button type="button" className="ae-link" part="button link-button" onClick={onCancel}>
        {strings['profile.cancel']}
      </button>
    </div>
  );
}

/** The row that asks before a removal: 'Remove {name}?', then Remove or Cancel (the passkey, address and authenticator rows share it). */
export function ConfirmRemove({ name, busy, onConfirm, onCancel }: { name: string; busy: boolean; onConfirm(): void; onCancel(): void }) {
  const { strings } = useWidget();
  return (
    <div className="ae-profile-actions">
      <span className="ae-error" part="error">
        {text(strings, 'profile.confirmRemove', { name })}
      </span>
      <Button busy={busy} data-remove-confirm="" onClick={onConfirm}>
        {strings['profile.remove']}
      </Button>
      <button type="button" className="ae-link" part="button link-button" data-remove-cancel="" onClick={onCancel}>
        {strings['profile.cancel']}
      </button>
    </div>
  );
}
