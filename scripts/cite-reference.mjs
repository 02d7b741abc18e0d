#!/usr/bin/env node
// Rewrites citations of the product's former SPEC.md / DESIGN.md sections (documents the repository
// does not hold) into citations of docs/reference/ pages, which it does hold. A section number alone
// does not say which page: the page is chosen from the number, the file's folder and name (the sign-in
// method or element it belongs to) and the words after the citation (`SPEC §2 "Main screen"`).
//
// Usage: node scripts/cite-reference.mjs [--check] [--verbose] [paths...]
//   (no paths: every tracked or new source file of the repository)
//   --check    change nothing; list what would change and exit 1 if anything would
//   --verbose  print each rewrite as file:line  old -> new
// Idempotent: a second run finds nothing (rewritten text names docs/reference, never SPEC or DESIGN).
// test/reference-citations.test.ts checks that nothing is left and that every cited page and anchor exists.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const REF = 'docs/reference';
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.mjs', '.cjs', '.js', '.jsx', '.md', '.css', '.html'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage']);
/** Files that must keep naming the old forms (they describe them). */
const SELF = new Set(['scripts/cite-reference.mjs', 'scripts/cite-reference.d.mts', 'test/reference-citations.test.ts']);

// ---- Which method or element a file belongs to ----

/** Folder or file-name words -> the method page (docs/reference/methods/<m>.md). */
const METHOD_WORDS = {
  otps: 'otps',
  otp: 'otps',
  passcode: 'otps',
  phone: 'otps',
  'magic-links': 'magic-links',
  'magic-link': 'magic-links',
  magic: 'magic-links',
  eml: 'magic-links',
  passwords: 'passwords',
  password: 'passwords',
  strength: 'passwords',
  webauthn: 'webauthn',
  passkeys: 'webauthn',
  passkey: 'webauthn',
  oauth: 'oauth',
  onetap: 'oauth',
  'one-tap': 'oauth',
  'crypto-wallets': 'crypto-wallets',
  wallet: 'crypto-wallets',
  wallets: 'crypto-wallets',
  totps: 'totps',
  totp: 'totps',
  impersonation: 'impersonation',
  idp: 'idp',
  b2b: 'b2b',
  rbac: 'rbac',
  users: 'users',
  user: 'users',
  'user-search': 'users',
  account: 'users',
  sessions: 'sessions',
  session: 'sessions',
};

/** The method a file belongs to: its deepest method folder, else a method word of its name. */
export function methodOf(file) {
  const parts = file.split('/');
  for (let i = parts.length - 2; i >= 0; i--) {
    const m = METHOD_WORDS[parts[i]];
    // `session` and `user` folders are rare; a method folder is the usual case.
    if (m) return m;
  }
  const name = basename(file).replace(/(\.(test|browser|e2e|spec|d))*\.[a-z]+$/, '');
  if (METHOD_WORDS[name]) return METHOD_WORDS[name];
  // session-manager.ts, session-lifecycle.test.ts are the client's session machinery (sdk.md), not the method.
  if (/^session-(manager|lifecycle)/.test(name)) return null;
  for (const word of name.split(/[-_.]/)) if (METHOD_WORDS[word]) return METHOD_WORDS[word];
  return null;
}

/** The element a file belongs to (elements/<tag>.md), if any. */
export function elementOf(file) {
  const name = basename(file);
  if (file.startsWith('elements/') || file.startsWith('src/') || file.startsWith('demo/')) {
    if (/^login[.-]|first-paint\/login/.test(name) || file.includes('first-paint/login')) return 'auth-login';
    if (/^reset-password/.test(name)) return 'auth-reset-password';
    if (/^passkey-registration/.test(name)) return 'auth-passkey-registration';
    if (/^idp-consent/.test(name)) return 'auth-idp-consent';
  }
  if (file.startsWith('react-internals/login/')) return 'auth-login';
  if (file.startsWith('react-internals/idp/')) return 'auth-idp-consent';
  return null;
}

// ---- Topic words after (or around) a citation ----

/** The first rule whose pattern matches `text` gives the target; null when none does. */
function byWords(text, rules) {
  for (const [re, target] of rules) if (re.test(text)) return target;
  return null;
}

const m = (method, anchor) => `${REF}/methods/${method}.md${anchor ? `#${anchor}` : ''}`;
const el = (tag, anchor) => `${REF}/elements/${tag}.md${anchor ? `#${anchor}` : ''}`;
const page = (name, anchor) => `${REF}/${name}.md${anchor ? `#${anchor}` : ''}`;

// SPEC §2's sub-headings and the topics of its paragraphs.
const SCREEN_WORDS = [
  [/identity[- ]provider|idp|consent|IDPConsent|mountIdentityProvider|scope/i, el('auth-idp-consent', 'screens')],
  [/reset password|PasswordResetForm|stytch_token_type|mountResetPassword|preloaded/i, el('auth-reset-password', 'mounting')],
  [/passkey registration|PasskeyRegistration|mountPasskeyRegistration/i, el('auth-passkey-registration', 'screens')],
  [/"?main screen|main's|\btabs?\b|header|divider|6-button|banner/i, el('auth-login', 'main-screen')],
  [/"?generic|success screen|error screen/i, el('auth-login', 'generic-screens')],
  [/watermark|powered by|themed container/i, el('auth-login', 'screens')],
  [/mount|selector|remount|^Login\b|shadow|loading indicator|back arrow|no url routes|screens? and routes/, el('auth-login', 'mounting')],
  [/"?text and whatsapp|phone|country|dial/i, m('otps', 'screens')],
  [/"?OTP|passcode|expires in|countdown|resend/, m('otps', 'screens')],
  [/"?password/i, m('passwords', 'screens')],
  [/"?email\b|magic link|EmailConfirmation/i, m('magic-links', 'screens')],
  [/"?crypto|wallet/i, m('crypto-wallets', 'screens')],
  [/"?passkeys?|webauthn/i, m('webauthn', 'screens')],
  [/oauth|one tap|provider/i, m('oauth', 'screens')],
];
// SPEC §3: entities, widget state, config, theme, bootstrap.
const DATA_WORDS = [
  [/theme|styles?\b|colou?rs?|font|hideHeaderText|\blogo\b|container/i, page('config', 'theme')],
  [/widget state|magicLinkState|otpState|cryptoState|passwordState|resetPasswordState|errorDescriptor/i, el('auth-login', 'states')],
  [/bootstrap|project config/i, page('config', 'bootstrap')],
  [/emailMagicLinksOptions|otpOptions|oauthOptions|passwordOptions|oauth provider|custom_scopes|provider_params|one_tap/i, page('config', 'product-options')],
  [/sessionOptions/i, page('config', 'session-options')],
  [/products?\b|registry|order\b/i, page('config', 'products')],
  [/\bconfig\b|enableShadowDOM/i, page('config', 'widget-config')],
  [/responses? read|error fields/i, page('wire-protocol', 'entities')],
  [/rbac|roles?\b|permissions?/i, m('rbac', 'data')],
  [/authorize|logout params|scope_results|consent|idp/i, m('idp', 'data')],
  [/strength|luds|zxcvbn|userType/i, m('passwords', 'data')],
  [/wallet|solana|ethereum/i, m('crypto-wallets', 'data')],
  [/\bsession\b|session_id|expires_at|intermediate/i, m('sessions', 'data')],
  [/\buser\b|webauthn_registrations/i, m('users', 'data')],
  [/\bstate\b/i, el('auth-login', 'states')],
];
// SPEC §4: the client's state and the widget's transitions.
const RULE_WORDS = [
  [/consent authorize state/i, el('auth-idp-consent', 'states')],
  [/attest/i, el('auth-idp-consent', 'transitions')],
  [/cookie/i, page('sdk', 'cookies')],
  [/captcha/i, page('sdk', 'captcha-retry')],
  [/pkce|verifier/i, page('sdk', 'pkce')],
  [/protected calls?|fresh token/i, page('sdk', 'captcha-retry')],
  [/four error|error types?/i, page('sdk', 'sessions')],
  [/refresh|backoff|retr(y|ies)/i, page('sdk', 'refresh')],
  [/primary|secondary|send variant/i, page('sdk', 'send-variants')],
  [/one tap/i, m('oauth', 'rules')],
  [/session|tabs?\b|storage|signed in|sign(s|ing)? out|destroy/i, page('sdk', 'sessions')],
];
// SPEC §8 without a method: the catalogue's parts.
const ERROR_WORDS = [
  [/messages? by error_type|error_type|strings-table|catalogue has|\blist\b/i, page('errors', 'messages-by-error-type')],
  [/network|time-?out|reason\b/i, page('errors', 'error-classes')],
  [/catalogue/i, page('errors', 'catalogue')],
  [/unreachable|contact our servers|schema|usage|no session|unknown|class|invalid json|no response/i, page('errors', 'error-classes')],
  [/passkey/i, m('webauthn', 'texts')],
  [/crypto|wallet/i, m('crypto-wallets', 'errors')],
  [/one tap|developer message/i, m('oauth', 'rules')],
  [/idp|trusted auth|consent/i, m('idp', 'errors')],
  [/provider-docs|link/i, page('errors', 'method-texts')],
];
// SPEC §9's groups (constants.md headings).
const CONSTANT_WORDS = [
  [/developer message/i, m('oauth', 'rules')],
  [/scope|response_type/i, page('constants', 'identity-provider')],
  [/sdk version|refresh|retr(y|ies)|backs? ?off|jitter|telemetry|flush|debounce|cookie|samesite|pkce|verifier/i, page('constants', 'client-sdk')],
  [
    /passcode|otp|magic link|session (lasts|duration)|a session lasts|expir|default us|country|six digits|calling-code|email domain|session/i,
    page('constants', 'sign-in-defaults'),
  ],
  [/toast|autofill|phone|resend|progress|one tap|button|input|width|height|dedupe|fetch|durations?\b/i, page('constants', 'widget')],
];
// DESIGN §2's topics (wire-protocol.md headings).
const WIRE_WORDS = [
  [/bootstrap/i, page('wire-protocol', 'bootstrap')],
  [/\/events|events endpoint|telemetry|batch|client[\s/*]*ignores/i, page('wire-protocol', 'events-endpoint')],
  [/error body|error_type|schema error|dataPath|error bod|captcha required|envelope.*error/i, page('wire-protocol', 'error-bodies')],
  [/cors|preflight|origin/i, page('wire-protocol', 'cors')],
  [/jwt|jwks|claim|\biss\b|\baud\b/i, page('wire-protocol', 'session-jwt')],
  [/backend api|\/v1\/|project_id|secret/i, page('wire-protocol', 'backend-api')],
  [/success|envelope|data wrapper|\bdata\b/i, page('wire-protocol', 'success-envelope')],
  [/user\b|session\b|authenticate answer|method_id/i, page('wire-protocol', 'authenticate-answers')],
  [/header|x-sdk|authorization|url|basic|apiBase|api base|credentials|hosted api|test and live/i, page('wire-protocol', 'url-and-headers')],
  [/api error/i, page('wire-protocol', 'error-bodies')],
  [/answer/i, page('wire-protocol', 'authenticate-answers')],
  [/request bod|bodies/i, page('wire-protocol', 'calls')],
];
// DESIGN §3's topics (security.md headings).
const SECURITY_WORDS = [
  [/email syntax|whatwg|punycode|one email|254|single recipient|sends? leave|durable queue|outbox/i, page('security', 'email-syntax')],
  [/widget|innerhtml|\bcsp\b|trusted types|link-?ification|\blogo\b|theme values|stylesheet|per property|styles/i, page('security', 'widget')],
  [/redirect|allowlist|compared parsed/i, page('security', 'redirect-urls')],
  [/host header|host names?|host check|rebinding|time-?outs?|idle conn|nesting/i, page('security', 'host-and-transport')],
  [/64 ?kb|body cap|byte cap|raw body|bodies|413|malformed json|request bod/i, page('security', 'request-bodies')],
  [/lock|brute|progressive|consecutive/i, page('security', 'lockouts')],
  [/send limits?|per[- ](ip|email|project|address)|quota/i, page('security', 'send-limits')],
  [/sms|whatsapp|prefix|premium|mobile/i, page('security', 'sms-and-whatsapp')],
  [/oauth|idp|s256|`plain`|authorization code|post_logout/i, page('security', 'oauth-and-idp')],
  [/webauthn|passkey|challenge/i, page('security', 'webauthn')],
  [/jwt|es256|eddsa|jwks|revoke/i, page('security', 'session-jwt')],
  [/password|scrypt|argon|zxcvbn|breached|nfkc|enumeration/i, page('security', 'passwords')],
  [/token|csprng|128 bits|sha-256|single use|constant[- ]time|parallel/i, page('security', 'tokens')],
  [/otp|passcode|guess|6 digits/i, page('security', 'passcodes')],
];
// DESIGN §4's topics (house-style.md headings).
const STYLE_WORDS = [
  [/strings?\b|literal user text/i, page('house-style', 'strings')],
  [/error|error_type|cause/i, page('house-style', 'errors')],
  [/reducer|state machine|switch|data-screen|exhaustive/i, page('house-style', 'state-machines')],
  [/registry|registered|plain object|plugin|one line/i, page('house-style', 'method-registry')],
  [/side effects?|define|customElements|HTMLElementTagNameMap/i, page('house-style', 'elements')],
  [/shadow|light dom|autocomplete|password manager|username webauthn|new-password|current-password/i, page('house-style', 'shadow-dom-and-autofill')],
  [/part=|custom propert|styling/i, page('house-style', 'styling')],
  [/first paint|lit-html|handover/i, page('house-style', 'first-paint')],
  [/bundle|lean|lazil?y|zod|size|import\(\)|chunk|never (ships|loads)/i, page('house-style', 'bundle-size')],
  [/listed once|methods? of the widgets/i, page('house-style', 'method-registry')],
  [/test|clock|mock|fault/i, page('house-style', 'tests')],
  [/comment|jsdoc/i, page('house-style', 'comments')],
];
const METHOD_SECURITY = {
  otps: 'passcodes',
  passwords: 'passwords',
  webauthn: 'webauthn',
  oauth: 'oauth-and-idp',
  idp: 'oauth-and-idp',
  sessions: 'session-jwt',
  'magic-links': 'tokens',
  impersonation: 'tokens',
  'crypto-wallets': 'tokens',
  totps: 'lockouts',
};

const METHOD_CONSTANTS = {
  otps: page('constants', 'sign-in-defaults'),
  'magic-links': page('constants', 'sign-in-defaults'),
  sessions: page('constants', 'sign-in-defaults'),
  webauthn: page('constants', 'widget'),
  oauth: page('constants', 'widget'),
  idp: page('constants', 'identity-provider'),
};

/**
 * The page (and anchor) one section citation points to.
 * @param {'SPEC'|'DESIGN'} doc
 * @param {number} section
 * @param {{file: string, method: string|null, element: string|null, after: string, line: string}} ctx
 */
export function target(doc, section, ctx) {
  const { file, method, element, after, line } = ctx;
  // The words right after the citation name its topic best; the clause just before it comes next.
  const topicOf = (rules) => byWords(after, rules) ?? byWords(ctx.before ?? '', rules);
  if (doc === 'DESIGN') {
    if (section === 1) return page('house-style', 'layers');
    if (section === 2) {
      if (/bootstrap/i.test(line)) return page('wire-protocol', 'bootstrap');
      return topicOf(WIRE_WORDS) ?? byWords(line, WIRE_WORDS) ?? page('wire-protocol');
    }
    if (section === 3) {
      const own = method && METHOD_SECURITY[method] ? page('security', METHOD_SECURITY[method]) : null;
      const topic = topicOf(SECURITY_WORDS);
      // "single use", "SHA-256" say little: the method's own section is the better page then.
      if (topic && !(own && own !== page('security', 'lockouts') && topic === page('security', 'tokens'))) return topic;
      return own ?? topic ?? byWords(line, SECURITY_WORDS) ?? byWords(file, SECURITY_WORDS) ?? page('security');
    }
    if (section === 4) return topicOf(STYLE_WORDS) ?? byWords(line, STYLE_WORDS) ?? page('house-style');
    return page('house-style');
  }
  switch (section) {
    case 1:
      if (/error|problem|alone|by itself|both|EML|passkeys?|combination|cannot|in place of the form|instead of the form/i.test(`${after} ${line}`))
        return page('config', 'configuration-errors');
      return page('config', 'products');
    case 2: {
      const topic = topicOf(SCREEN_WORDS);
      // A shell topic (mounting, the watermark) in another element's file is that element's own.
      if (topic?.startsWith(el('auth-login')) && element && element !== 'auth-login') {
        return el(element, topic.endsWith('#mounting') ? 'mounting' : 'screens');
      }
      return (
        topic ??
        // An element's own file (elements/passkey-registration.tsx) means that element, not the method.
        (element && file.startsWith('elements/') ? el(element, 'screens') : null) ??
        (method ? m(method, 'screens') : null) ??
        byWords(line, SCREEN_WORDS) ??
        (element ? el(element, 'screens') : null) ??
        byWords(file, SCREEN_WORDS) ??
        el('auth-login', 'screens')
      );
    }
    case 3:
      return (
        topicOf(DATA_WORDS) ??
        (method ? m(method, 'data') : null) ??
        (element === 'auth-idp-consent' ? m('idp', 'data') : null) ??
        byWords(line, DATA_WORDS) ??
        byWords(file, DATA_WORDS) ??
        page('config')
      );
    case 4: {
      const client = topicOf(RULE_WORDS);
      if (client) return client;
      if (method && method !== 'sessions' && method !== 'users') return m(method, 'rules');
      if (element) return el(element, 'transitions');
      return byWords(line, RULE_WORDS) ?? page('sdk', 'sessions');
    }
    case 5:
      if (/browser environment|public token|several clients|multiple clients|custom api domain|b2b token/i.test(`${after} ${line}`))
        return page('sdk', 'client');
      if (/conditional mediation|autofill/i.test(`${after} ${line}`)) return m('webauthn', 'rules');
      if (method) return m(method, 'validation');
      if (element === 'auth-idp-consent') return m('idp', 'validation');
      if (/phone|e\.164/i.test(`${after} ${line}`)) return m('otps', 'validation');
      if (/password|strength|luds|zxcvbn/i.test(`${after} ${line}`)) return m('passwords', 'validation');
      return page('sdk', 'validation-rules');
    case 6:
      return m('rbac', 'rules');
    case 7:
      if (/onEvent|onError|callback|host callbacks|tells? the host/i.test(`${after} ${line}`)) return el(element ?? 'auth-login', 'events');
      if (/telemetry|\/events|events? logged|\bevents?\b|iframe|render_\w+_screen|email_sent|sdk_instance/i.test(`${after} ${line}`))
        return page('sdk', 'telemetry');
      if (/bootstrap|project settings/i.test(`${after} ${line}`)) return page('wire-protocol', 'bootstrap');
      {
        // A path after the citation names the method: `SPEC §7 /crypto_wallets/*`.
        const path = /\/(otps|magic_links|passwords|webauthn|oauth|crypto_wallets|totps|impersonation|idp|b2b|users|sessions)\b/.exec(after);
        if (path?.[1]) return m(METHOD_WORDS[path[1].replace(/_/g, '-')] ?? path[1], 'calls');
      }
      if (method) return m(method, 'calls');
      if (element === 'auth-idp-consent') return m('idp', 'calls');
      return page('wire-protocol', 'calls');
    case 8: {
      if (element === 'auth-idp-consent' && !method) return el('auth-idp-consent', 'errors');
      const topic = topicOf(ERROR_WORDS);
      if (topic && !method) return topic;
      if (method) return method === 'webauthn' && /text|passkey/i.test(after) ? m('webauthn', 'texts') : m(method, 'errors');
      return byWords(line, ERROR_WORDS) ?? page('errors', 'messages-by-error-type');
    }
    case 9:
      return (
        topicOf(CONSTANT_WORDS) ??
        byWords(line, CONSTANT_WORDS) ??
        (method ? METHOD_CONSTANTS[method] : null) ??
        byWords(file, CONSTANT_WORDS) ??
        page('constants')
      );
    default:
      return `${REF}/README.md`;
  }
}

// ---- The forms a citation takes ----

// `SPEC §2`, `SPEC § 2`, `SPEC 2`, `SPEC §2.3`, `DESIGN §4`, with more sections after it:
// `SPEC §2, §4`, `SPEC 2 / 4 / 7`, `SPEC 3 and 7`, `SPEC §3 / §9`. A bare number continues the list
// only when no lower-case word or number follows it ("SPEC §9, 5 minutes" is one citation).
const NUM = String.raw`(\d)(?:\.\d+)?`;
const MORE = String.raw`(?:\s*(?:,|/|and|&)\s*(?:§\s?\d(?:\.\d+)?|\d(?:\.\d+)?(?![\d.]|\s*[a-z0-9%])))`;
const SECTION_RE = new RegExp(String.raw`\b(SPEC|DESIGN)(?:\.md)?(?:\s?§\s?|\s+section\s+|\s+)${NUM}(?![\d.]\d)(${MORE}*)`, 'g');
// A further section of the same document later in the text: `(SPEC §2 "Crypto", §8 Crypto)`, or on
// the next line of a wrapped comment. Not a section of another document: `RFC 7636 §4.3`.
const STRAY_RE = new RegExp(String.raw`(?<![\w§]|[A-Z]{2,}[- ]?\d+\s)§\s?${NUM}(?![\d.]\d)(${MORE}*)`, 'g');
const BARE_FILE_RE = /`?\b(SPEC|DESIGN)\.md\b`?/g;
const PAIR_RE = /`SPEC\.md` and `DESIGN\.md`|SPEC\.md and DESIGN\.md/g;
const BARE_WORD_RE = /\b(the |as |a )?SPEC(’s|'s)?\b(?!\.md|_)(:?)/g;

/** Rewrites one file's text; returns the new text and the counts by form. */
export function rewrite(text, file) {
  const counts = { section: 0, sectionList: 0, stray: 0, designFile: 0, specFile: 0, bareSpec: 0, repaired: 0 };
  let lastDoc = null;
  // A Markdown table generated from the code (scripts/readme-tables.ts, between `<!-- name:start -->` and
  // `<!-- name:end -->`) must stay byte-equal to what its source now says: plain paths, no links.
  let generated = false;
  const method = methodOf(file);
  const element = elementOf(file);
  const rewrites = [];
  const lines = text.split('\n');
  const out = lines.map((line, i) => {
    if (/<!--\s*[\w-]+:start\s*-->/.test(line)) generated = true;
    if (/<!--\s*[\w-]+:end\s*-->/.test(line)) generated = false;
    const linkify = file.endsWith('.md') && !generated;
    let next = line.replace(PAIR_RE, (whole) => {
      counts.specFile++;
      const to = linkify ? `[docs/reference/](${relLink(file, `${REF}/README.md`)})` : `${REF}/`;
      rewrites.push({ line: i + 1, from: whole, to });
      return to;
    });
    const cite = (stray, whole, doc, first, more, at, full) => {
      // Words after the citation name its topic; stop at the end of the parenthesis or sentence.
      const after = full
        .slice(at + whole.length)
        .replace(/^(?:'s|’s)?[\s:,]*/, '')
        .split(/[)(;]|\. /)[0]
        .slice(0, 80);
      // A comment's sentence often starts on the line before (a wrapped JSDoc or // comment).
      const previous = i > 0 && /^\s*(\*|\/\/)/.test(line) ? lines[i - 1] : '';
      const before = full
        .slice(0, at)
        .split(/[,;.]\s|\)\s/)
        .pop()
        .slice(-100);
      const ctx = { file, method, element, after, before, line: `${previous} ${full}` };
      const sections = [Number(first), ...[...more.matchAll(/\d(?:\.\d+)?/g)].map((x) => Number.parseInt(x[0], 10))];
      const targets = [...new Set(sections.map((s) => target(doc, s, ctx)))];
      if (stray) counts.stray++;
      else if (sections.length > 1) counts.sectionList++;
      else counts.section++;
      const cited = targets.map((t) => (linkify && !inCode(full, at) ? `[${t}](${relLink(file, t)})` : t)).join(', ');
      rewrites.push({ line: i + 1, from: whole, to: cited });
      return cited;
    };
    next = next.replace(SECTION_RE, (whole, doc, ...rest) => {
      lastDoc = doc;
      return cite(false, whole, doc, ...rest);
    });
    if (lastDoc) {
      next = next.replace(STRAY_RE, (whole, ...rest) => {
        return cite(true, whole, lastDoc, ...rest);
      });
    }
    next = next.replace(BARE_FILE_RE, (whole, doc) => {
      const t = doc === 'SPEC' ? `${REF}/README.md` : `${REF}/house-style.md`;
      counts[doc === 'SPEC' ? 'specFile' : 'designFile']++;
      rewrites.push({ line: i + 1, from: whole, to: t });
      return whole.startsWith('`') ? `\`${t}\`` : t;
    });
    next = next.replace(BARE_WORD_RE, (whole, lead, possessive, colon) => {
      counts.bareSpec++;
      let to;
      if (colon) to = `${lead ?? ''}${method ? m(method) : `${REF}/README.md`}:`;
      else if (possessive) to = `${lead === 'the ' || lead === 'a ' ? lead : `${lead ?? ''}the `}reference's`;
      else if (lead === 'as ') to = 'as the reference';
      else to = `${lead ?? ''}reference`;
      rewrites.push({ line: i + 1, from: whole, to });
      return to;
    });
    // A citation of a page or heading that does not exist (written by hand, or a heading renamed since).
    next = next.replace(REF_CITE_RE, (whole, path, anchor) => {
      const to = repairedCitation(path, anchor);
      if (to === whole) return whole;
      counts.repaired++;
      rewrites.push({ line: i + 1, from: whole, to });
      return to;
    });
    return next;
  });
  return { text: out.join('\n'), counts, rewrites };
}

const REF_CITE_RE = /\bdocs\/reference\/([\w./-]*\.md)(?:#([\w-]+))?/g;
const ELEMENT_WORDS = {
  login: 'auth-login',
  'reset-password': 'auth-reset-password',
  'passkey-registration': 'auth-passkey-registration',
  'idp-consent': 'auth-idp-consent',
  consent: 'auth-idp-consent',
};

/**
 * GitHub's anchors of a Markdown file's headings: lower case, punctuation dropped, spaces as `-`,
 * a repeated heading numbered (`-1`, `-2`). Headings inside code fences do not count.
 */
export function anchorsOf(markdown) {
  const seen = new Map();
  const anchors = new Set();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const base = heading[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

const pageAnchors = new Map();
/** The anchors of a docs/reference page, or null when the page does not exist. */
function anchorsOfPage(path) {
  if (!pageAnchors.has(path)) {
    const full = join(ROOT, REF, path);
    pageAnchors.set(path, existsSync(full) ? anchorsOf(readFileSync(full, 'utf8')) : null);
  }
  return pageAnchors.get(path);
}

/** The citation `docs/reference/<path>#<anchor>` made to point at a page and heading that exist. */
function repairedCitation(path, anchor) {
  let page = path;
  if (!anchorsOfPage(page)) {
    // `methods/otp.md`, `otps.md`, `elements/login.md`: the page its name means.
    const name = basename(page, '.md').replace(/^auth-/, '');
    if (METHOD_WORDS[name]) page = `methods/${METHOD_WORDS[name]}.md`;
    else if (ELEMENT_WORDS[name]) page = `elements/${ELEMENT_WORDS[name]}.md`;
    else if (anchorsOfPage(basename(page))) page = basename(page);
    else page = 'README.md';
  }
  const anchors = anchorsOfPage(page);
  let at = anchor;
  if (at && !anchors?.has(at)) {
    const simpler = at.toLowerCase().replace(/_/g, '-');
    at = anchors?.has(simpler) ? simpler : undefined;
  }
  return `${REF}/${page}${at ? `#${at}` : ''}`;
}

/** True when position `at` of a Markdown line is inside an inline code span. */
function inCode(line, at) {
  return (line.slice(0, at).match(/`/g) ?? []).length % 2 === 1;
}

/** A Markdown link from `file` to the repository path `to` (with its #anchor). */
function relLink(file, to) {
  const [path, anchor] = to.split('#');
  const rel = relative(dirname(file), path).split(sep).join('/') || basename(path);
  return anchor ? `${rel}#${anchor}` : rel;
}

// ---- Files ----

/** The repository's source files (tracked and new), relative, with `/` separators. */
export function sourceFiles(root = ROOT) {
  let files;
  try {
    files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 }).split('\n');
  } catch {
    files = walk(root, root);
  }
  return files.filter(
    (f) =>
      f &&
      EXTENSIONS.some((e) => f.endsWith(e)) &&
      !f.split('/').some((p) => SKIP_DIRS.has(p)) &&
      !f.startsWith(`${REF}/`) &&
      !SELF.has(f) &&
      existsSync(join(root, f)),
  );
}

function walk(dir, root) {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP_DIRS.has(name)) return [];
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p, root) : [relative(root, p).split(sep).join('/')];
  });
}

function main(argv) {
  const check = argv.includes('--check');
  const verbose = argv.includes('--verbose');
  const paths = argv.filter((a) => !a.startsWith('--'));
  const files = paths.length ? paths.map((p) => relative(ROOT, join(process.cwd(), p)).split(sep).join('/')) : sourceFiles();
  const total = { section: 0, sectionList: 0, stray: 0, designFile: 0, specFile: 0, bareSpec: 0, repaired: 0 };
  const changed = [];
  for (const file of files) {
    const before = readFileSync(join(ROOT, file), 'utf8');
    const { text, counts, rewrites } = rewrite(before, file);
    if (text === before) continue;
    changed.push(file);
    for (const k of Object.keys(total)) total[k] += counts[k];
    if (verbose || check) for (const r of rewrites) console.log(`${file}:${r.line}  ${r.from}  ->  ${r.to}`);
    if (!check) writeFileSync(join(ROOT, file), text);
  }
  console.log(`${check ? 'would rewrite' : 'rewrote'} citations in ${changed.length} files:`);
  console.log(`  SPEC/DESIGN section (SPEC §N, SPEC N, DESIGN.md section N):  ${total.section}`);
  console.log(`  section lists (SPEC §2, §4 / SPEC 2 / 4 / 7):                 ${total.sectionList}`);
  console.log(`  a further §N of the same document (..., §8 IDP):           ${total.stray}`);
  console.log(`  SPEC.md mentions:                                            ${total.specFile}`);
  console.log(`  DESIGN.md mentions:                                          ${total.designFile}`);
  console.log(`  bare SPEC words (the SPEC texts, SPEC's, SPEC:):             ${total.bareSpec}`);
  console.log(`  docs/reference citations of a missing page or heading:       ${total.repaired}`);
  if (check && changed.length) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
