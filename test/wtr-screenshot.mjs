// WTR plugin: a screenshot of part of the calling test's page, for pixel comparisons in the browser
// (elements/first-paint/parity.test.ts). Tests call
// `executeServerCommand('screenshot:clip', { x, y, width, height })` (CSS px of the viewport) and get
// a base64 PNG back, which they decode with createImageBitmap and a canvas.

/** WTR server plugin handling `screenshot:clip`. */
export function screenshotPlugin() {
  return {
    name: 'screenshot-clip',
    async executeCommand({ command, payload, session }) {
      if (command !== 'screenshot:clip') return undefined;
      const { x, y, width, height } = payload ?? {};
      if (![x, y, width, height].every((v) => typeof v === 'number' && Number.isFinite(v))) throw new Error('screenshot:clip takes { x, y, width, height }');
      const page = session.browser.getPage(session.id);
      return await page.screenshot({ clip: { x, y, width, height }, encoding: 'base64' });
    },
  };
}
