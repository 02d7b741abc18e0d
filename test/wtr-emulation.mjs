// WTR plugin: CSS media emulation that @web/test-runner-commands' emulateMedia lacks under
// puppeteer (chromeLauncher): forced colours. Tests call
// `executeServerCommand('emulate:forced-colors', 'active' | 'none')`; it sets the media feature with
// CDP Emulation.setEmulatedMedia for the calling test's page.

/** WTR server plugin handling `emulate:forced-colors`. */
export function emulationPlugin() {
  const sessions = new Map();
  return {
    name: 'emulation-forced-colors',
    async executeCommand({ command, payload, session }) {
      if (command !== 'emulate:forced-colors') return undefined;
      if (payload !== 'active' && payload !== 'none') throw new Error("emulate:forced-colors takes 'active' or 'none'");
      const page = session.browser.getPage(session.id);
      let cdp = sessions.get(page);
      if (!cdp) {
        cdp = typeof page.createCDPSession === 'function' ? await page.createCDPSession() : await page.context().newCDPSession(page);
        sessions.set(page, cdp);
      }
      await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: payload }] });
      return true;
    },
  };
}
