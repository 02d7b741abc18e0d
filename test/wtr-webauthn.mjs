// WTR plugin: gives browser tests a Chromium virtual authenticator over CDP (WebAuthn domain), so
// passkey ceremonies run for real against the reference server. Tests call it through
// `executeServerCommand('webauthn:add-authenticator', options)` from @web/test-runner-commands.
// Commands: webauthn:add-authenticator, webauthn:remove-authenticator, webauthn:get-credentials,
// webauthn:clear-credentials, webauthn:set-user-verified, webauthn:set-presence.

/** WTR server plugin handling the `webauthn:*` commands for the page of the calling test session. */
export function webauthnPlugin() {
  // Per page (WTR may reuse a page for the next test file): the CDP session and its authenticators.
  const pages = new Map();

  const cdpFor = async (page, state) => {
    if (!state.cdp) {
      // puppeteer (chromeLauncher) exposes createCDPSession; playwright needs its context.
      state.cdp = typeof page.createCDPSession === 'function' ? await page.createCDPSession() : await page.context().newCDPSession(page);
      await state.cdp.send('WebAuthn.enable', { enableUI: false });
    }
    return state.cdp;
  };

  return {
    name: 'webauthn-virtual-authenticator',
    async executeCommand({ command, payload, session }) {
      if (!command.startsWith('webauthn:')) return undefined;
      const page = session.browser.getPage(session.id);
      const state = pages.get(page) ?? { authenticators: [] };
      pages.set(page, state);
      const cdp = await cdpFor(page, state);
      const current = () => {
        const id = payload?.authenticatorId ?? state.authenticators.at(-1);
        if (!id) throw new Error('webauthn: no virtual authenticator; call webauthn:add-authenticator first');
        return id;
      };
      switch (command) {
        case 'webauthn:add-authenticator': {
          // Chromium allows one internal (platform) authenticator per page: a new test file's
          // authenticator replaces the previous file's, so every file starts with no credentials.
          if ((payload?.transport ?? 'internal') === 'internal') {
            for (const id of state.authenticators) await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: id });
            state.authenticators = [];
          }
          const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
            options: {
              protocol: 'ctap2',
              transport: 'internal',
              hasResidentKey: true,
              hasUserVerification: true,
              isUserVerified: true,
              automaticPresenceSimulation: true,
              ...payload,
            },
          });
          state.authenticators.push(authenticatorId);
          return { authenticatorId };
        }
        case 'webauthn:remove-authenticator': {
          const id = current();
          await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: id });
          state.authenticators = state.authenticators.filter((a) => a !== id);
          return { removed: id };
        }
        case 'webauthn:get-credentials':
          return cdp.send('WebAuthn.getCredentials', { authenticatorId: current() });
        case 'webauthn:clear-credentials':
          await cdp.send('WebAuthn.clearCredentials', { authenticatorId: current() });
          return { cleared: true };
        case 'webauthn:set-user-verified':
          await cdp.send('WebAuthn.setUserVerified', { authenticatorId: current(), isUserVerified: payload?.isUserVerified !== false });
          return { ok: true };
        case 'webauthn:set-presence':
          // Off: requests wait for a user's touch that never comes (an autofill request stays open).
          await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId: current(), enabled: payload?.enabled !== false });
          return { ok: true };
        default:
          throw new Error(`unknown command ${command}`);
      }
    },
    async serverStop() {
      for (const state of pages.values()) await state.cdp?.detach().catch(() => undefined);
      pages.clear();
    },
  };
}
