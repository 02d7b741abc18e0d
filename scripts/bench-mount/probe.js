// Init script of `npm run bench:mount` (scripts/bench-mount.mjs), run in each page before any page
// script. It records, in ms since navigation start (performance.now()), when <auth-login> first holds an
// enabled email field and when React mounted, from the DOM and a performance mark only (no kit
// internals), so it measures today's element and a lit-html first paint alike:
// - field: the first time the element's shadow root (or, without shadow DOM, its light DOM) holds an
//   input[type=email] that is connected, not :disabled and not aria-disabled="true". Seen by
//   MutationObservers (on the document, and on every shadow root as attachShadow returns it) and a
//   requestAnimationFrame poll as a fallback (paint entries say when pixels first reached the screen).
// - reactMounted: the performance mark `auth-elements:react-mounted` when the bundle sets it
//   (options.expectMark), else the host's first `data-screen` attribute (set from React today).
// - usable: the first `input` event from an email field (the one untimed typing run, where
//   options.focusField focuses the field once found and calls window.__benchMountField()).
// It calls window.__benchMountDone() once field and reactMounted are both known.
(() => {
  const options = window.__benchMountOptions ?? { expectMark: false };
  const MARK = 'auth-elements:react-mounted';
  const probe = { field: null, fieldVia: null, screenAttr: null, mark: null, usable: null, fieldEl: null, done: false };
  window.__benchMount = probe;
  const shadowRoots = new WeakMap();

  const enabledEmail = (root) => {
    if (!root) return null;
    for (const input of root.querySelectorAll('input[type="email"]')) {
      if (input.isConnected && !input.matches(':disabled') && input.getAttribute('aria-disabled') !== 'true') return input;
    }
    return null;
  };

  const finish = () => {
    const react = options.expectMark ? probe.mark : probe.screenAttr;
    if (probe.done || probe.field === null || react === null) return;
    probe.done = true;
    window.__benchMountDone?.();
  };

  const check = (via) => {
    const host = document.querySelector('auth-login');
    if (!host) return;
    const t = performance.now();
    if (probe.screenAttr === null && host.hasAttribute('data-screen')) probe.screenAttr = t;
    if (probe.field === null) {
      const input = enabledEmail(shadowRoots.get(host) ?? host.shadowRoot) ?? enabledEmail(host);
      if (input) {
        probe.field = t;
        probe.fieldVia = via;
        probe.fieldEl = input;
        if (options.focusField) {
          input.focus();
          window.__benchMountField?.();
        }
      }
    }
    finish();
  };

  const watch = (node) =>
    new MutationObserver(() => check('mutation')).observe(node, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled', 'aria-disabled', 'type', 'data-screen'],
    });
  watch(document);

  // Shadow roots are not seen by the document's observer: watch each as it is created (open or closed).
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    if (this.localName === 'auth-login') {
      shadowRoots.set(this, root);
      watch(root);
    }
    return root;
  };

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === MARK && probe.mark === null) {
        probe.mark = entry.startTime;
        check('mark');
      }
    }
  }).observe({ type: 'mark', buffered: true });

  document.addEventListener(
    'input',
    (e) => {
      const target = e.composedPath()[0];
      if (probe.usable === null && target instanceof HTMLInputElement && target.type === 'email') probe.usable = performance.now();
    },
    true,
  );

  const poll = () => {
    check('frame');
    if (!probe.done) requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
})();
