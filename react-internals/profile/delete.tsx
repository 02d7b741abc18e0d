/**
 * The delete-account section (docs/reference/elements/user-profile.md#rules): a typed confirmation (the word
 * the label names, in the widget's language), then the deletion, re-verified when the session is stale.
 */
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../components/Button.tsx';
import { useWidget } from '../context.ts';
import { useReverify } from '../mfa/index.ts';
import { text } from '../text.ts';
import { Section, useFocusAfter, useSectionStatus, SubmitOrCancel } from './common.tsx';

/** The delete-account section. */
export function DeleteSection() {
  const { client, strings, emit } = useWidget();
  const status = useSectionStatus('deleteAccount');
  const { root, focus } = useFocusAfter();
  const reverification = useReverify();
  const [typed, setTyped] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const word = strings['profile.deleteWord'];

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (typed === null || busy) return;
    if (typed.trim() !== word) {
      setMismatch(true);
      focus('input[name="delete_confirm"]');
      return;
    }
    setBusy(true);
    try {
      await reverification.guard(() => client.user.deleteAccount());
      setDeleted(true);
      status.ok(strings['profile.deleted']);
      emit({ type: 'ACCOUNT_DELETED', data: {} });
    } catch (err) {
      status.fail(strings['profile.deleteConfirm'], err);
      setBusy(false);
    }
  };

  return (
    <div ref={root}>
      <Section name="deleteAccount" className="ae-profile-danger">
        <p className="ae-text" part="text">
          {strings['profile.deleteText']}
        </p>
        {deleted ? null : typed === null ? (
          <Button
            variant="secondary"
            data-delete-start=""
            onClick={() => {
              setTyped('');
              focus('input[name="delete_confirm"]');
            }}
          >
            {strings['profile.deleteStart']}
          </Button>
        ) : (
          <form className="ae-profile-form" onSubmit={confirm} noValidate data-delete-form="">
            <label className="ae-label" part="label" htmlFor={inputId}>
              {text(strings, 'profile.deleteConfirmLabel', { word })}
            </label>
            <input
              id={inputId}
              name="delete_confirm"
              className="ae-input"
              part="input"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={mismatch ? 'true' : undefined}
              aria-describedby={mismatch ? hintId : undefined}
              value={typed}
              onChange={(e) => {
                setTyped(e.target.value);
                setMismatch(false);
              }}
            />
            <p className="ae-error" part="error field-error" role="alert" id={hintId}>
              {mismatch ? text(strings, 'profile.deleteMismatch', { word }) : ''}
            </p>
            {reverification.prompt}
            <SubmitOrCancel
              label={strings['profile.deleteConfirm']}
              busy={busy}
              submitData="data-delete-confirm"
              onCancel={() => {
                setTyped(null);
                setMismatch(false);
                focus('[data-delete-start]');
              }}
            />
          </form>
        )}
        {status.node}
      </Section>
    </div>
  );
}
