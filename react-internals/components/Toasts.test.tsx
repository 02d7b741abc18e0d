import { expect } from '@open-wc/testing';
import { act, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { FakeClock } from '../test-utils.ts';
import { ToastList, type ToastsApi, useToasts } from './Toasts.tsx';

// React's act() environment flag, so state updates from the fake clock flush synchronously.
(globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('toasts (docs/reference/constants.md#widget durations, paused while read: issue 17 defect 3)', () => {
  let host: HTMLDivElement;
  let api: ToastsApi;
  let clock: FakeClock;
  let unmount: () => void;

  function Harness() {
    const t = useToasts(clock);
    useEffect(() => {
      api = t;
    });
    return <ToastList toasts={t.toasts} onHold={t.hold} onDismiss={t.dismiss} dismissLabel="Dismiss" />;
  }

  beforeEach(() => {
    clock = new FakeClock();
    host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    act(() => root.render(<Harness />));
    unmount = () => act(() => root.unmount());
  });
  afterEach(() => {
    unmount();
    host.remove();
  });

  const texts = () => [...host.querySelectorAll('.ae-toast')].map((t) => t.textContent);
  const advance = (ms: number) => act(() => clock.advance(ms));

  it('an error stays 4000 ms and a success 2000 ms when nobody is reading them; the text is exactly the message', () => {
    act(() => api.show('error', 'Could not resend'));
    act(() => api.show('success', 'Email resent'));
    expect(texts()).to.deep.equal(['Could not resend', 'Email resent']);
    advance(1999);
    expect(texts()).to.deep.equal(['Could not resend', 'Email resent']);
    advance(1);
    expect(texts()).to.deep.equal(['Could not resend']);
    advance(2000);
    expect(texts()).to.deep.equal([]);
  });

  it('pauses while focus is in a toast and resumes with the time that was left', () => {
    act(() => api.show('error', 'Could not resend'));
    advance(1000);
    const dismiss = host.querySelector<HTMLButtonElement>('button[aria-label="Dismiss"]')!;
    act(() => dismiss.focus());
    advance(60_000);
    expect(texts()).to.deep.equal(['Could not resend']);
    act(() => dismiss.blur());
    advance(2999);
    expect(texts()).to.deep.equal(['Could not resend']);
    advance(1);
    expect(texts()).to.deep.equal([]);
  });

  it('pauses while the pointer is over the toasts', () => {
    act(() => api.show('success', 'Email resent'));
    const list = host.querySelector<HTMLElement>('.ae-toasts')!;
    // React's onMouseEnter/onMouseLeave listen to mouseover/mouseout.
    act(() => list.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body })));
    advance(10_000);
    expect(texts()).to.deep.equal(['Email resent']);
    act(() => list.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body })));
    advance(2000);
    expect(texts()).to.deep.equal([]);
  });

  it('the dismiss button removes a toast at once', () => {
    act(() => api.show('error', 'Could not resend'));
    act(() => host.querySelector<HTMLButtonElement>('button[aria-label="Dismiss"]')!.click());
    expect(texts()).to.deep.equal([]);
  });
});
