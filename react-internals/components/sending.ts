/**
 * The Main screen's floating loading indicator (docs/reference/elements/auth-login.md#mounting: "A floating loading indicator can replace
 * the screen"): each form reports whether a send is in flight, Main shows the indicator while any is.
 */
import { createContext, useContext, useEffect, useId } from 'react';

/** Setter Main provides: marks the form `id` busy or idle. */
export type SendingReporter = (id: string, busy: boolean) => void;

/** Context through which forms reach Main's indicator; null outside Main (the hook does nothing). */
export const SendingContext = createContext<SendingReporter | null>(null);

/** Shows Main's loading indicator while `busy` is true (and stops when the form unmounts). */
export function useSendingIndicator(busy: boolean): void {
  const report = useContext(SendingContext);
  const id = useId();
  useEffect(() => {
    if (!report) return;
    report(id, busy);
    return () => report(id, false);
  }, [report, id, busy]);
}
