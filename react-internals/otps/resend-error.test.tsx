import { expect } from '@open-wc/testing';
import { createClient } from '../../sdk-core/index.ts';
import { testEnv } from '../../test/env.ts';
import { initialWidgetState } from '../login/state.ts';
import { waitFor, widgetFixture } from '../test-utils.ts';

describe('a failed resend (issue 17 defect 3)', () => {
  const w = widgetFixture({ fakeClock: true });

  it('is shown under the resend button, which it describes, as well as in a toast; the next try clears it', async () => {
    const { publicToken } = await testEnv();
    // Nobody answers on port 9: the resend fails the way an offline phone's would.
    const down = createClient(publicToken, { apiBaseUrl: 'http://127.0.0.1:9', disableSessionRefresh: true });
    try {
      w.render({
        client: down,
        config: { products: ['otp'], otpOptions: { methods: ['email'] } },
        initialState: { ...initialWidgetState('OTPAuthenticate'), otpState: { type: 'email', methodId: 'email-test-0000', otpDestination: 'ada@example.com' } },
      });
      const resend = await waitFor(() => w.q<HTMLButtonElement>('[data-resend-state]'), 'resend button');
      resend.click();
      const inline = await waitFor(() => w.q<HTMLElement>('[data-resend-error]'), 'inline resend error');
      expect(inline.textContent).to.equal('Unable to contact our servers.');
      expect(resend.getAttribute('aria-describedby')).to.equal(inline.id);
      expect(w.q('.ae-toast')!.textContent).to.equal('Unable to contact our servers.');
      // The toast goes after docs/reference/constants.md#widget's 4 s; the inline message stays.
      w.clock.advance(4000);
      await waitFor(() => !w.q('.ae-toast'), 'toast gone');
      expect(w.q('[data-resend-error]')!.textContent).to.equal('Unable to contact our servers.');
      // Pressing resend again clears it while the new attempt runs (recorded: the failure is quick).
      const seen: (string | null)[] = [];
      const observer = new MutationObserver(() => seen.push(w.q('[data-resend-error]')?.textContent ?? null));
      observer.observe(w.host, { subtree: true, childList: true, characterData: true });
      resend.click();
      await waitFor(() => w.q('.ae-toast'), 'second toast');
      observer.disconnect();
      expect(seen).to.include(null);
      expect(w.q('[data-resend-error]')!.textContent).to.equal('Unable to contact our servers.');
    } finally {
      down.destroy();
    }
  });
});
