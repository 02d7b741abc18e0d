/**
 * The registration widget's passkey screens (docs/reference/methods/webauthn.md#screens "Passkeys"): PasskeyRegistrationStart and
 * PasskeyRegistrationSuccess. Their own chunk, loaded by the registry entry (index.ts), so a login
 * without passkeys never ships them (docs/reference/house-style.md#bundle-size). Focus on arrival is the shell's (LoginWidget.tsx).
 */
import { type FormEvent, useCallback, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { isWebAuthnAbort } from '../../sdk-core/helpers.ts';
import type { AuthClient, Session, User } from '../../sdk-core/index.ts';
import { useChunkStyles } from '../components/chunk-styles.ts';
import { CheckIcon } from '../components/SuccessScreen.tsx';
import { useWidget } from '../context.ts';
import { text } from '../text.ts';
import { useReverify } from '../mfa/index.ts';
import { isDuplicatePasskey } from './errors.ts';
import { PASSKEY_RULES } from './styles.ts';
import { Heading } from '../components/Heading.tsx';

/** The current session, re-rendering on change. */
function useSession(client: AuthClient): Session | null {
  return useSyncExternalStore(
    useCallback((cb: () => void) => client.session.onChange(cb), [client]),
    () => client.session.getSync(),
  );
}

/** The cached user, re-rendering on change. */
function useUser(client: AuthClient): User | null {
  return useSyncExternalStore(
    useCallback((cb: () => void) => client.user.onChange(cb), [client]),
    () => client.user.getSync(),
  );
}

/** PasskeyRegistrationStart: 'Create a Passkey' or Skip (docs/reference/elements/auth-passkey-registration.md#screens). */
export function PasskeyRegistrationStart() {
  return <Registration screen="PasskeyRegistrationStart" />;
}

/** PasskeyRegistrationSuccess: the created message and the Existing Passkeys list (docs/reference/elements/auth-passkey-registration.md#screens). */
export function PasskeyRegistrationSuccess() {
  return <Registration screen="PasskeyRegistrationSuccess" />;
}

/** The registration widget's screens; without a signed-in user only the docs/reference/methods/webauthn.md#screens error shows. */
function Registration({ screen }: { screen: 'PasskeyRegistrationStart' | 'PasskeyRegistrationSuccess' }) {
  const { client, strings } = useWidget();
  const session = useSession(client);
  if (!session) {
    return (
      <p className="ae-error" part="error" role="alert" data-passkey-unauthenticated="">
        {strings['passkeyRegistration.unauthenticated']}
      </p>
    );
  }
  return screen === 'PasskeyRegistrationStart' ? <RegistrationStart /> : <RegistrationSuccess />;
}

/** PasskeyRegistrationStart: 'Create a Passkey' or Skip (docs/reference/elements/auth-passkey-registration.md#screens). */
function RegistrationStart() {
  const { client, config, strings, dispatch, emit, reportError } = useWidget();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRef<AbortController | null>(null);
  // Leaving (or the host removing the widget) cancels an open browser prompt.
  useEffect(() => () => request.current?.abort(), []);

  const create = async () => {
    if (busy) return;
    const controller = new AbortController();
    request.current = controller;
    setBusy(true);
    setError(null);
    try {
      const resp = await client.webauthn.register({
        session_duration_minutes: config.sessionDurationMinutes,
        is_passkey: true,
        signal: controller.signal,
      });
      emit({ type: 'PASSKEY_REGISTER', data: resp });
      dispatch({ type: 'passkey_registered' });
    } catch (err) {
      if (controller.signal.aborted || isWebAuthnAbort(err)) return;
      reportError(err);
      setError(isDuplicatePasskey(err) ? strings['passkey.errorDuplicate'] : strings['passkey.errorNotCreated']);
      setBusy(false);
    }
  };
  const skip = () => {
    request.current?.abort();
    emit({ type: 'PASSKEY_SKIP', data: {} });
    dispatch({ type: 'passkey_registration_skipped' });
  };

  return (
    <div className="ae-form">
      <Heading>{strings['passkeyRegistration.startTitle']}</Heading>
      <p className="ae-text" part="text">
        {strings['passkeyRegistration.startText']}
      </p>
      {/* Always mounted, so the failure text is announced when it arrives. */}
      <div className="ae-error" part="error" role="alert" data-passkey-error="">
        {error}
      </div>
      <button
        type="button"
        className="ae-button"
        part="button primary-button"
        data-autofocus=""
        data-passkey-create=""
        aria-disabled={busy ? 'true' : undefined}
        onClick={create}
      >
        {strings['passkeyRegistration.create']}
      </button>
      <button type="button" className="ae-button ae-button-secondary" part="button secondary-button" data-passkey-skip="" onClick={skip}>
        {strings['passkeyRegistration.skip']}
      </button>
      <div className="ae-visually-hidden" role="status">
        {busy ? strings['passkeyRegistration.creating'] : ''}
      </div>
    </div>
  );
}

type Mode = { kind: 'idle' } | { kind: 'renaming'; id: string; draft: string } | { kind: 'confirmDelete'; id: string };

/**
 * PasskeyRegistrationSuccess (docs/reference/elements/auth-passkey-registration.md#screens): the created message, 'Existing Passkeys' with rename and delete.
 * A pending delete shows Delete and Cancel with the warning; otherwise 'Set up another Passkey' and
 * 'Done', both disabled while renaming.
 */
function RegistrationSuccess() {
  const { client, strings, state, dispatch, emit, reportError, toast } = useWidget();
  const user = useUser(client);
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [deleting, setDeleting] = useState(false);
  // A stale session is asked to verify again before a passkey goes (issue 29), in place, then the delete is retried.
  const reverification = useReverify();
  // Names changed here show at once (rename is fire-and-forget, docs/reference/methods/webauthn.md#calls).
  const [renamed, setRenamed] = useState<Record<string, string>>({});
  const ref = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const refocus = useRef<string | null>(null);
  const titleId = useId();
  const listTitleId = useId();
  const inputId = useId();
  useChunkStyles(ref, PASSKEY_RULES);

  // The list comes from the cached user; refresh it once from the server (another tab may have changed it).
  useEffect(() => {
    void client.user.get().catch((e: unknown) => reportError(e));
  }, [client, reportError]);

  // After a mode change, put focus where the user's next step is.
  useLayoutEffect(() => {
    const target = refocus.current;
    if (target === null) return;
    refocus.current = null;
    ref.current?.querySelector<HTMLElement>(target)?.focus();
  });
  const go = (next: Mode, focusSelector: string) => {
    refocus.current = focusSelector;
    setMode(next);
  };

  const passkeys: User['webauthn_registrations'] = (user?.webauthn_registrations ?? []).map((r) =>
    Object.hasOwn(renamed, r.webauthn_registration_id) ? { ...r, name: renamed[r.webauthn_registration_id] ?? r.name } : r,
  );
  // The title says a passkey was just created only when one was (not after Skip).
  const created = state.passkeyState.outcome === 'created';

  const saveRename = (e: FormEvent) => {
    e.preventDefault();
    if (mode.kind !== 'renaming') return;
    const name = mode.draft.trim();
    const id = mode.id;
    if (name !== '') {
      setRenamed((r) => ({ ...r, [id]: name }));
      // Fire-and-forget with the error logged (docs/reference/methods/webauthn.md#calls): the list already shows the new name.
      client.webauthn.update({ webauthn_registration_id: id, name }).catch((err: unknown) => {
        console.error('Auth Elements: renaming the passkey failed', err);
      });
    }
    go({ kind: 'idle' }, `[data-rename="${cssId(id)}"]`);
  };

  const confirmDelete = async () => {
    if (mode.kind !== 'confirmDelete' || deleting) return;
    setDeleting(true);
    try {
      const id = mode.id;
      await reverification.guard(() => client.webauthn.deleteRegistration(id));
      toast('success', strings['passkeyRegistration.deleted']);
      go({ kind: 'idle' }, 'h2');
    } catch (err) {
      toast('error', reportError(err));
    } finally {
      setDeleting(false);
    }
  };

  const renaming = mode.kind === 'renaming';
  return (
    <div className="ae-form" ref={ref}>
      {created && <CheckIcon />}
      <Heading id={titleId}>{created ? strings['passkeyRegistration.successTitle'] : strings['passkeyRegistration.existing']}</Heading>
      {created && (
        <h2 className="ae-label" part="label" id={listTitleId} tabIndex={-1}>
          {strings['passkeyRegistration.existing']}
        </h2>
      )}
      {passkeys.length === 0 ? (
        <p className="ae-helper" part="helper">
          {strings['passkeyRegistration.none']}
        </p>
      ) : (
        <ul className="ae-pk-list" ref={listRef} aria-labelledby={created ? listTitleId : titleId} data-passkey-list="">
          {passkeys.map((p) => {
            const id = p.webauthn_registration_id;
            const editing = mode.kind === 'renaming' && mode.id === id;
            const pendingDelete = mode.kind === 'confirmDelete' && mode.id === id;
            return (
              <li key={id} className="ae-pk-item" data-passkey-id={id} data-pending-delete={pendingDelete ? '' : undefined}>
                {editing ? (
                  <form className="ae-pk-rename" onSubmit={saveRename}>
                    <label className="ae-label" part="label" htmlFor={inputId}>
                      {strings['passkeyRegistration.nameLabel']}
                    </label>
                    <input
                      id={inputId}
                      className="ae-input"
                      part="input passkey-name-input"
                      type="text"
                      autoComplete="off"
                      maxLength={200}
                      required
                      value={mode.draft}
                      data-rename-input=""
                      onChange={(e) => setMode({ kind: 'renaming', id, draft: e.target.value })}
                      onKeyDown={(e) => {
                        if (e.key === 'Escape') {
                          e.preventDefault();
                          go({ kind: 'idle' }, `[data-rename="${cssId(id)}"]`);
                        }
                      }}
                    />
                    <div className="ae-pk-actions">
                      <button type="submit" className="ae-link" part="button link-button" data-rename-save="">
                        {strings['passkeyRegistration.save']}
                      </button>
                      <button type="button" className="ae-link" part="button link-button" onClick={() => go({ kind: 'idle' }, `[data-rename="${cssId(id)}"]`)}>
                        {strings['passkeyRegistration.cancel']}
                      </button>
                    </div>
                  </form>
                ) : (
                  <>
                    <span className="ae-pk-name">{p.name}</span>
                    {pendingDelete ? (
                      <>
                        <p className="ae-error" part="error" role="alert">
                          {strings['passkeyRegistration.deleteWarning']}
                        </p>
                        <div className="ae-pk-actions">
                          <button
                            type="button"
                            className="ae-button"
                            part="button primary-button"
                            data-delete-confirm=""
                            aria-disabled={deleting ? 'true' : undefined}
                            onClick={confirmDelete}
                          >
                            {strings['passkeyRegistration.delete']}
                          </button>
                          <button
                            type="button"
                            className="ae-button ae-button-secondary"
                            part="button secondary-button"
                            data-delete-cancel=""
                            onClick={() => go({ kind: 'idle' }, `[data-delete="${cssId(id)}"]`)}
                          >
                            {strings['passkeyRegistration.cancel']}
                          </button>
                        </div>
                      </>
                    ) : (
                      <div className="ae-pk-actions">
                        <button
                          type="button"
                          className="ae-link"
                          part="button link-button"
                          data-rename={id}
                          aria-label={text(strings, 'passkeyRegistration.renameLabel', { name: p.name })}
                          disabled={mode.kind !== 'idle'}
                          onClick={() => go({ kind: 'renaming', id, draft: p.name }, '[data-rename-input]')}
                        >
                          {strings['passkeyRegistration.rename']}
                        </button>
                        <button
                          type="button"
                          className="ae-link"
                          part="button link-button"
                          data-delete={id}
                          aria-label={text(strings, 'passkeyRegistration.deleteLabel', { name: p.name })}
                          disabled={mode.kind !== 'idle'}
                          onClick={() => go({ kind: 'confirmDelete', id }, '[data-delete-cancel]')}
                        >
                          {strings['passkeyRegistration.delete']}
                        </button>
                      </div>
                    )}
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {reverification.prompt}
      {mode.kind !== 'confirmDelete' && (
        <>
          <button
            type="button"
            className="ae-button ae-button-secondary"
            part="button secondary-button"
            data-set-up-another=""
            disabled={renaming}
            onClick={() => dispatch({ type: 'passkey_register_another' })}
          >
            {strings['passkeyRegistration.setUpAnother']}
          </button>
          <button
            type="button"
            className="ae-button"
            part="button primary-button"
            data-passkey-done=""
            disabled={renaming}
            onClick={() => emit({ type: 'PASSKEY_DONE', data: {} })}
          >
            {strings['passkeyRegistration.done']}
          </button>
        </>
      )}
    </div>
  );
}

/** Escapes an id for use inside a CSS attribute selector. */
function cssId(id: string): string {
  return id.replace(/["\\]/g, '\\$&');
}
