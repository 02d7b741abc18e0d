/**
 * The script of /clientside-services/index.html (clientside-services.ts), run in the browser inside the
 * frame the provider's pre-built UIs create. It answers their `{ method, args }` messages on the
 * MessagePort they transfer, and only when the sender's origin is this server's own or one of the
 * project's allowed origins (the page's data-allowed-origins). Plain JavaScript kept as a string, so the
 * bundled server (server/ops/build.mjs) carries it and it needs no build; libphonenumber-js's browser
 * bundle, loaded before it, does the parsing.
 */
export const FRAME_SCRIPT = `(() => {
  'use strict';
  const lib = globalThis.libphonenumber;
  const data = document.documentElement.dataset;
  const patterns = JSON.parse(data.allowedOrigins || '[]');
  // One example mobile number per country (the phone field's placeholder).
  const examples = JSON.parse(data.examples || '{}');

  // The same rule as server/project/origins.ts: an exact origin, or scheme://host:* for any port.
  const allowed = (origin) => {
    if (origin === location.origin) return true;
    let o;
    try {
      o = new URL(origin);
    } catch {
      return false;
    }
    if (o.origin !== origin) return false;
    return patterns.some((p) => {
      try {
        if (!p.endsWith(':*')) return new URL(p).origin === origin;
        const base = new URL(p.slice(0, -2));
        return base.protocol === o.protocol && base.hostname === o.hostname;
      } catch {
        return false;
      }
    });
  };

  const region = (value) => (typeof value === 'string' && /^[A-Z]{2}$/.test(value) && lib.isSupportedCountry(value) ? value : undefined);

  const handlers = {
    // { phoneNumber, regionCode? } -> { isValid, number (E.164), national }. A number that is not (yet)
    // valid comes back as typed: the UIs write national into the field on every keystroke.
    parsedPhoneNumber(req) {
      const text = typeof req.phoneNumber === 'string' ? req.phoneNumber.slice(0, 64) : '';
      const parsed = lib.parsePhoneNumberFromString(text, region(req.regionCode));
      if (!parsed) return { isValid: false, number: text, national: text };
      const isValid = parsed.isValid();
      return { isValid, number: parsed.number, national: isValid ? parsed.formatNational() : text, countryCode: parsed.countryCallingCode };
    },
    // { regionCode } -> { phoneNumber }: the country's example mobile number in national format.
    getExamplePhoneNumber(req) {
      const country = region(req.regionCode);
      const example = country ? examples[country] : undefined;
      return { phoneNumber: country && typeof example === 'string' ? lib.parsePhoneNumber(example, country).formatNational() : '' };
    },
  };

  window.addEventListener('message', (event) => {
    // Nothing for a foreign sender, not even an error: it learns nothing, and this page does nothing for it.
    if (!allowed(event.origin)) return;
    const port = event.ports[0];
    if (!port) return;
    const msg = event.data;
    const name = msg && typeof msg.method === 'string' && Object.hasOwn(handlers, msg.method) ? msg.method : undefined;
    const first = msg && Array.isArray(msg.args) ? msg.args[0] : undefined;
    const req = typeof first === 'object' && first !== null ? first : {};
    try {
      if (!name) throw new TypeError('clientside-services: unsupported method ' + String(msg && msg.method).slice(0, 40));
      port.postMessage({ success: true, payload: handlers[name](req) });
    } catch (err) {
      // The UIs rebuild an error by its name (their ErrorMarshaller); TypeError is one they know.
      port.postMessage({ success: false, error: { name: 'TypeError', message: err instanceof Error ? err.message : String(err) } });
    }
    port.close();
  });
})();
`;
