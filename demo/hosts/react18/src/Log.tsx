/** What the app learned from the widget's events, rendered by React (so the e2e test sees the handler ran). */
import { useCallback, useState } from 'react';
import type { AuthErrorDetail, AuthEvent } from 'auth-elements';

/** The app's record of the widget's events: their types, the signed-in email, the errors. */
export function useAuthLog() {
  const [events, setEvents] = useState<string[]>([]);
  const [email, setEmail] = useState<string>();
  const [errors, setErrors] = useState<string[]>([]);
  const onEvent = useCallback((e: CustomEvent<AuthEvent>) => {
    const { detail } = e;
    setEvents((list) => [...list, detail.type]);
    // The detail is a discriminated union: after this check, data is the authenticate answer.
    if (detail.type === 'OTP_AUTHENTICATE') setEmail(detail.data.user.emails[0]?.email);
  }, []);
  const onError = useCallback((e: CustomEvent<AuthErrorDetail>) => setErrors((list) => [...list, e.detail.message]), []);
  const done = events.includes('authenticate-flow-complete');
  return { events, email, errors, done, onEvent, onError };
}

/** The status line and the event and error lists. */
export function Log({ events, email, errors, done }: { events: string[]; email: string | undefined; errors: string[]; done: boolean }) {
  return (
    <>
      <p id="status">{done ? `Signed in as ${email}` : 'Signed out'}</p>
      <h2>Events</h2>
      <ol id="events">
        {events.map((type, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an append-only log; the same type repeats.
          <li key={i}>{type}</li>
        ))}
      </ol>
      <ol id="errors">
        {errors.map((message, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an append-only log.
          <li key={i}>{message}</li>
        ))}
      </ol>
    </>
  );
}
