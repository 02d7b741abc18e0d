/**
 * The profile's contact sections (docs/reference/elements/user-profile.md#sections): the name, and the email
 * addresses and phone numbers (add by passcode, make primary, remove). A new address is verified by the
 * passcode the secondary send mails or texts under the session; the passcode's authenticate attaches it.
 */
import { type FormEvent, useId, useState } from 'react';
import type { User } from '../../sdk-core/index.ts';
import { Button } from '../components/Button.tsx';
import { useWidget } from '../context.ts';
import { text } from '../text.ts';
import { cssValue, isLastMethod, Section, useFocusAfter, useSectionStatus, useUser, ConfirmRemove, SubmitOrCancel } from './common.tsx';

/** The name section: shows the name, edits first and last name. */
export function NameSection() {
  const { client, strings, emit } = useWidget();
  const user = useUser(client);
  const status = useSectionStatus('profile');
  const { root, focus } = useFocusAfter();
  const [draft, setDraft] = useState<{ first: string; last: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const firstId = useId();
  const lastId = useId();
  if (!user) return null;
  const shown = [user.name.first_name, user.name.last_name].filter(Boolean).join(' ');

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft || busy) return;
    setBusy(true);
    try {
      await client.user.update({ name: { first_name: draft.first.trim(), last_name: draft.last.trim() } });
      setDraft(null);
      status.ok(strings['profile.nameSaved']);
      emit({ type: 'PROFILE_UPDATE', data: { section: 'profile', change: 'name_updated' } });
      focus('[data-name-edit]');
    } catch (err) {
      status.fail(strings['profile.save'], err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div ref={root}>
      <Section name="profile">
        {draft ? (
          <form className="ae-profile-form" onSubmit={save} data-name-form="">
            <div className="ae-profile-row">
              <div className="ae-profile-form">
                <label className="ae-label" part="label" htmlFor={firstId}>
                  {strings['profile.firstName']}
                </label>
                <input
                  id={firstId}
                  name="first_name"
                  className="ae-input"
                  part="input"
                  autoComplete="given-name"
                  maxLength={100}
                  value={draft.first}
                  onChange={(e) => setDraft({ ...draft, first: e.target.value })}
                />
              </div>
              <div className="ae-profile-form">
                <label className="ae-label" part="label" htmlFor={lastId}>
                  {strings['profile.lastName']}
                </label>
                <input
                  id={lastId}
                  name="last_name"
                  className="ae-input"
                  part="input"
                  autoComplete="family-name"
                  maxLength={100}
                  value={draft.last}
                  onChange={(e) => setDraft({ ...draft, last: e.target.value })}
                />
              </div>
            </div>
            <SubmitOrCancel
              label={strings['profile.save']}
              busy={busy}
              submitData="data-name-save"
              onCancel={() => {
                setDraft(null);
                focus('[data-name-edit]');
              }}
            />
          </form>
        ) : (
          <div className="ae-profile-item">
            <span className="ae-profile-name" data-name-shown="">
              {shown || strings['profile.noName']}
            </span>
            <button
              type="button"
              className="ae-link"
              part="button link-button"
              data-name-edit=""
              onClick={() => {
                status.clear();
                setDraft({ first: user.name.first_name, last: user.name.last_name });
                focus('input[name="first_name"]');
              }}
            >
              {strings['profile.edit']}
            </button>
          </div>
        )}
        {status.node}
      </Section>
    </div>
  );
}

interface Contact {
  id: string;
  value: string;
  verified: boolean;
}

/** The email addresses section. */
export function EmailsSection() {
  return <ContactSection kind="email" />;
}

/** The phone numbers section. */
export function PhonesSection() {
  return <ContactSection kind="phone_number" />;
}

const contactsOf = (user: User, kind: 'email' | 'phone_number'): Contact[] =>
  kind === 'email'
    ? user.emails.map((e) => ({ id: e.email_id, value: e.email, verified: e.verified }))
    : user.phone_numbers.map((p) => ({ id: p.phone_id, value: p.phone_number, verified: p.verified }));

type Adding = { step: 'enter'; value: string } | { step: 'code'; value: string; methodId: string; code: string };

/** A list of addresses of one kind with add (by passcode), make primary and remove. */
function ContactSection({ kind }: { kind: 'email' | 'phone_number' }) {
  const { client, config, strings, emit } = useWidget();
  const user = useUser(client);
  const section = kind === 'email' ? 'emails' : 'phones';
  const status = useSectionStatus(section);
  const { root, focus } = useFocusAfter();
  const [pending, setPending] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState<Adding | null>(null);
  const inputId = useId();
  const codeId = useId();
  const reasonId = useId();
  if (!user) return null;
  const contacts = contactsOf(user, kind);
  const last = isLastMethod(user);

  const remove = async (c: Contact) => {
    setBusy(true);
    try {
      await client.user.deleteFactor(kind, c.id);
      setPending(null);
      status.ok(text(strings, 'profile.removed', { name: c.value }));
      emit({ type: 'PROFILE_UPDATE', data: { section, change: `${kind}_removed` } });
      focus('[data-contact-add]');
    } catch (err) {
      status.fail(text(strings, 'profile.removeLabel', { name: c.value }), err);
    } finally {
      setBusy(false);
    }
  };

  const makePrimary = async (c: Contact) => {
    setBusy(true);
    try {
      await client.user.makePrimary(kind, c.id);
      status.ok(text(strings, 'profile.madePrimary', { name: c.value }));
      emit({ type: 'PROFILE_UPDATE', data: { section, change: `${kind}_primary` } });
      focus(`[data-contact="${cssValue(c.value)}"] .ae-profile-name`);
    } catch (err) {
      status.fail(text(strings, 'profile.makePrimaryLabel', { name: c.value }), err);
    } finally {
      setBusy(false);
    }
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!adding || busy) return;
    const value = adding.value.trim();
    if (value === '') return;
    setBusy(true);
    try {
      const channel = kind === 'email' ? client.otps.email : client.otps.sms;
      const r = await channel.send(value);
      const methodId = r.method_id ?? r.email_id ?? r.phone_id ?? '';
      setAdding({ step: 'code', value, methodId, code: '' });
      status.clear();
      focus('input[name="code"]');
    } catch (err) {
      status.fail(strings[kind === 'email' ? 'profile.addEmail' : 'profile.addPhone'], err);
    } finally {
      setBusy(false);
    }
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (adding?.step !== 'code' || busy) return;
    setBusy(true);
    try {
      await client.otps.authenticate(adding.code.trim(), adding.methodId, { session_duration_minutes: config.sessionDurationMinutes });
      await client.user.get();
      status.ok(text(strings, 'profile.emailAdded', { name: adding.value }));
      emit({ type: 'PROFILE_UPDATE', data: { section, change: `${kind}_added` } });
      setAdding(null);
      focus(`[data-contact="${cssValue(adding.value)}"] .ae-profile-name`);
    } catch (err) {
      status.fail(strings['profile.verify'], err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div ref={root}>
      <Section name={section}>
        {contacts.length === 0 ? (
          <p className="ae-helper" part="helper">
            {strings['profile.none']}
          </p>
        ) : (
          <ul className="ae-profile-list">
            {contacts.map((c, i) => {
              const confirming = pending === c.id;
              return (
                <li key={c.id} className="ae-profile-item" data-contact={c.value} data-pending={confirming ? '' : undefined}>
                  <div className="ae-profile-what">
                    <span className="ae-profile-name" tabIndex={-1}>
                      {c.value}
                    </span>
                    <span className="ae-profile-badges">
                      {i === 0 && (
                        <span className="ae-profile-badge" data-primary="">
                          {strings['profile.primary']}
                        </span>
                      )}
                      <span className="ae-profile-badge">{strings[c.verified ? 'profile.verified' : 'profile.unverified']}</span>
                    </span>
                  </div>
                  {confirming ? (
                    <ConfirmRemove
                      name={c.value}
                      busy={busy}
                      onConfirm={() => remove(c)}
                      onCancel={() => {
                        setPending(null);
                        focus(`[data-contact="${cssValue(c.value)}"] [data-remove]`);
                      }}
                    />
                  ) : (
                    <div className="ae-profile-actions">
                      {i > 0 && c.verified && (
                        <button
                          type="button"
                          className="ae-link"
                          part="button link-button"
                          data-make-primary=""
                          aria-label={text(strings, 'profile.makePrimaryLabel', { name: c.value })}
                          onClick={() => makePrimary(c)}
                        >
                          {strings['profile.makePrimary']}
                        </button>
                      )}
                      <button
                        type="button"
                        className="ae-link"
                        part="button link-button"
                        data-remove=""
                        aria-label={text(strings, 'profile.removeLabel', { name: c.value })}
                        aria-describedby={last && c.verified ? reasonId : undefined}
                        disabled={last && c.verified}
                        onClick={() => {
                          status.clear();
                          setPending(c.id);
                          focus(`[data-contact="${cssValue(c.value)}"] [data-remove-cancel]`);
                        }}
                      >
                        {strings['profile.remove']}
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {last && contacts.some((c) => c.verified) && (
          <p className="ae-helper" part="helper" id={reasonId} data-last-method="">
            {strings['profile.lastMethod']}
          </p>
        )}
        {adding === null ? (
          <Button
            variant="secondary"
            data-contact-add=""
            onClick={() => {
              status.clear();
              setAdding({ step: 'enter', value: '' });
              focus(`input[name="${kind}"]`);
            }}
          >
            {strings[kind === 'email' ? 'profile.addEmail' : 'profile.addPhone']}
          </Button>
        ) : adding.step === 'enter' ? (
          <form className="ae-profile-form" onSubmit={send} data-contact-form="">
            <label className="ae-label" part="label" htmlFor={inputId}>
              {strings[kind === 'email' ? 'profile.emailLabel' : 'profile.phoneLabel']}
            </label>
            <input
              id={inputId}
              name={kind}
              className="ae-input"
              part="input"
              type={kind === 'email' ? 'email' : 'tel'}
              autoComplete={kind === 'email' ? 'email' : 'tel'}
              dir="ltr"
              required
              value={adding.value}
              onChange={(e) => setAdding({ step: 'enter', value: e.target.value })}
            />
            <SubmitOrCancel
              label={strings['profile.sendCode']}
              busy={busy}
              submitData="data-contact-send"
              onCancel={() => {
                setAdding(null);
                focus('[data-contact-add]');
              }}
            />
          </form>
        ) : (
          <form className="ae-profile-form" onSubmit={verify} data-contact-verify="">
            <label className="ae-label" part="label" htmlFor={codeId}>
              {text(strings, 'profile.codeSentTo', { destination: adding.value })}
            </label>
            <input
              id={codeId}
              name="code"
              className="ae-input"
              part="input"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              required
              dir="ltr"
              value={adding.code}
              onChange={(e) => setAdding({ ...adding, code: e.target.value.replace(/\D/g, '') })}
            />
            <SubmitOrCancel
              label={strings['profile.verify']}
              busy={busy}
              submitData="data-contact-verify-submit"
              onCancel={() => {
                setAdding(null);
                focus('[data-contact-add]');
              }}
            />
          </form>
        )}
        {status.node}
      </Section>
    </div>
  );
}
